import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { hasCampData } from '../boot';
import { campPack } from '../test/pack';
import {
  addMark,
  allPacks,
  deleteEverything,
  deletePack,
  type PendingMark,
  pendingMarks,
  readPack,
  savePack,
  settleMarks,
} from './camp-db';
import { packIndex } from './pack-index';

// The browser's copy of the camp pack (IndexedDB, here the in-memory fake-indexeddb) and the
// queue of marks not yet sent.

const mark = (overrides: Partial<PendingMark> = {}): PendingMark => ({
  user_id: 7,
  activity_id: 5,
  child_id: 1,
  day: '2027-03-13',
  moment: 'salida',
  present: true,
  marked_at: '2027-03-13T08:40:00.000Z',
  ...overrides,
});

afterEach(async () => {
  await deleteEverything();
});

describe('the pack store', () => {
  it('keeps one pack per activity, for the account that took it only', async () => {
    await savePack(7, campPack(5));
    await savePack(7, campPack(6));
    await savePack(7, campPack(5, { generated_at: '2027-03-13T07:00:00.000Z' }));
    expect((await allPacks()).map((p) => p.id).sort()).toEqual([5, 6]);
    expect((await readPack(7, 5))?.pack.generated_at).toBe('2027-03-13T07:00:00.000Z');
    expect(await readPack(8, 5)).toBeNull();
    expect(await readPack(7, 9)).toBeNull();
  });

  it('notes in localStorage which packs are kept and when each must go, without their data', async () => {
    await savePack(7, campPack(5, { wipe_at: '2027-03-19T18:00:00.000Z' }));
    // The end comes before the seven days: it is the end that counts.
    expect(packIndex()).toEqual({ 5: Date.parse('2027-03-14T16:00:00.000Z') });
    expect(localStorage.getItem('fogata-camp-packs')).not.toContain('Alergia');
    await deletePack(5);
    expect(packIndex()).toEqual({});
    expect(hasCampData()).toBe(false);
  });
});

describe('the queue of marks', () => {
  it('keeps the latest mark of a cell by a scouter, per activity', async () => {
    await addMark(mark());
    await addMark(mark({ present: false, marked_at: '2027-03-13T08:45:00.000Z' }));
    await addMark(mark({ child_id: 2 }));
    await addMark(mark({ activity_id: 6 }));
    await addMark(mark({ user_id: 8 }));
    const waiting = await pendingMarks(7, 5);
    expect(waiting.map((m) => [m.child_id, m.present])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(hasCampData()).toBe(true);
  });

  it('settling removes the marks sent, but not a newer one made while they were on the way', async () => {
    await savePack(7, campPack(5));
    const sent = [mark(), mark({ child_id: 2 })];
    for (const m of sent) await addMark(m);
    // Marked again while the first send was on the way.
    await addMark(mark({ child_id: 2, present: false, marked_at: '2027-03-13T08:50:00.000Z' }));
    const winners = [
      {
        child_id: 1,
        day: '2027-03-13',
        moment: 'salida' as const,
        present: true,
        marked_at: '2027-03-13T08:40:00.000Z',
        marked_by_name: 'Pablo Scouter',
      },
    ];
    await settleMarks(7, 5, sent, winners);
    expect((await pendingMarks(7, 5)).map((m) => [m.child_id, m.present])).toEqual([[2, false]]);
    expect((await readPack(7, 5))?.pack.attendance).toEqual(winners);
  });

  it('deleting everything takes the packs, the marks and the index', async () => {
    await savePack(7, campPack(5));
    await addMark(mark());
    await deleteEverything();
    expect(await allPacks()).toEqual([]);
    expect(await pendingMarks(7, 5)).toEqual([]);
    expect(hasCampData()).toBe(false);
  });
});
