import {
  CONSENT_GIVER_LABELS,
  CONSENT_PURPOSE_LABELS,
  CONSENT_STATE_LABELS,
  type ConsentRegisterRow,
} from '@fogata/shared';
import { csvDocument } from '../../lib/csv.js';

/* The consent register as a CSV file that Spanish Excel opens as it is (decision 072). */

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
  return csvDocument(lines);
}
