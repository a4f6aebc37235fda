import {
  CONSENT_GIVER_LABELS,
  CONSENT_PURPOSE_LABELS,
  CONSENT_STATE_LABELS,
  type ConsentRegisterRow,
} from '@fogata/shared';

/*
 * The register as a CSV file that Spanish Excel opens as it is (decision 072): UTF-8 with a
 * byte-order mark (without it Excel reads the accents as Latin-1), `;` between fields (Excel in
 * a Spanish locale splits on it, since the comma is the decimal sign), CRLF between lines.
 */

/** The byte-order mark that tells Excel the file is UTF-8. */
export const CSV_BOM = '\uFEFF';

/**
 * One field. A value a spreadsheet would read as a formula (`=`, `+`, `-`, `@`, a tab or a
 * carriage return first: CSV injection, OWASP) gets a leading apostrophe, so a child named
 * `=cmd()` is shown as text and never run; a value with `;`, a quote or a line break is quoted.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The header: the child, then for each purpose whether they may appear, who said so and when. */
export function registerHeader(): string[] {
  const purposes = Object.values(CONSENT_PURPOSE_LABELS).flatMap((label) => [
    label,
    `${label}: quién`,
    `${label}: fecha`,
  ]);
  return ['Educando', 'Fecha de nacimiento', 'Sección', 'Decide', ...purposes];
}

/** The register of `rows` (each purpose as of today), as the file's text. */
export function consentRegisterCsv(rows: ConsentRegisterRow[]): string {
  const lines = [registerHeader()];
  for (const row of rows) {
    lines.push([
      row.full_name,
      row.birth_date,
      row.section.name,
      row.own_counts ? 'El propio educando (14 años o más)' : 'La familia',
      ...row.purposes.flatMap((p) => [
        CONSENT_STATE_LABELS[p.state],
        p.given_by ? CONSENT_GIVER_LABELS[p.given_by] : '',
        p.at ? p.at.slice(0, 10) : '',
      ]),
    ]);
  }
  return `${CSV_BOM}${lines.map((line) => line.map(csvField).join(';')).join('\r\n')}\r\n`;
}
