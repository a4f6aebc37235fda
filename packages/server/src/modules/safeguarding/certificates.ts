import { ACTIVITY_TIME_ZONE, type CertificateState } from '@fogata/shared';

/*
 * The certificado negativo's dates: when it falls due, its state on a day, and which reminder is
 * due. Days are `YYYY-MM-DD` in Madrid (the group's days), compared as text.
 */

/** Months before it falls due that a certificado reads «Caduca pronto». */
export const DUE_SOON_MONTHS = 3;

const dayInMadrid = new Intl.DateTimeFormat('en-CA', { timeZone: ACTIVITY_TIME_ZONE });

/** The day of `date` in Madrid, `YYYY-MM-DD`. */
export function madridDay(date: Date): string {
  return dayInMadrid.format(date);
}

/**
 * `day` plus `months` (negative: minus). A day the target month lacks is its last day: a
 * certificado of 31 August renewed every 6 months falls due on 28 (or 29) February.
 */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12 + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(Math.min(d, last), 2)}`;
}

/** When a certificado of `issuedOn` falls due, renewed every `renewalMonths`. */
export function dueOn(issuedOn: string, renewalMonths: number): string {
  return addMonths(issuedOn, renewalMonths);
}

/** A certificado's state on `day`: missing, expired (due on or before it), due soon or current. */
export function certificateState(due: string | null, day: string): CertificateState {
  if (due === null) return 'missing';
  if (due <= day) return 'expired';
  if (due <= addMonths(day, DUE_SOON_MONTHS)) return 'due_soon';
  return 'current';
}

/** Whether a certificado falling due on `due` is still valid on `day` (due soon is valid). */
export function currentOn(due: string | null, day: string): boolean {
  return due !== null && due > day;
}

/**
 * The reminder due on `day` for a certificado falling due on `due`: the fewest months before it
 * whose day has come (a certificado recorded late gets the latest step only, not three at once);
 * null before the first step and from the day it falls due.
 */
export function reminderStep(due: string, day: string, steps: readonly number[]): number | null {
  if (day >= due) return null;
  const reached = steps.filter((months) => day >= addMonths(due, -months));
  return reached.length === 0 ? null : Math.min(...reached);
}

const LONG_DAY = new Intl.DateTimeFormat('es-ES', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** A day as a mail says it: «15 de marzo de 2027». */
export function longDay(day: string): string {
  return LONG_DAY.format(new Date(`${day}T00:00:00Z`));
}
