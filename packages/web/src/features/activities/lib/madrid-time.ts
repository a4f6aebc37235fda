import { ACTIVITY_TIME_ZONE } from '@fogata/shared';

/*
 * An activity's dates and times as the group lives them, in Europe/Madrid whatever the reader's
 * own zone (a family abroad still meets at the bus stop at Madrid's 9:00). Intl does the zone's
 * arithmetic; the words are put together here so every screen says them the same way.
 */

interface MadridParts {
  weekday: string;
  day: number;
  month: string;
  year: number;
  hour: number;
  minute: number;
}

let formatter: Intl.DateTimeFormat | undefined;

/** The pieces of `iso` in Europe/Madrid, in Spanish. */
function madridParts(iso: string): MadridParts {
  formatter ??= new Intl.DateTimeFormat('es-ES', {
    timeZone: ACTIVITY_TIME_ZONE,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const parts = Object.fromEntries(
    formatter.formatToParts(new Date(iso)).map((part) => [part.type, part.value]),
  );
  return {
    weekday: parts.weekday ?? '',
    day: Number(parts.day),
    month: parts.month ?? '',
    year: Number(parts.year),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}

const time = (p: MadridParts) => `${p.hour}:${String(p.minute).padStart(2, '0')}`;
const dayOf = (p: MadridParts) => `${p.weekday} ${p.day} de ${p.month}`;
const sameDay = (a: MadridParts, b: MadridParts) =>
  a.year === b.year && a.month === b.month && a.day === b.day;

/** 'sábado 14 de marzo de 2027, 10:00'. */
export function madridDateTime(iso: string): string {
  const p = madridParts(iso);
  return `${dayOf(p)} de ${p.year}, ${time(p)}`;
}

/** '14 de marzo de 2027' (a date without its time: the last day of a weekly reunión). */
export function madridDate(isoOrDay: string): string {
  // A bare 'YYYY-MM-DD' is a calendar day: noon UTC is that same day in Madrid.
  const p = madridParts(/^\d{4}-\d{2}-\d{2}$/.test(isoOrDay) ? `${isoOrDay}T12:00:00Z` : isoOrDay);
  return `${p.day} de ${p.month} de ${p.year}`;
}

/**
 * When an activity is: 'sábado 14 de marzo de 2027, de 10:00 a 13:00' within a day, else
 * 'del sábado 14 de marzo, 10:00, al domingo 15 de marzo de 2027, 17:00' (both years when they
 * differ).
 */
export function madridRange(startIso: string, endIso: string): string {
  const start = madridParts(startIso);
  const end = madridParts(endIso);
  if (sameDay(start, end)) {
    return `${dayOf(start)} de ${start.year}, de ${time(start)} a ${time(end)}`;
  }
  const startYear = start.year === end.year ? '' : ` de ${start.year}`;
  return `del ${dayOf(start)}${startYear}, ${time(start)}, al ${dayOf(end)} de ${end.year}, ${time(end)}`;
}

/**
 * The time of a meeting or a return: just '9:30' on the day it belongs to (`dayIso`), or the
 * whole date and time when it falls on another day (a bus the evening before).
 */
export function madridTimeOn(iso: string, dayIso: string): string {
  const p = madridParts(iso);
  return sameDay(p, madridParts(dayIso)) ? time(p) : madridDateTime(iso);
}
