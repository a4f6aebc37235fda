import {
  ACTIVITY_TIME_ZONE,
  type BoardRow,
  ACTIVITY_BOARD_MESSAGES as M,
  type QuestionKind,
} from '@fogata/shared';
import PDFDocument from 'pdfkit';
import { csvDocument } from '../../lib/csv.js';

/*
 * The participants of an activity — the children who go («Va»), by section then name — as a CSV
 * file for a spreadsheet and as a printable A4 PDF for the bus stop: name, section, autorización,
 * payment and the answers to the activity's questions.
 */

/** What the exports name of the activity. */
export interface ExportActivity {
  title: string;
  starts_at: string;
  ends_at: string;
  place: string;
}

export interface ExportQuestion {
  id: number;
  label: string;
  kind: QuestionKind;
}

/** The children who go, from the board's rows. */
export function participantsOf(rows: readonly BoardRow[]): BoardRow[] {
  return rows.filter((row) => row.signup === 'va');
}

const euros = new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' });

/** Euro cents as Spanish money: `12,50 €`. */
export function formatEuros(cents: number): string {
  return euros.format(cents / 100);
}

const when = new Intl.DateTimeFormat('es-ES', {
  timeZone: ACTIVITY_TIME_ZONE,
  dateStyle: 'long',
  timeStyle: 'short',
});

/** An instant as a Spanish date and time in Madrid. */
export function formatWhen(iso: string): string {
  return when.format(new Date(iso));
}

function answerText(value: string | boolean | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'boolean') return value ? M.yes : M.no;
  return value;
}

/** A row's fields as the exports write them. */
function fields(row: BoardRow, questions: readonly ExportQuestion[]) {
  return {
    child: row.child_name,
    section: row.section.name,
    authorization: M.authorization[row.authorization.state],
    paid: row.payment ? M.yes : M.notPaid,
    amount: row.payment ? formatEuros(row.payment.amount_cents) : '',
    method: row.payment ? M.paymentMethod[row.payment.method] : '',
    answers: questions.map((q) => answerText(row.answers[String(q.id)])),
  };
}

/** The participants as CSV: Spanish headers, one line per child, each question a column. */
export function participantsCsv(
  rows: readonly BoardRow[],
  questions: readonly ExportQuestion[],
): string {
  const c = M.columns;
  const lines = [
    [
      c.child,
      c.section,
      c.authorization,
      c.paid,
      c.amount,
      c.method,
      ...questions.map((q) => q.label),
    ],
  ];
  for (const row of participantsOf(rows)) {
    const f = fields(row, questions);
    lines.push([f.child, f.section, f.authorization, f.paid, f.amount, f.method, ...f.answers]);
  }
  return csvDocument(lines);
}

/** A file name of the activity's title: letters and digits, the rest as dashes. */
export function exportFileName(title: string, extension: 'csv' | 'pdf'): string {
  const slug = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  return `participantes-${slug || 'actividad'}.${extension}`;
}

const MARGIN = 40;
/** The table's columns on an A4 page (595 points wide): widths, the answers take the rest. */
const COLUMNS = [
  { key: 'child', width: 150 },
  { key: 'section', width: 75 },
  { key: 'authorization', width: 85 },
  { key: 'paid', width: 80 },
] as const;
const ROW_GAP = 4;

/** The participants as a printable A4 PDF: a title, then a table that continues over pages. */
export function participantsPdf(
  activity: ExportActivity,
  rows: readonly BoardRow[],
  questions: readonly ExportQuestion[],
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: M.participantsTitle(activity.title), Author: '' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const participants = participantsOf(rows);
  const width = doc.page.width - 2 * MARGIN;
  const answersWidth = width - COLUMNS.reduce((sum, col) => sum + col.width, 0);
  const bottom = () => doc.page.height - MARGIN - 20;

  doc.font('Helvetica-Bold').fontSize(16).text(M.participantsTitle(activity.title));
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`${formatWhen(activity.starts_at)} – ${formatWhen(activity.ends_at)} · ${activity.place}`)
    .text(M.participantsCount(participants.length))
    .moveDown();

  const header = () => {
    const y = doc.y;
    let x = MARGIN;
    doc.font('Helvetica-Bold').fontSize(9);
    for (const col of COLUMNS) {
      doc.text(M.columns[col.key], x, y, { width: col.width - 6 });
      x += col.width;
    }
    if (questions.length > 0) doc.text(M.answersColumn, x, y, { width: answersWidth });
    const end = y + 14;
    doc
      .moveTo(MARGIN, end)
      .lineTo(MARGIN + width, end)
      .stroke();
    doc.y = end + ROW_GAP;
    doc.font('Helvetica').fontSize(9);
  };

  if (participants.length === 0) {
    doc.text(M.participantsNone);
  } else {
    header();
    for (const row of participants) {
      const f = fields(row, questions);
      const cells: Record<(typeof COLUMNS)[number]['key'], string> = {
        child: f.child,
        section: f.section,
        authorization: f.authorization,
        paid: row.payment ? `${f.amount} (${f.method})` : f.paid,
      };
      const answers = questions
        .map((q, i) => (f.answers[i] ? `${q.label}: ${f.answers[i]}` : ''))
        .filter(Boolean)
        .join('\n');
      const height = Math.max(
        ...COLUMNS.map((col) => doc.heightOfString(cells[col.key], { width: col.width - 6 })),
        answers ? doc.heightOfString(answers, { width: answersWidth }) : 0,
      );
      if (doc.y + height > bottom()) {
        doc.addPage();
        header();
      }
      const y = doc.y;
      let x = MARGIN;
      for (const col of COLUMNS) {
        doc.text(cells[col.key], x, y, { width: col.width - 6 });
        x += col.width;
      }
      if (answers) doc.text(answers, x, y, { width: answersWidth });
      doc.y = y + height + ROW_GAP;
      doc
        .strokeColor('#cccccc')
        .moveTo(MARGIN, doc.y - ROW_GAP / 2)
        .lineTo(MARGIN + width, doc.y - ROW_GAP / 2)
        .stroke()
        .strokeColor('#000000');
    }
  }

  // Every page's number at its foot, once the number of pages is known.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    // The foot is inside the bottom margin: without lifting it pdfkit would start a new page.
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .text(M.page(i + 1, range.count), MARGIN, doc.page.height - MARGIN - 10, {
        width,
        align: 'right',
        lineBreak: false,
      });
  }
  doc.end();
  return done;
}
