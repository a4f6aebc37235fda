/*
 * Activities are dated in Europe/Madrid whatever the browser's zone (a scouter abroad still plans
 * a Saturday in Madrid), and travel as UTC instants. Madrid keeps the EU's summer-time rule (since
 * 1996): CEST (UTC+2) from 01:00 UTC on March's last Sunday to 01:00 UTC on October's last Sunday,
 * CET (UTC+1) otherwise. Written out rather than through Intl's time zones, so the conversion is
 * the same in every browser and in the tests.
 */

import { MONTHS } from './format-date';

const HOUR = 3_600_000;

/** The day of the month of `month`'s (0-based) last Sunday in `year`. */
function lastSunday(year: number, month: number): number {
  const last = new Date(Date.UTC(year, month + 1, 0));
  return last.getUTCDate() - last.getUTCDay();
}

/** Whether Madrid is on summer time (UTC+2) at the instant `ms`. */
export function madridSummerTime(ms: number): boolean {
  const year = new Date(ms).getUTCFullYear();
  const start = Date.UTC(year, 2, lastSunday(year, 2), 1);
  const end = Date.UTC(year, 9, lastSunday(year, 9), 1);
  return ms >= start && ms < end;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * A Madrid wall-clock time, as a `datetime-local` input gives it ('2027-03-14T09:00'), as a UTC
 * ISO instant; null when it is not one. The hour skipped in spring (02:00–02:59 on March's last
 * Sunday) is read as the hour after it; the hour lived twice in autumn as its first time.
 */
export function madridToUtc(local: string): string | null {
  const match = LOCAL.exec(local);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as number[];
  const naive = Date.UTC(y!, mo! - 1, d!, h!, mi!);
  if (Number.isNaN(naive)) return null;
  const summer = naive - 2 * HOUR;
  return new Date(madridSummerTime(summer) ? summer : naive - HOUR).toISOString();
}

/** A UTC ISO instant as Madrid's wall-clock time for a `datetime-local` input; '' when empty. */
export function utcToMadrid(iso: string | null | undefined): string {
  if (!iso) return '';
  const ms = new Date(iso).getTime();
  if (Number.isNaN(ms)) return '';
  const local = new Date(ms + (madridSummerTime(ms) ? 2 : 1) * HOUR);
  return local.toISOString().slice(0, 16);
}

/** Madrid's date ('YYYY-MM-DD') of a UTC ISO instant. */
export const madridDate = (iso: string) => utcToMadrid(iso).slice(0, 10);

const WEEKDAYS = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'];

/** An instant's Madrid wall clock, in Spanish words and numbers; null when it is not one. */
function madridParts(iso: string) {
  const local = utcToMadrid(iso);
  if (!local) return null;
  const date = new Date(`${local}:00Z`);
  return {
    /** 'sábado 14 de marzo'. */
    day: `${WEEKDAYS[date.getUTCDay()]} ${date.getUTCDate()} de ${MONTHS[date.getUTCMonth()]}`,
    year: date.getUTCFullYear(),
    /** '9:05'. */
    time: `${date.getUTCHours()}:${local.slice(14, 16)}`,
    ymd: local.slice(0, 10),
  };
}

/** An instant in Madrid, in words: 'sábado 14 de marzo de 2027, 9:00'. */
export function formatMadrid(iso: string): string {
  const p = madridParts(iso);
  return p ? `${p.day} de ${p.year}, ${p.time}` : '';
}

/**
 * When something runs, in Madrid: 'sábado 14 de marzo de 2027, de 10:00 a 13:00' within a day,
 * else 'del sábado 13 de marzo, 10:00, al domingo 14 de marzo de 2027, 17:00' (the first year
 * too when they differ).
 */
export function formatMadridRange(startIso: string, endIso: string): string {
  const start = madridParts(startIso);
  const end = madridParts(endIso);
  if (!start || !end) return '';
  if (start.ymd === end.ymd) return `${start.day} de ${start.year}, de ${start.time} a ${end.time}`;
  const startYear = start.year === end.year ? '' : ` de ${start.year}`;
  return `del ${start.day}${startYear}, ${start.time}, al ${end.day} de ${end.year}, ${end.time}`;
}

/**
 * A meeting's or a return's time: only '9:30' on the day it belongs to (`dayIso`), the whole
 * date and time when it falls on another (a bus the evening before).
 */
export function formatMadridTimeOn(iso: string, dayIso: string): string {
  const p = madridParts(iso);
  if (!p) return '';
  return p.ymd === madridDate(dayIso) ? p.time : formatMadrid(iso);
}

/** A calendar day ('YYYY-MM-DD', as a weekly reunión's last one) in words: '14 de marzo de 2027'. */
export function formatDay(ymd: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd);
  if (!match) return '';
  return `${Number(match[3])} de ${MONTHS[Number(match[2]) - 1]} de ${match[1]}`;
}
