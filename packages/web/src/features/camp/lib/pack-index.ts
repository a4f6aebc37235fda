/*
 * What the app's first load needs to know of the camp copies without opening IndexedDB or
 * loading the camp's code: which activities have a pack here and when each must go, and whether
 * marks wait to be sent. No names and no health data: only ids and instants.
 */

import { MARKS_KEY, PACKS_KEY } from '../keys';

/** Activity id → the instant (ms) its pack must be wiped: its `wipe_at` or its end, the first. */
export type PackIndex = Record<string, number>;

export function packIndex(): PackIndex {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(PACKS_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as PackIndex) : {};
  } catch {
    return {};
  }
}

export function rememberPack(activityId: number, wipeAt: string, endsAt: string): void {
  const index = packIndex();
  index[activityId] = Math.min(Date.parse(wipeAt), Date.parse(endsAt));
  localStorage.setItem(PACKS_KEY, JSON.stringify(index));
}

/** Forgets the pack of `activityId`, or every pack (null). */
export function forgetPack(activityId: number | null): void {
  const index = activityId === null ? {} : packIndex();
  if (activityId !== null) delete index[activityId];
  if (Object.keys(index).length === 0) localStorage.removeItem(PACKS_KEY);
  else localStorage.setItem(PACKS_KEY, JSON.stringify(index));
}

export const rememberPendingMarks = () => localStorage.setItem(MARKS_KEY, '1');
export const forgetPendingMarks = () => localStorage.removeItem(MARKS_KEY);

/** Whether a pack is due to go at `now` (ms). */
export function isPackDue(dueMs: number, now: number): boolean {
  return !Number.isFinite(dueMs) || dueMs <= now;
}
