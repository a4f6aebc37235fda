import {
  allPacks,
  allPendingMarks,
  deleteEverything,
  deletePack,
  hasIndexedDb,
  type StoredPack,
} from './camp-db';
import { isPackDue } from './pack-index';
import { unregisterCampWorker } from './service-worker';
import { type AttendanceTransport, syncActivity } from './sync';

/*
 * When a pack leaves the browser: at its `wipe_at` (at most seven days after it was taken), when
 * the activity has ended, when the session ends (sign-out, or another account), whichever comes
 * first. Checked when the app starts and when a camp page opens. Before a pack goes, the marks
 * still waiting are sent if the network allows; those it cannot send stay queued (they hold no
 * names and no health data) until their scouter is back.
 */

/** The instant (ms) `stored` must be gone by. */
export function dueAt(stored: StoredPack): number {
  return Math.min(Date.parse(stored.pack.wipe_at), Date.parse(stored.pack.activity.ends_at));
}

/** Whether `stored` must go now, for the session of `userId` (null: none) at `now`. */
export function mustWipe(stored: StoredPack, userId: number | null, now: number): boolean {
  return stored.user_id !== userId || isPackDue(dueAt(stored), now);
}

/** Sends what `userId` has waiting for `activityId`; a failure leaves it queued. */
async function sendFirst(userId: number, activityId: number, transport: AttendanceTransport) {
  await syncActivity(userId, activityId, transport).catch(() => undefined);
}

/**
 * Wipes every pack due at `now` for the session of `userId` (null: signed out), sending the
 * scouter's waiting marks first; with nothing left, the database and the service worker go too.
 * Returns the activities whose packs went.
 */
export async function wipeDue(
  userId: number | null,
  transport: AttendanceTransport,
  now = Date.now(),
): Promise<number[]> {
  if (!hasIndexedDb()) return [];
  const wiped: number[] = [];
  for (const stored of await allPacks()) {
    if (!mustWipe(stored, userId, now)) continue;
    if (userId !== null && stored.user_id === userId) await sendFirst(userId, stored.id, transport);
    await deletePack(stored.id);
    wiped.push(stored.id);
  }
  // Marks left by this scouter for an activity whose pack is gone still go when they can.
  if (userId !== null) {
    const waiting = (await allPendingMarks()).filter((m) => m.user_id === userId);
    for (const activityId of new Set(waiting.map((m) => m.activity_id))) {
      await sendFirst(userId, activityId, transport);
    }
  }
  await dropWhenEmpty();
  return wiped;
}

/** On sign-out: every pack goes, after the signed-out scouter's marks are sent if they can be. */
export async function wipeOnSignOut(
  userId: number | null,
  transport: AttendanceTransport,
): Promise<void> {
  if (!hasIndexedDb()) return;
  if (userId !== null) {
    const waiting = (await allPendingMarks()).filter((m) => m.user_id === userId);
    for (const activityId of new Set(waiting.map((m) => m.activity_id))) {
      await sendFirst(userId, activityId, transport);
    }
  }
  for (const stored of await allPacks()) await deletePack(stored.id);
  await dropWhenEmpty();
}

/** With no pack and no mark left, the database and the offline shell go as well. */
async function dropWhenEmpty(): Promise<void> {
  if ((await allPacks()).length > 0 || (await allPendingMarks()).length > 0) return;
  await deleteEverything();
  await unregisterCampWorker();
}
