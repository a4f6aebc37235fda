import 'fake-indexeddb/auto';
import type { AttendanceMarkInput } from '@fogata/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { hasCampData } from '../boot';
import { campPack } from '../test/pack';
import { allPacks, deleteEverything, pendingMarks, savePack } from './camp-db';
import { type AttendanceTransport, markNow } from './sync';
import { wipeDue, wipeOnSignOut } from './wipe';

// When the pack leaves the browser: at its wipe_at, at the activity's end, on sign-out or for
// another account, whichever comes first; the scouter's waiting marks are sent first.

const cell = { child_id: 1, day: '2027-03-13', moment: 'salida' as const };

/** An attendance API that is reachable or not; it notes each send and what was kept then. */
function api(reachable: boolean) {
  const events: string[] = [];
  const t: AttendanceTransport = {
    send: async (id, marks: AttendanceMarkInput[]) => {
      events.push(`send ${id}: ${marks.length} (packs kept: ${(await allPacks()).length})`);
      if (!reachable) throw new ApiError('Error desconocido.');
      return marks.map((m) => ({ ...m, marked_by_name: 'Pablo Scouter' }));
    },
    read: async () => {
      if (!reachable) throw new ApiError('Error desconocido.');
      return [];
    },
  };
  return { t, events };
}

afterEach(async () => {
  await deleteEverything();
});

describe('wipeDue', () => {
  const friday = Date.parse('2027-03-12T20:00:00Z');

  it('keeps a pack before its wipe_at and before the activity ends', async () => {
    await savePack(7, campPack(5));
    expect(await wipeDue(7, api(true).t, friday)).toEqual([]);
    expect(await allPacks()).toHaveLength(1);
  });

  it('wipes a pack at its wipe_at, even while the activity goes on', async () => {
    await savePack(
      7,
      campPack(5, {
        activity: { ...campPack(5).activity, ends_at: '2027-03-30T16:00:00.000Z' },
        wipe_at: '2027-03-19T18:00:00.000Z',
      }),
    );
    expect(await wipeDue(7, api(true).t, Date.parse('2027-03-19T17:59:59Z'))).toEqual([]);
    expect(await wipeDue(7, api(true).t, Date.parse('2027-03-19T18:00:00Z'))).toEqual([5]);
    expect(hasCampData()).toBe(false);
  });

  it('wipes a pack when the activity has ended, even if its wipe_at is later', async () => {
    await savePack(7, campPack(5, { wipe_at: '2027-03-19T18:00:00.000Z' }));
    expect(await wipeDue(7, api(true).t, Date.parse('2027-03-14T16:00:00Z'))).toEqual([5]);
  });

  it('wipes the pack of another account, and every pack with no session', async () => {
    await savePack(7, campPack(5));
    await savePack(8, campPack(6));
    expect(await wipeDue(7, api(true).t, friday)).toEqual([6]);
    expect(await wipeDue(null, api(true).t, friday)).toEqual([5]);
    expect(await allPacks()).toEqual([]);
  });

  it('sends the waiting marks before the pack goes', async () => {
    await savePack(7, campPack(5));
    await markNow(7, 5, cell, true);
    const { t, events } = api(true);
    expect(await wipeDue(7, t, Date.parse('2027-03-14T17:00:00Z'))).toEqual([5]);
    expect(events).toEqual(['send 5: 1 (packs kept: 1)']);
    expect(await pendingMarks(7, 5)).toEqual([]);
    expect(hasCampData()).toBe(false);
  });

  it('with no signal the pack still goes on time, and its marks wait for the next chance', async () => {
    await savePack(7, campPack(5));
    await markNow(7, 5, cell, true);
    expect(await wipeDue(7, api(false).t, Date.parse('2027-03-14T17:00:00Z'))).toEqual([5]);
    expect(await allPacks()).toEqual([]);
    expect(await pendingMarks(7, 5)).toHaveLength(1);
    // The app started again with the signal back: the mark goes, and nothing is left.
    const { t, events } = api(true);
    await wipeDue(7, t, Date.parse('2027-03-15T09:00:00Z'));
    expect(events).toEqual(['send 5: 1 (packs kept: 0)']);
    expect(hasCampData()).toBe(false);
  });
});

describe('wipeOnSignOut', () => {
  it('sends the marks with the ending session, then every pack goes', async () => {
    await savePack(7, campPack(5));
    await savePack(7, campPack(6));
    await markNow(7, 5, cell, false);
    const { t, events } = api(true);
    await wipeOnSignOut(7, t);
    expect(events).toEqual(['send 5: 1 (packs kept: 2)']);
    expect(await allPacks()).toEqual([]);
    expect(hasCampData()).toBe(false);
  });

  it('with no signal the packs go all the same; the marks stay queued', async () => {
    await savePack(7, campPack(5));
    await markNow(7, 5, cell, false);
    await wipeOnSignOut(7, api(false).t);
    expect(await allPacks()).toEqual([]);
    expect(await pendingMarks(7, 5)).toHaveLength(1);
  });
});
