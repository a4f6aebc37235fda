import type { DigestFrequency } from '@fogata/shared';

const DAY_MS = 24 * 3600_000;
/** A digest never reaches back further than this (a member back from 'Nunca', a long outage). */
export const DIGEST_MAX_LOOKBACK_MS = 14 * DAY_MS;

export interface DigestClock {
  /** From this hour (0–23) of the local day a member's digest may go. */
  hour: number;
  /** The IANA zone the hour and the days are counted in. */
  timeZone: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The local calendar day (days since 1970-01-01) and hour of `date` in `timeZone`. */
export function localDayAndHour(date: Date, timeZone: string): { day: number; hour: number } {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(date).map((p) => [p.type, p.value]));
  const day = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day)) / DAY_MS;
  return { day, hour: Number(parts.hour) % 24 };
}

/**
 * Whether a member is due a digest at `now` (decision 022): from the configured hour of the local
 * day, once per local day ('daily') or once per 7 local days ('weekly'); never with 'never'.
 * `lastSentAt` null: never sent, so due as soon as the hour has come.
 */
export function isDigestDue(
  frequency: DigestFrequency,
  lastSentAt: string | null,
  now: Date,
  clock: DigestClock,
): boolean {
  if (frequency === 'never') return false;
  const today = localDayAndHour(now, clock.timeZone);
  if (today.hour < clock.hour) return false;
  if (lastSentAt === null) return true;
  const last = localDayAndHour(new Date(lastSentAt), clock.timeZone);
  return today.day - last.day >= (frequency === 'daily' ? 1 : 7);
}

/**
 * From when a member's digest counts what is new: the last digest, or their joining; never more
 * than two weeks back.
 */
export function digestSince(lastSentAt: string | null, createdAt: string, now: Date): string {
  const floor = new Date(now.getTime() - DIGEST_MAX_LOOKBACK_MS).toISOString();
  const from = lastSentAt ?? createdAt;
  return from > floor ? from : floor;
}
