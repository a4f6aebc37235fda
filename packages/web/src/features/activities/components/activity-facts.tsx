import type { ReactNode } from 'react';
import {
  formatDay,
  formatMadrid,
  formatMadridRange,
  formatMadridTimeOn,
} from '../../../lib/madrid-time';
import type { Activity } from '../api/types';
import { ACTIVITY_TEXTS as T } from '../texts';

let euros: Intl.NumberFormat | undefined;

/** '25,00 €'. */
export function formatEuros(cents: number): string {
  euros ??= new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' });
  return euros.format(cents / 100);
}

/** A point and, when there is one, its time ('Plaza Mayor · 9:30'). */
function pointAt(point: string, at: string | null, dayIso: string): string {
  const time = at ? formatMadridTimeOn(at, dayIso) : '';
  return [point, time].filter(Boolean).join(' · ');
}

/** Everything a family needs to know of an activity, as a list of labelled facts. */
export function ActivityFacts({ activity }: { activity: Activity }) {
  const facts: [string, ReactNode][] = [
    [
      T.when,
      <>
        {formatMadridRange(activity.starts_at, activity.ends_at)}
        {activity.repeats_weekly_until && (
          <span className="d-block text-body-secondary">
            {T.weekly(formatDay(activity.repeats_weekly_until))}
          </span>
        )}
      </>,
    ],
    [T.place, activity.place],
    [T.meeting, pointAt(activity.meeting_point, activity.meeting_at, activity.starts_at)],
    [T.return, pointAt(activity.return_point, activity.return_at, activity.ends_at)],
    [T.transport, activity.transport],
    [
      T.price,
      activity.price_cents === null
        ? null
        : activity.price_cents === 0
          ? T.free
          : formatEuros(activity.price_cents),
    ],
    [
      T.places,
      activity.places === null
        ? T.placesUnlimited
        : T.placesLeft(Math.max(0, activity.places - activity.taken), activity.places),
    ],
    [T.deadline, formatMadrid(activity.signup_deadline)],
    [T.inCharge, activity.in_charge?.name ?? null],
  ];
  return (
    <dl className="activity-facts mb-0">
      {facts
        .filter(([, value]) => value !== null && value !== '')
        .map(([label, value]) => (
          <div key={label} className="activity-fact">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
