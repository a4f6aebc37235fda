import {
  type AttendanceMark,
  type AttendanceMarkInput,
  type AttendanceMoment,
  CAMP_LIMITS,
} from '@fogata/shared';
import { ApiError } from '../../../lib/api-client';
import { addMark, type PendingMark, pendingMarks, settleMarks } from './camp-db';

/*
 * «Pasar lista» with or without signal: every tap is kept in IndexedDB at once with the instant
 * it was made, then sent; the server keeps per cell the mark with the latest `marked_at` and
 * answers every cell's winner, which replaces the browser's copy of the roll. A mark leaves the
 * queue only once the server has answered it: a send that fails keeps it for the next try (the
 * `online` event, the page opened again, the app started again).
 */

/** How the browser reaches the attendance API (the real one, or a stand-in in unit tests). */
export interface AttendanceTransport {
  send(activityId: number, marks: AttendanceMarkInput[]): Promise<AttendanceMark[]>;
  read(activityId: number): Promise<AttendanceMark[]>;
}

export type SyncOutcome =
  /** The server answered: `marks` is the roll as it holds it now. */
  | { state: 'synced'; marks: AttendanceMark[] }
  /** No answer (no signal, a time-out, the server down): every mark still waits. */
  | { state: 'offline' }
  /** The server refused for good (the activity is cancelled, not ours any more): dropped. */
  | { state: 'rejected'; message: string }
  /** The server refused this time (a bad mark, the session ended): every mark still waits. */
  | { state: 'failed'; message: string };

/** Answers that will never accept these marks, however often they are sent. */
const FINAL_REFUSALS = new Set([403, 404, 409]);

/** A cell of the roll as a mark names it. */
export interface Cell {
  child_id: number;
  day: string;
  moment: AttendanceMoment;
}

/** A mark made now, by this device's clock. */
export const newMark = (
  userId: number,
  activityId: number,
  cell: Cell,
  present: boolean,
  now = new Date(),
): PendingMark => ({
  user_id: userId,
  activity_id: activityId,
  ...cell,
  present,
  marked_at: now.toISOString(),
});

/** Keeps a mark made now, before anything is sent. */
export function markNow(
  userId: number,
  activityId: number,
  cell: Cell,
  present: boolean,
  now = new Date(),
): Promise<PendingMark> {
  const mark = newMark(userId, activityId, cell, present, now);
  return addMark(mark).then(() => mark);
}

const wire = ({ child_id, day, moment, present, marked_at }: PendingMark): AttendanceMarkInput => ({
  child_id,
  day,
  moment,
  present,
  marked_at,
});

const running = new Map<string, Promise<SyncOutcome>>();

/**
 * Sends `userId`'s waiting marks of `activityId` (in batches the API takes), or, with none
 * waiting, reads the roll; the server's answer becomes the kept roll. One sync per activity at a
 * time: a second call while one runs gets the same outcome.
 */
export function syncActivity(
  userId: number,
  activityId: number,
  transport: AttendanceTransport,
): Promise<SyncOutcome> {
  const key = `${userId} ${activityId}`;
  const now = running.get(key);
  if (now) return now;
  const run = syncOnce(userId, activityId, transport).finally(() => running.delete(key));
  running.set(key, run);
  return run;
}

async function syncOnce(
  userId: number,
  activityId: number,
  transport: AttendanceTransport,
): Promise<SyncOutcome> {
  const waiting = await pendingMarks(userId, activityId);
  try {
    let winners: AttendanceMark[] | null = null;
    if (waiting.length === 0) winners = await transport.read(activityId);
    for (let i = 0; i < waiting.length; i += CAMP_LIMITS.attendanceMarksMax) {
      const batch = waiting.slice(i, i + CAMP_LIMITS.attendanceMarksMax);
      winners = await transport.send(activityId, batch.map(wire));
      await settleMarks(userId, activityId, batch, winners);
    }
    if (waiting.length === 0 && winners) await settleMarks(userId, activityId, [], winners);
    return { state: 'synced', marks: winners ?? [] };
  } catch (error) {
    const status = error instanceof ApiError ? error.status : undefined;
    const message = error instanceof Error ? error.message : String(error);
    if (status === undefined) return { state: 'offline' };
    if (waiting.length > 0 && FINAL_REFUSALS.has(status)) {
      const left = await pendingMarks(userId, activityId);
      await settleMarks(userId, activityId, left, null);
      return { state: 'rejected', message };
    }
    return { state: 'failed', message };
  }
}

/**
 * The roll as the browser shows it: the kept server roll, with this scouter's waiting marks over
 * it where they are later (they are what the server will keep once it has them).
 */
export function rollCells(
  server: AttendanceMark[],
  waiting: PendingMark[],
): Map<string, { present: boolean; marked_at: string; pending: boolean; by: string | null }> {
  const cells = new Map<
    string,
    { present: boolean; marked_at: string; pending: boolean; by: string | null }
  >();
  for (const m of server) {
    cells.set(cellId(m), {
      present: m.present,
      marked_at: m.marked_at,
      pending: false,
      by: m.marked_by_name,
    });
  }
  for (const m of waiting) {
    const id = cellId(m);
    const kept = cells.get(id);
    if (!kept || Date.parse(m.marked_at) >= Date.parse(kept.marked_at)) {
      cells.set(id, { present: m.present, marked_at: m.marked_at, pending: true, by: null });
    }
  }
  return cells;
}

export const cellId = (c: Cell) => `${c.child_id} ${c.day} ${c.moment}`;
