import {
  ACTIVITY_TIME_ZONE,
  ATTENDANCE_MOMENTS,
  type AttendanceMark,
  type AttendanceMarkInput,
  type AttendanceMoment,
} from '@fogata/shared';
import type { AttendanceMarkRow } from './camp-pack.repository.js';

/*
 * «Pasar lista»: the merge rule of the marks (decision 179). A cell is one child, day and moment;
 * its record is the mark made last by its scouter's clock (`marked_at`), then the one of the
 * larger marker id, then present over absent. The rule orders any two marks of a cell the same
 * way whatever the order they arrive in, so a resend, two scouters at once or a sync hours late
 * all end in the same record.
 */

/** A mark as the merge compares it: `marked_at` as UTC ISO with milliseconds, so text order is time order. */
export interface MergeableMark {
  child_id: number;
  day: string;
  moment: AttendanceMoment;
  present: boolean;
  marked_at: string;
  marked_by: number | null;
}

/** Whether mark `a` beats mark `b` of the same cell. */
export function beats(a: MergeableMark, b: MergeableMark): boolean {
  if (a.marked_at !== b.marked_at) return a.marked_at > b.marked_at;
  const byA = a.marked_by ?? 0;
  const byB = b.marked_by ?? 0;
  if (byA !== byB) return byA > byB;
  return a.present && !b.present;
}

const momentOrder = (moment: AttendanceMoment) => ATTENDANCE_MOMENTS.indexOf(moment);

/** Orders cells by child, day, then moment as a day runs (salida, llegada, noche). */
function byCell(a: MergeableMark, b: MergeableMark): number {
  return (
    a.child_id - b.child_id ||
    (a.day < b.day ? -1 : a.day > b.day ? 1 : 0) ||
    momentOrder(a.moment) - momentOrder(b.moment)
  );
}

/**
 * The marks a scouter (`markedBy`) sends, one per cell (the winner among theirs: a browser may
 * send a cell twice), with `marked_at` made UTC, in the cells' order. Every writer takes the
 * rows of a table in this order, so two syncs of the same cells on PostgreSQL wait for each other
 * instead of deadlocking.
 */
export function latestPerCell(
  marks: readonly AttendanceMarkInput[],
  markedBy: number,
): MergeableMark[] {
  const cells = new Map<string, MergeableMark>();
  for (const input of marks) {
    const mark: MergeableMark = {
      child_id: input.child_id,
      day: input.day,
      moment: input.moment,
      present: input.present,
      marked_at: new Date(input.marked_at).toISOString(),
      marked_by: markedBy,
    };
    const key = `${mark.child_id}|${mark.day}|${mark.moment}`;
    const held = cells.get(key);
    if (!held || beats(mark, held)) cells.set(key, mark);
  }
  return [...cells.values()].sort(byCell);
}

/** The stored cells as the API answers them, by day, moment, then child. */
export function toMarks(rows: readonly AttendanceMarkRow[]): AttendanceMark[] {
  return [...rows]
    .sort(
      (a, b) =>
        (a.day < b.day ? -1 : a.day > b.day ? 1 : 0) ||
        momentOrder(a.moment) - momentOrder(b.moment) ||
        a.child_id - b.child_id,
    )
    .map((row) => ({
      child_id: row.child_id,
      day: row.day,
      moment: row.moment,
      present: row.present === 1,
      marked_at: row.marked_at,
      marked_by_name: row.marked_by_name,
    }));
}

const dayInMadrid = new Intl.DateTimeFormat('en-CA', { timeZone: ACTIVITY_TIME_ZONE });

/**
 * The days (Madrid) a roll may be taken on for an activity: from the first of its start and its
 * meeting to the last of its end and its return.
 */
export function rollDays(activity: {
  starts_at: string;
  ends_at: string;
  meeting_at: string;
  return_at: string;
}): { first: string; last: string } {
  const first = Math.min(Date.parse(activity.starts_at), Date.parse(activity.meeting_at));
  const last = Math.max(Date.parse(activity.ends_at), Date.parse(activity.return_at));
  return { first: dayInMadrid.format(first), last: dayInMadrid.format(last) };
}
