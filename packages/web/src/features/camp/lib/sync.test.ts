import 'fake-indexeddb/auto';
import type { AttendanceMark, AttendanceMarkInput } from '@fogata/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { campPack, serverMark } from '../test/pack';
import { deleteEverything, pendingMarks, readPack, savePack } from './camp-db';
import { type AttendanceTransport, cellId, markNow, rollCells, syncActivity } from './sync';

// «Pasar lista»'s queue: a mark is kept at once, sent now or later, and leaves the queue only
// once the server has answered; the server's winners become the browser's roll.

const cell = (child_id: number) => ({ child_id, day: '2027-03-13', moment: 'salida' as const });

/** An attendance API that answers (or fails) as told, and notes what it was sent. */
function transport(answer: (marks: AttendanceMarkInput[]) => AttendanceMark[] | Error) {
  const sent: AttendanceMarkInput[][] = [];
  const t: AttendanceTransport = {
    send: async (_id, marks) => {
      sent.push(marks);
      const result = answer(marks);
      if (result instanceof Error) throw result;
      return result;
    },
    read: async () => {
      const result = answer([]);
      if (result instanceof Error) throw result;
      return result;
    },
  };
  return { t, sent };
}

const asWinners = (marks: AttendanceMarkInput[]) =>
  marks.map((m) => ({ ...m, marked_by_name: 'Pablo Scouter' }));

afterEach(async () => {
  await deleteEverything();
});

describe('syncActivity', () => {
  it('with no signal every mark stays queued', async () => {
    await savePack(7, campPack(5));
    await markNow(7, 5, cell(1), true, new Date('2027-03-13T08:40:00Z'));
    const { t } = transport(() => new ApiError('Error desconocido.'));
    expect(await syncActivity(7, 5, t)).toEqual({ state: 'offline' });
    expect(await pendingMarks(7, 5)).toHaveLength(1);
  });

  it('once the server answers, the queue empties and the roll is the server’s', async () => {
    await savePack(7, campPack(5));
    await markNow(7, 5, cell(1), true, new Date('2027-03-13T08:40:00Z'));
    await markNow(7, 5, cell(2), false, new Date('2027-03-13T08:41:00Z'));
    // Another scouter marked child 2 later: the server keeps theirs.
    const other = serverMark({
      child_id: 2,
      present: true,
      marked_at: '2027-03-13T08:42:00.000Z',
      marked_by_name: 'Lucía',
    });
    const { t, sent } = transport((marks) => [...asWinners(marks.slice(0, 1)), other]);
    const outcome = await syncActivity(7, 5, t);
    expect(sent).toEqual([
      [
        {
          child_id: 1,
          day: '2027-03-13',
          moment: 'salida',
          present: true,
          marked_at: '2027-03-13T08:40:00.000Z',
        },
        {
          child_id: 2,
          day: '2027-03-13',
          moment: 'salida',
          present: false,
          marked_at: '2027-03-13T08:41:00.000Z',
        },
      ],
    ]);
    expect(outcome.state).toBe('synced');
    expect(await pendingMarks(7, 5)).toEqual([]);
    const roll = (await readPack(7, 5))!.pack.attendance;
    expect(roll.map((m) => [m.child_id, m.present, m.marked_by_name])).toEqual([
      [1, true, 'Pablo Scouter'],
      [2, true, 'Lucía'],
    ]);
  });

  it('a send the server refuses this time (a 400, a 500) keeps the marks', async () => {
    await savePack(7, campPack(5));
    await markNow(7, 5, cell(1), true);
    for (const status of [400, 500, 401]) {
      const { t } = transport(() => new ApiError('La lista enviada no es válida.', status));
      expect(await syncActivity(7, 5, t)).toEqual({
        state: 'failed',
        message: 'La lista enviada no es válida.',
      });
      expect(await pendingMarks(7, 5)).toHaveLength(1);
    }
  });

  it('a refusal for good (the activity cancelled) drops the marks that can never be accepted', async () => {
    await savePack(7, campPack(5));
    await markNow(7, 5, cell(1), true);
    const { t } = transport(
      () => new ApiError('Ya no se puede pasar lista en esta actividad.', 409),
    );
    expect(await syncActivity(7, 5, t)).toEqual({
      state: 'rejected',
      message: 'Ya no se puede pasar lista en esta actividad.',
    });
    expect(await pendingMarks(7, 5)).toEqual([]);
  });

  it('a roll that cannot be read (no longer staff) is a failure, not a refusal of marks', async () => {
    await savePack(7, campPack(5));
    const { t } = transport(
      () => new ApiError('Solo el equipo de la actividad puede hacer esto.', 404),
    );
    expect(await syncActivity(7, 5, t)).toEqual({
      state: 'failed',
      message: 'Solo el equipo de la actividad puede hacer esto.',
    });
  });

  it('sends more than the API takes at once in batches of 500', async () => {
    await savePack(7, campPack(5));
    for (let child = 1; child <= 501; child++) await markNow(7, 5, cell(child), true);
    const { t, sent } = transport(asWinners);
    expect((await syncActivity(7, 5, t)).state).toBe('synced');
    expect(sent.map((batch) => batch.length)).toEqual([500, 1]);
    expect(await pendingMarks(7, 5)).toEqual([]);
  });

  it('with nothing queued it reads the roll, which replaces the kept one', async () => {
    await savePack(7, campPack(5, { attendance: [serverMark({ present: false })] }));
    const { t, sent } = transport(() => [serverMark({ present: true })]);
    expect((await syncActivity(7, 5, t)).state).toBe('synced');
    expect(sent).toEqual([]);
    expect((await readPack(7, 5))!.pack.attendance).toEqual([serverMark({ present: true })]);
  });
});

describe('rollCells', () => {
  it('shows a waiting mark over the kept roll when it is later, and the kept one when not', () => {
    const kept = [
      serverMark({ child_id: 1, present: false, marked_at: '2027-03-13T08:40:00.000Z' }),
      serverMark({ child_id: 2, present: true, marked_at: '2027-03-13T09:00:00.000Z' }),
    ];
    const waiting = [
      {
        user_id: 7,
        activity_id: 5,
        ...cell(1),
        present: true,
        marked_at: '2027-03-13T08:50:00.000Z',
      },
      {
        user_id: 7,
        activity_id: 5,
        ...cell(2),
        present: false,
        marked_at: '2027-03-13T08:50:00.000Z',
      },
    ];
    const cells = rollCells(kept, waiting);
    expect(cells.get(cellId(cell(1)))).toMatchObject({ present: true, pending: true });
    expect(cells.get(cellId(cell(2)))).toMatchObject({
      present: true,
      pending: false,
      by: 'Pablo Scouter',
    });
  });
});
