/*
 * Dates in es-ES, written out here rather than by Intl.DateTimeFormat: the first DateTimeFormat a
 * page makes loads ICU's date patterns, a long task on a phone's main thread, and the first
 * screen of nearly every page shows a date. The patterns are
 * CLDR's for es-ES, which Intl gives ('d MMM y, H:mm' and "d 'de' MMMM 'de' y"); the tests compare
 * every month against Intl.
 */
const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];
const SHORT_MONTHS = [
  'ene',
  'feb',
  'mar',
  'abr',
  'may',
  'jun',
  'jul',
  'ago',
  'sept',
  'oct',
  'nov',
  'dic',
];

/** A date in es-ES, medium date with short time; 'N/A' when missing, 'Fecha inválida' when unparsable. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return 'N/A';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return 'Fecha inválida';
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${date.getDate()} ${SHORT_MONTHS[date.getMonth()]} ${date.getFullYear()}, ${date.getHours()}:${minutes}`;
}

/** A date in es-ES long form ('7 de marzo de 2025'); 'Fecha no disponible' when missing or unreadable. */
export function formatLongDate(value: string | number | Date | null | undefined): string {
  const date = value === null || value === undefined || value === '' ? null : new Date(value);
  if (!date || Number.isNaN(date.getTime())) return 'Fecha no disponible';
  return `${date.getDate()} de ${MONTHS[date.getMonth()]} de ${date.getFullYear()}`;
}
