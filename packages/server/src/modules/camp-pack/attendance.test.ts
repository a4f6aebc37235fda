import {
  ACTIVITY_ERRORS,
  type AttendanceMark,
  type AttendanceMarkInput,
  CAMP_ERRORS,
  CAMP_MSG,
  SERVER_ERRORS,
} from '@fogata/shared';
import { describe, expect, it } from 'vitest';
import { addSignup, daysFromNow, insertActivity } from '../../test/activity-factories.js';
import { testAppPerFile } from '../../test/app-per-file.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { assignScouter, createChildRow, createSection } from '../../test/family-factories.js';
import { addStaff } from '../../test/health-factories.js';
import { beats, latestPerCell, type MergeableMark, rollDays } from './attendance.js';

/** «Pasar lista»: the merge rule, and the roll's calls on the real database. */

describe('the merge rule of a cell', () => {
  const mark = (marked_at: string, marked_by: number | null, present: boolean): MergeableMark => ({
    child_id: 1,
    day: '2026-07-01',
    moment: 'noche',
    present,
    marked_at,
    marked_by,
  });

  it('keeps the latest mark, then the larger marker id, then present over absent', () => {
    const early = mark('2026-07-01T20:00:00.000Z', 9, true);
    const late = mark('2026-07-01T21:00:00.000Z', 1, false);
    expect([beats(late, early), beats(early, late)]).toEqual([true, false]);
    const byTwo = mark('2026-07-01T20:00:00.000Z', 2, false);
    const byOne = mark('2026-07-01T20:00:00.000Z', 1, true);
    expect([beats(byTwo, byOne), beats(byOne, byTwo)]).toEqual([true, false]);
    const gone = mark('2026-07-01T20:00:00.000Z', null, true);
    expect(beats(byOne, gone)).toBe(true);
    const present = mark('2026-07-01T20:00:00.000Z', 1, true);
    const absent = mark('2026-07-01T20:00:00.000Z', 1, false);
    expect([beats(present, absent), beats(absent, present)]).toEqual([true, false]);
    // A resend is no change.
    expect(beats(present, { ...present })).toBe(false);
  });

  it('gives the same winner in whatever order the marks arrive', () => {
    const marks = [
      mark('2026-07-01T20:00:00.000Z', 3, true),
      mark('2026-07-01T21:30:00.000Z', 1, false),
      mark('2026-07-01T21:30:00.000Z', 2, true),
      mark('2026-07-01T21:30:00.000Z', 2, false),
      mark('2026-07-01T19:00:00.000Z', 5, false),
    ];
    const winners = new Set<string>();
    const permute = (rest: MergeableMark[], held: MergeableMark | null): void => {
      if (rest.length === 0) {
        winners.add(JSON.stringify(held));
        return;
      }
      for (const [i, next] of rest.entries()) {
        const others = rest.filter((_, j) => j !== i);
        permute(others, !held || beats(next, held) ? next : held);
      }
    };
    permute(marks, null);
    expect([...winners]).toEqual([JSON.stringify(marks[2])]);
  });

  it('keeps one mark per cell of a batch, its time in UTC, in the cells’ order', () => {
    const input: AttendanceMarkInput[] = [
      {
        child_id: 2,
        day: '2026-07-01',
        moment: 'noche',
        present: true,
        marked_at: '2026-07-01T22:00:00+02:00',
      },
      {
        child_id: 1,
        day: '2026-07-02',
        moment: 'salida',
        present: true,
        marked_at: '2026-07-02T08:00:00Z',
      },
      {
        child_id: 2,
        day: '2026-07-01',
        moment: 'noche',
        present: false,
        marked_at: '2026-07-01T20:30:00Z',
      },
      {
        child_id: 1,
        day: '2026-07-01',
        moment: 'noche',
        present: true,
        marked_at: '2026-07-01T20:00:00Z',
      },
      {
        child_id: 1,
        day: '2026-07-01',
        moment: 'salida',
        present: false,
        marked_at: '2026-07-01T08:00:00Z',
      },
    ];
    expect(latestPerCell(input, 7)).toEqual([
      {
        child_id: 1,
        day: '2026-07-01',
        moment: 'salida',
        present: false,
        marked_at: '2026-07-01T08:00:00.000Z',
        marked_by: 7,
      },
      {
        child_id: 1,
        day: '2026-07-01',
        moment: 'noche',
        present: true,
        marked_at: '2026-07-01T20:00:00.000Z',
        marked_by: 7,
      },
      {
        child_id: 1,
        day: '2026-07-02',
        moment: 'salida',
        present: true,
        marked_at: '2026-07-02T08:00:00.000Z',
        marked_by: 7,
      },
      // 22:00 in Madrid's summer is 20:00 UTC: the absent mark at 20:30 UTC is the later.
      {
        child_id: 2,
        day: '2026-07-01',
        moment: 'noche',
        present: false,
        marked_at: '2026-07-01T20:30:00.000Z',
        marked_by: 7,
      },
    ]);
  });

  it('spans the days in Madrid from the meeting or start to the end or return', () => {
    expect(
      rollDays({
        meeting_at: '2026-06-30T22:30:00.000Z',
        starts_at: '2026-07-01T07:00:00.000Z',
        ends_at: '2026-07-05T10:00:00.000Z',
        return_at: '2026-07-05T22:30:00.000Z',
      }),
    ).toEqual({ first: '2026-07-01', last: '2026-07-06' });
  });
});

const t = testAppPerFile();

const url = (id: number) => `/api/activities/${id}/attendance`;
const getRoll = (id: number, who?: TestUser) =>
  t.app.inject({ url: url(id), ...(who ? { headers: who.headers } : {}) });
const sync = (id: number, marks: unknown, who?: TestUser) =>
  t.app.inject({
    method: 'POST',
    url: url(id),
    ...(who ? { headers: who.headers } : {}),
    payload: { marks } as object,
  });

const madridDay = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date(iso));

/**
 * A camp of a fresh section (starting in `startsIn` days, for three days) with two scouters of
 * its staff, Ana and Leo who go, and Eva who does not.
 */
async function camp(opts: { startsIn?: number; status?: 'cancelada' } = {}) {
  const section = await createSection(t.app, { name: `Tropa ${Math.random()}` });
  const first = await createUser(t.app, { role: 'scouter', name: 'Marta Scouter' });
  const second = await createUser(t.app, { role: 'scouter', name: 'Hugo Scouter' });
  const startsAt = daysFromNow(opts.startsIn ?? 1);
  const { id } = await insertActivity(t.app, {
    kind: 'campamento',
    sections: [section],
    startsAt,
    endsAt: daysFromNow((opts.startsIn ?? 1) + 3),
    ...(opts.status ? { status: opts.status } : {}),
  });
  await addStaff(t.app, id, first.row.id);
  await addStaff(t.app, id, second.row.id);
  const ana = await createChildRow(t.app, { sectionId: section, name: 'Ana Vidal' });
  const leo = await createChildRow(t.app, { sectionId: section, name: 'Leo Sanz' });
  const eva = await createChildRow(t.app, { sectionId: section, name: 'Eva Mora' });
  await addSignup(t.app, id, ana.id, 'va');
  await addSignup(t.app, id, leo.id, 'va');
  await addSignup(t.app, id, eva.id, 'no_va');
  return { id, section, first, second, ana, leo, eva, day: madridDay(startsAt) };
}

const at = (minutes: number) => new Date(Date.UTC(2026, 6, 1, 20, minutes)).toISOString();

const rows = (activityId: number) =>
  t.app.ctx.db.kysely
    .selectFrom('attendance_marks')
    .select(['child_id', 'day', 'moment', 'present', 'marked_by', 'marked_at'])
    .where('activity_id', '=', activityId)
    .orderBy('child_id')
    .orderBy('moment')
    .execute();

describe('«Pasar lista»', () => {
  it('keeps the marks sent, answers every cell with who marked it, and a resend changes nothing', async () => {
    const c = await camp();
    expect((await getRoll(c.id, c.first)).json()).toEqual({ marks: [] });
    const marks = [
      { child_id: c.leo.id, day: c.day, moment: 'noche', present: false, marked_at: at(5) },
      { child_id: c.ana.id, day: c.day, moment: 'noche', present: true, marked_at: at(4) },
      { child_id: c.ana.id, day: c.day, moment: 'salida', present: true, marked_at: at(1) },
    ];
    const res = await sync(c.id, marks, c.first);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const expected: AttendanceMark[] = [
      {
        child_id: c.ana.id,
        day: c.day,
        moment: 'salida',
        present: true,
        marked_at: at(1),
        marked_by_name: 'Marta Scouter',
      },
      {
        child_id: c.ana.id,
        day: c.day,
        moment: 'noche',
        present: true,
        marked_at: at(4),
        marked_by_name: 'Marta Scouter',
      },
      {
        child_id: c.leo.id,
        day: c.day,
        moment: 'noche',
        present: false,
        marked_at: at(5),
        marked_by_name: 'Marta Scouter',
      },
    ];
    expect(res.json()).toEqual({ marks: expected });
    const again = await sync(c.id, marks, c.first);
    expect(again.json()).toEqual({ marks: expected });
    expect(await rows(c.id)).toHaveLength(3);
    expect((await getRoll(c.id, c.second)).json()).toEqual({ marks: expected });
  });

  it('per cell, the later mark wins whichever arrives first; at the same instant, the larger marker id', async () => {
    const c = await camp();
    const cell = { child_id: c.ana.id, day: c.day, moment: 'llegada' };
    // The later mark synced first, then an older one from a phone that was offline.
    await sync(c.id, [{ ...cell, present: true, marked_at: at(30) }], c.second);
    const late = await sync(c.id, [{ ...cell, present: false, marked_at: at(10) }], c.first);
    expect(late.json().marks).toEqual([
      { ...cell, present: true, marked_at: at(30), marked_by_name: 'Hugo Scouter' },
    ]);
    const newer = await sync(c.id, [{ ...cell, present: false, marked_at: at(31) }], c.first);
    expect(newer.json().marks).toEqual([
      { ...cell, present: false, marked_at: at(31), marked_by_name: 'Marta Scouter' },
    ]);
    // The same instant: Hugo's account is the newer, so the larger id.
    const tie = await sync(c.id, [{ ...cell, present: true, marked_at: at(31) }], c.second);
    expect(tie.json().marks).toEqual([
      { ...cell, present: true, marked_at: at(31), marked_by_name: 'Hugo Scouter' },
    ]);
    const lost = await sync(c.id, [{ ...cell, present: false, marked_at: at(31) }], c.first);
    expect(lost.json().marks).toEqual([
      { ...cell, present: true, marked_at: at(31), marked_by_name: 'Hugo Scouter' },
    ]);
    expect(await rows(c.id)).toEqual([
      {
        child_id: c.ana.id,
        day: c.day,
        moment: 'llegada',
        present: 1,
        marked_by: c.second.row.id,
        marked_at: at(31),
      },
    ]);
  });

  it('takes a late sync after the camp has ended', async () => {
    const c = await camp({ startsIn: -5 });
    const res = await sync(
      c.id,
      [{ child_id: c.ana.id, day: c.day, moment: 'noche', present: true, marked_at: at(0) }],
      c.first,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().marks).toHaveLength(1);
  });

  it('keeps the rest of a batch whose child has since said «No va», and leaves that child out', async () => {
    const c = await camp();
    const marks = [
      { child_id: c.ana.id, day: c.day, moment: 'noche', present: true, marked_at: at(0) },
      { child_id: c.eva.id, day: c.day, moment: 'noche', present: true, marked_at: at(0) },
    ];
    const res = await sync(c.id, marks, c.first);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().marks.map((mark: { child_id: number }) => mark.child_id)).toEqual([c.ana.id]);
    expect((await rows(c.id)).map((row) => row.child_id)).toEqual([c.ana.id]);
  });

  it('refuses a whole batch with a child never signed up, a day not of the camp, or on a cancelled camp', async () => {
    const c = await camp();
    const good = {
      child_id: c.ana.id,
      day: c.day,
      moment: 'noche',
      present: true,
      marked_at: at(0),
    };
    const stranger = await createChildRow(t.app, { sectionId: c.section });
    const cancelled = await camp({ status: 'cancelada' });
    const cases: [number, unknown[], number, string][] = [
      [c.id, [good, { ...good, child_id: stranger.id }], 400, CAMP_MSG.attendanceInvalid],
      [c.id, [good, { ...good, child_id: 999_999 }], 400, CAMP_MSG.attendanceInvalid],
      [c.id, [good, { ...good, day: '2020-01-01' }], 400, CAMP_ERRORS.attendanceDayOutside],
      [c.id, [good, { ...good, day: '2026-02-30' }], 400, CAMP_MSG.attendanceDayInvalid],
      [c.id, [good, { ...good, day: '1/7/2026' }], 400, CAMP_MSG.attendanceDayInvalid],
      [c.id, [good, { ...good, moment: 'mediodia' }], 400, CAMP_MSG.attendanceMomentInvalid],
      [c.id, [good, { ...good, marked_at: 'ayer' }], 400, CAMP_MSG.attendanceInvalid],
      [c.id, [good, { ...good, present: 'sí' }], 400, CAMP_MSG.attendanceInvalid],
      [c.id, Array.from({ length: 501 }, () => good), 400, CAMP_MSG.attendanceTooMany],
      [cancelled.id, [{ ...good, child_id: cancelled.ana.id }], 409, CAMP_ERRORS.attendanceClosed],
    ];
    for (const [id, marks, status, message] of cases) {
      const who = id === c.id ? c.first : cancelled.first;
      const res = await sync(id, marks, who);
      expect([res.statusCode, res.json().message]).toEqual([status, message]);
    }
    const notAList = await t.app.inject({
      method: 'POST',
      url: url(c.id),
      headers: c.first.headers,
      payload: { marks: 'todos' },
    });
    expect([notAList.statusCode, notAList.json().message]).toEqual([
      400,
      CAMP_MSG.attendanceInvalid,
    ]);
    expect(await rows(c.id)).toEqual([]);
    expect(await rows(cancelled.id)).toEqual([]);
  });

  it('is the staff’s only: 403 to a scouter who sees the camp, 404 to one who does not, 403 to a family', async () => {
    const c = await camp();
    const ofSection = await createUser(t.app, { role: 'scouter' });
    await assignScouter(t.app, ofSection.row.id, [c.section]);
    const elsewhere = await createUser(t.app, { role: 'scouter' });
    await assignScouter(t.app, elsewhere.row.id, [await createSection(t.app)]);
    const family = await createUser(t.app);
    const mark = {
      child_id: c.ana.id,
      day: c.day,
      moment: 'noche',
      present: true,
      marked_at: at(0),
    };
    const cases: [TestUser | undefined, number, string][] = [
      [ofSection, 403, CAMP_ERRORS.notStaff],
      [elsewhere, 404, ACTIVITY_ERRORS.notFound],
      [family, 403, SERVER_ERRORS.forbidden],
      [undefined, 401, SERVER_ERRORS.unauthenticated],
    ];
    for (const [who, status, message] of cases) {
      for (const res of [await getRoll(c.id, who), await sync(c.id, [mark], who)]) {
        expect([res.statusCode, res.json()]).toEqual([status, { message }]);
        expect(res.body).not.toContain('Ana Vidal');
      }
    }
    expect(await rows(c.id)).toEqual([]);
  });
});

describe('«Pasar lista» at its largest', () => {
  it('takes 500 marks of 500 cells in one sync', async () => {
    const c = await camp();
    // A ten-day camp: 30 cells a child, 17 children.
    await t.app.ctx.db.kysely
      .updateTable('activities')
      .set({ ends_at: daysFromNow(11), return_at: daysFromNow(11) })
      .where('id', '=', c.id)
      .execute();
    const children = [c.ana.id, c.leo.id];
    for (let i = 0; i < 15; i += 1) {
      const child = await createChildRow(t.app, { sectionId: c.section });
      await addSignup(t.app, c.id, child.id, 'va');
      children.push(child.id);
    }
    const days = Array.from({ length: 10 }, (_, d) => madridDay(daysFromNow(1 + d)));
    const marks = children
      .flatMap((child_id) =>
        days.flatMap((day) =>
          (['salida', 'llegada', 'noche'] as const).map((moment) => ({
            child_id,
            day,
            moment,
            present: true,
            marked_at: at(0),
          })),
        ),
      )
      .slice(0, 500);
    const res = await sync(c.id, marks, c.first);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().marks).toHaveLength(500);
    expect(await rows(c.id)).toHaveLength(500);
  });
});

describe('«Pasar lista» at the same instant', () => {
  it('two scouters syncing conflicting marks of a cell at once end with the later mark, whichever commits first', async () => {
    const c = await camp();
    const moments = ['salida', 'llegada', 'noche'] as const;
    for (let round = 0; round < 6; round += 1) {
      const cell = {
        child_id: round % 2 ? c.ana.id : c.leo.id,
        day: c.day,
        moment: moments[round % 3],
      };
      // Each round a later pair of instants; which scouter holds the later one alternates, and so
      // does which request is sent first.
      const older = { ...cell, present: round % 2 === 0, marked_at: at(2 * round) };
      const newer = { ...cell, present: round % 2 !== 0, marked_at: at(2 * round + 1) };
      const [a, b] = round % 2 ? [c.first, c.second] : [c.second, c.first];
      const sends = [sync(c.id, [older], a), sync(c.id, [newer], b)];
      const results = await Promise.all(round % 3 ? sends : sends.reverse());
      expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
      const stored = (await rows(c.id)).filter(
        (r) => r.child_id === cell.child_id && r.moment === cell.moment,
      );
      expect(stored).toEqual([
        {
          ...cell,
          present: newer.present ? 1 : 0,
          marked_by: b.row.id,
          marked_at: newer.marked_at,
        },
      ]);
    }
  });

  it('two large offline syncs over the same cells in opposite orders both commit and keep each cell’s later mark', async () => {
    const c = await camp();
    const children = [c.ana.id, c.leo.id];
    for (let i = 0; i < 8; i += 1) {
      const child = await createChildRow(t.app, { sectionId: c.section });
      await addSignup(t.app, c.id, child.id, 'va');
      children.push(child.id);
    }
    const days = [0, 1, 2].map((d) => madridDay(daysFromNow(1 + d)));
    const cells = children.flatMap((child_id) =>
      days.flatMap((day) =>
        (['salida', 'llegada', 'noche'] as const).map((moment) => ({ child_id, day, moment })),
      ),
    );
    // Marta's marks are the later for the first half of the cells, Hugo's for the rest.
    const half = cells.length / 2;
    const first = cells.map((cell, i) => ({
      ...cell,
      present: true,
      marked_at: at(i < half ? 50 : 40),
    }));
    const second = cells
      .map((cell, i) => ({ ...cell, present: false, marked_at: at(i < half ? 40 : 50) }))
      .reverse();
    const results = await Promise.all([
      sync(c.id, first, c.first),
      sync(c.id, second, c.second),
      sync(c.id, first, c.first),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const stored = await rows(c.id);
    expect(stored).toHaveLength(cells.length);
    const key = (m: { child_id: number; day: string; moment: string }) =>
      `${m.child_id}|${m.day}|${m.moment}`;
    const byCell = new Map(stored.map((row) => [key(row), row]));
    for (const [i, cell] of cells.entries()) {
      expect(byCell.get(key(cell))).toMatchObject(
        i < half
          ? { present: 1, marked_by: c.first.row.id, marked_at: at(50) }
          : { present: 0, marked_by: c.second.row.id, marked_at: at(50) },
      );
    }
  });
});
