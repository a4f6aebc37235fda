import { AUTHORIZATION_MESSAGES as M } from '@fogata/shared';
import PDFDocument from 'pdfkit';
import { spanishTimestamp } from './authorization-terms.js';
import type { AuthorizationRow } from './authorizations.repository.js';

/** What the PDF of a signed autorización shows besides the row. */
export interface AuthorizationPdfOptions {
  groupName: string;
  activityTitle: string;
  /** Whether the reader may see the signer's DNI/NIE (its owner, the activity's managers). */
  showDni: boolean;
}

/** A signature's text with its DNI/NIE hidden, for a reader who may not see it. */
function hideDni(text: string, dni: string | null): string {
  return dni ? text.split(dni).join('*********') : text;
}

/**
 * A signed autorización as an A4 PDF: the text exactly as it was signed, then the evidence of the
 * simple electronic signature (who, with which DNI/NIE, when in Europe/Madrid, how they confirmed,
 * from which address and browser, and the SHA-256 of the text). Made again from the stored row
 * whenever it is asked for: the row is the record, the PDF one way of reading it.
 */
export function authorizationPdf(
  row: AuthorizationRow,
  opts: AuthorizationPdfOptions,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: {
      Title: `${M.pdfTitle}: ${opts.activityTitle}`,
      Author: opts.groupName,
      Producer: 'Fogata',
      Creator: 'Fogata',
      CreationDate: new Date(row.signed_at),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const dni = row.signer_dni;
  const text = opts.showDni ? (row.text ?? '') : hideDni(row.text ?? '', dni);
  doc.font('Helvetica').fontSize(10).fillColor('#555555').text(opts.groupName);
  doc.moveDown(0.5);
  doc.font('Helvetica-Bold').fontSize(16).fillColor('#000000').text(M.pdfTitle);
  doc.font('Helvetica').fontSize(12).text(opts.activityTitle);
  doc.moveDown();
  doc.font('Helvetica').fontSize(11).text(text, { align: 'justify', lineGap: 2 });
  doc.moveDown(1.5);

  doc.font('Helvetica-Bold').fontSize(12).text(M.pdfEvidenceTitle);
  doc.moveDown(0.3);
  const line = (label: string, value: string) => {
    doc.font('Helvetica-Bold').fontSize(9).text(`${label}: `, { continued: true });
    doc.font('Helvetica').fontSize(9).text(value);
  };
  line(M.pdfSigner, row.signer_name ?? '');
  line(M.pdfDni, opts.showDni ? (dni ?? '') : M.pdfDniHidden);
  line(M.pdfSignedAt, spanishTimestamp(row.signed_at));
  line(
    M.pdfConfirmedWith,
    row.confirmed_with === 'google' ? M.pdfConfirmedGoogle : M.pdfConfirmedPassword,
  );
  line(M.pdfAccount, row.guardian_id === null ? M.pdfAccountGone : `n.º ${row.guardian_id}`);
  line(M.pdfIp, row.ip ?? '');
  line(M.pdfUserAgent, row.user_agent ?? '');
  line(M.pdfTextVersion, String(row.text_version ?? ''));
  line(M.pdfSha256, row.text_sha256 ?? '');
  const notes = [
    ...(row.withdrawn_at ? [M.pdfWithdrawn(spanishTimestamp(row.withdrawn_at))] : []),
    ...(row.superseded_at ? [M.pdfSuperseded(spanishTimestamp(row.superseded_at))] : []),
  ];
  for (const note of notes) doc.moveDown(0.5).font('Helvetica-Bold').fontSize(10).text(note);
  doc.end();
  return done;
}
