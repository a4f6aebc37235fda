import { madridDate } from '../../../lib/madrid-time';

/** Every day (Madrid, `YYYY-MM-DD`) from the one `startsAt` falls on to the one `endsAt` does. */
export function activityDays(startsAt: string, endsAt: string): string[] {
  const first = madridDate(startsAt);
  const last = madridDate(endsAt);
  const days: string[] = [];
  if (!first || !last) return days;
  for (let day = first; day <= last && days.length < 366; ) {
    days.push(day);
    const next = new Date(`${day}T12:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    day = next.toISOString().slice(0, 10);
  }
  return days;
}

/** The day of `days` to show first: today's when the activity runs today, else its first. */
export function firstDay(days: string[], now = new Date()): string {
  const today = madridDate(now.toISOString());
  return days.includes(today) ? today : (days[0] ?? today);
}
