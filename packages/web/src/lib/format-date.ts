/*
 * Dates in es-ES, written out here rather than by Intl.DateTimeFormat: the first DateTimeFormat a
 * page makes loads ICU's date patterns, a long task on a phone's main thread, and the first
 * screen of nearly every page shows a date. The patterns are
 * CLDR's for es-ES, which Intl gives ('d MMM y, H:mm' and "d 'de' MMMM 'de' y"); the tests compare
 * every month against Intl.
 */
/** The months' names in Spanish, January first. */
export const MONTHS = [
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

/** Year, month, day, hours and minutes of `date` in the browser's time zone, or in UTC. */
function fields(date: Date, utc: boolean) {
  return utc
    ? [
        date.getUTCFullYear(),
        date.getUTCMonth(),
        date.getUTCDate(),
        date.getUTCHours(),
        date.getUTCMinutes(),
      ]
    : [date.getFullYear(), date.getMonth(), date.getDate(), date.getHours(), date.getMinutes()];
}

/**
 * A date in es-ES, medium date with short time; 'N/A' when missing, 'Fecha inválida' when
 * unparsable. `utc`: in UTC rather than the browser's zone (a page drawn on the server, which
 * does not know the reader's zone, and the browser's hydration of it: lib/use-hydrated.ts).
 */
export function formatDateTime(
  value: string | number | Date | null | undefined,
  utc = false,
): string {
  if (value === null || value === undefined || value === '') return 'N/A';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return 'Fecha inválida';
  const [year, month, day, hours, minutes] = fields(date, utc) as [
    number,
    number,
    number,
    number,
    number,
  ];
  return `${day} ${SHORT_MONTHS[month]} ${year}, ${hours}:${String(minutes).padStart(2, '0')}`;
}

/**
 * A date in es-ES long form ('7 de marzo de 2025'); 'Fecha no disponible' when missing or
 * unreadable. `utc` as for formatDateTime.
 */
export function formatLongDate(
  value: string | number | Date | null | undefined,
  utc = false,
): string {
  const date = value === null || value === undefined || value === '' ? null : new Date(value);
  if (!date || Number.isNaN(date.getTime())) return 'Fecha no disponible';
  const [year, month, day] = fields(date, utc) as [number, number, number];
  return `${day} de ${MONTHS[month]} de ${year}`;
}
