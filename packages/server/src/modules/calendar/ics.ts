import { TZDate } from '@date-fns/tz';
import { ACTIVITY_TIME_ZONE, ACTIVITY_BOARD_MESSAGES as M, ROUTES } from '@fogata/shared';
import { ICalCalendar, ICalEventRepeatingFreq, ICalEventStatus } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { formatWhen } from '../activity-board/activity-board.service.js';
import type { CalendarActivityRow } from './calendar.repository.js';

/*
 * Activities as iCalendar, written by ical-generator (decision 155). Times are Europe/Madrid
 * wall times with a TZID, so a weekly reunión stays at its hour across the change to summer time;
 * the VTIMEZONE comes from timezones-ical-library's data, shipped with it (nothing fetched). The
 * calendar itself has no time zone, so DTSTAMP and a repetition's UNTIL are UTC, as RFC 5545 asks.
 */

/** Where the calendar's links point and what it is called. */
export interface CalendarContext {
  publicUrl: string;
  name: string;
}

/** The last instant of day `YYYY-MM-DD` in Madrid. */
function endOfMadridDay(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, 23, 59, 59, ACTIVITY_TIME_ZONE).getTime());
}

const madrid = (iso: string) => new TZDate(iso, ACTIVITY_TIME_ZONE);

/** What the event's description says: the activity's own, then the meeting, return, transport. */
function description(activity: CalendarActivityRow): string {
  return [
    activity.description.trim(),
    M.calendarMeeting(activity.meeting_point, formatWhen(activity.meeting_at)),
    M.calendarReturn(activity.return_point, formatWhen(activity.return_at)),
    M.calendarTransport(activity.transport),
  ]
    .filter(Boolean)
    .join('\n');
}

/** A calendar of `activities`: one event each, its UID stable and its SEQUENCE the activity's. */
export function activitiesCalendar(
  activities: readonly CalendarActivityRow[],
  context: CalendarContext,
): string {
  const host = new URL(context.publicUrl).host;
  const calendar = new ICalCalendar({ prodId: '//Fogata//Actividades//ES', name: context.name });
  // The generator without a calendar-wide zone: only the events' TZID (see above).
  calendar.timezone({ name: null, generator: (tz) => tzlib_get_ical_block(tz)[0] ?? null });
  for (const activity of activities) {
    calendar.createEvent({
      id: `actividad-${activity.id}@${host}`,
      sequence: activity.sequence,
      start: madrid(activity.starts_at),
      end: madrid(activity.ends_at),
      timezone: ACTIVITY_TIME_ZONE,
      summary: activity.title,
      location: activity.place,
      description: description(activity),
      url: `${context.publicUrl}${ROUTES.activity.getHref(activity.id)}`,
      status:
        activity.status === 'cancelada' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      ...(activity.repeats_weekly_until
        ? {
            repeating: {
              freq: ICalEventRepeatingFreq.WEEKLY,
              until: endOfMadridDay(activity.repeats_weekly_until),
            },
          }
        : {}),
    });
  }
  return calendar.toString();
}
