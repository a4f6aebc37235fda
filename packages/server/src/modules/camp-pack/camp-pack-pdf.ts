import {
  ACTIVITY_BOARD_MESSAGES as B,
  CAMP_LABELS,
  type CampChild,
  type CampPack,
  HEALTH_LABELS as H,
  CAMP_MSG as M,
  SWIM_LABELS,
} from '@fogata/shared';
import PDFDocument from 'pdfkit';
import { formatEuros, formatWhen } from '../activity-board/activity-board.service.js';

/*
 * The camp pack on paper, for the first-aid kit: the group's emergency data and staff, then each
 * child who goes with their ficha sanitaria, emergency contacts, autorización and payment, with
 * «CONFIDENCIAL» at the head of every page. Made in memory from the pack as it is read, answered
 * and forgotten: never written to a file or the database (decision 181).
 */

const MARGIN = 48;

/** The PDF's file name: the activity by number, no child's or activity's words in it. */
export function campPackFileName(activityId: number): string {
  return `botiquin-actividad-${activityId}.pdf`;
}

/** A text, or «Ninguna» when the family left it empty. */
function orNone(text: string): string {
  return text.trim() === '' ? H.none : text;
}

/** The lines of one child's ficha, label and value, in the form's order. */
function healthLines(child: CampChild): [string, string][] {
  const health = child.health;
  if (!health) return [];
  const medications =
    health.medications.length === 0
      ? H.none
      : health.medications
          .map((m) =>
            [m.name, m.dose, m.schedule, m.scouters_may_give ? M.packMayGive : M.packMayNotGive]
              .filter((part) => part.trim() !== '')
              .join(' · '),
          )
          .join('\n');
  return [
    [H.allergies, orNone(health.allergies)],
    [H.medications, medications],
    [H.diet, orNone(health.diet)],
    [H.conditions, orNone(health.conditions)],
    [H.healthCard, orNone(health.health_card)],
    [H.canSwim, SWIM_LABELS[health.can_swim]],
    [H.notes, orNone(health.notes)],
    [H.contacts, health.contacts.map((c) => `${c.name} (${c.relation}): ${c.phone}`).join('\n')],
  ];
}

/** The pack as a printable A4 PDF; `readerName` is who asked for it (printed at its foot). */
export function campPackPdf(pack: CampPack, readerName: string): Promise<Buffer> {
  const title = M.packPdfTitle(pack.activity.title);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    // Room at the head of every page for «CONFIDENCIAL», written once the pages are known.
    margins: { top: MARGIN + 24, bottom: MARGIN + 16, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: {
      Title: title,
      Author: pack.emergency.group_name,
      Producer: 'Fogata',
      Creator: 'Fogata',
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * MARGIN;
  const labelWidth = 150;

  const line = (label: string, value: string) => {
    const y = doc.y;
    doc
      .font('Helvetica-Bold')
      .fontSize(9)
      .text(label, MARGIN, y, { width: labelWidth - 8 });
    const afterLabel = doc.y;
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(value, MARGIN + labelWidth, y, { width: width - labelWidth });
    doc.y = Math.max(doc.y, afterLabel) + 2;
    doc.x = MARGIN;
  };

  const a = pack.activity;
  doc.font('Helvetica-Bold').fontSize(16).text(title);
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`${formatWhen(a.starts_at)} – ${formatWhen(a.ends_at)} · ${a.place}`)
    .moveDown();

  doc.font('Helvetica-Bold').fontSize(12).text(M.packEmergency).moveDown(0.3);
  const e = pack.emergency;
  line(M.packGroup, e.group_name);
  line(M.packInCharge, e.in_charge ?? M.packNobody);
  line(
    CAMP_LABELS.protectionDelegate,
    e.protection_delegate
      ? `${e.protection_delegate.name} (${e.protection_delegate.contact})`
      : M.packNobody,
  );
  line(
    CAMP_LABELS.staff,
    pack.staff.length === 0 ? M.packNobody : pack.staff.map((s) => s.name).join(', '),
  );
  doc.moveDown();

  doc.font('Helvetica-Bold').fontSize(12).text(M.packChildren(pack.children.length));
  if (pack.children.length === 0) doc.font('Helvetica').fontSize(10).text(M.packNoChildren);
  for (const child of pack.children) {
    const lines: [string, string][] = [
      ...healthLines(child),
      [M.packAuthorization, B.authorization[child.authorization]],
      [
        M.packPayment,
        child.payment
          ? `${formatEuros(child.payment.amount_cents)} (${B.paymentMethod[child.payment.method]})`
          : M.packNotPaid,
      ],
    ];
    const notes = [
      ...(child.health ? [] : [M.packNoHealth]),
      child.health_confirmed_at
        ? M.packHealthConfirmed(formatWhen(child.health_confirmed_at))
        : M.packHealthNotConfirmed,
    ];
    // A child starts on a new page rather than be split right after their name.
    if (doc.y + 120 > doc.page.height - doc.page.margins.bottom) doc.addPage();
    doc.moveDown(0.6);
    const top = doc.y;
    doc
      .moveTo(MARGIN, top)
      .lineTo(MARGIN + width, top)
      .strokeColor('#999999')
      .stroke()
      .strokeColor('#000000');
    doc.y = top + 6;
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .text(child.section ? `${child.name} · ${child.section}` : child.name, MARGIN);
    doc.font('Helvetica-Oblique').fontSize(9).text(notes.join(' ')).moveDown(0.3);
    for (const [label, value] of lines) line(label, value);
  }

  doc.moveDown();
  doc
    .font('Helvetica-Oblique')
    .fontSize(8)
    .text(M.packGenerated(formatWhen(pack.generated_at), readerName), MARGIN);

  // Every page: «CONFIDENCIAL» at its head and its number at its foot, once the pages are known.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    // Head and foot are inside the margins: without lifting them pdfkit would start a new page.
    doc.page.margins.top = 0;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor('#b00020')
      .text(CAMP_LABELS.confidential, MARGIN, MARGIN - 10, {
        width,
        align: 'center',
        lineBreak: false,
      })
      .fillColor('#000000');
    doc
      .font('Helvetica')
      .fontSize(8)
      .text(B.page(i + 1, range.count), MARGIN, doc.page.height - MARGIN, {
        width,
        align: 'right',
        lineBreak: false,
      });
  }
  doc.end();
  return done;
}
