/*
 * A CSV file that Spanish Excel opens as it is (decision 072): UTF-8 with a byte-order mark
 * (without it Excel reads the accents as Latin-1), `;` between fields (Excel in a Spanish locale
 * splits on it, since the comma is the decimal sign), CRLF between lines.
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

/** The whole file of `lines` (each a list of fields), with its mark and a final line break. */
export function csvDocument(lines: readonly (readonly string[])[]): string {
  return `${CSV_BOM}${lines.map((line) => line.map(csvField).join(';')).join('\r\n')}\r\n`;
}
