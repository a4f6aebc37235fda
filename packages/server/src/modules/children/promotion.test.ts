import {
  type AuditEntry,
  type ChildDetail,
  MSG,
  type PromotionProposal,
  SERVER_ERRORS,
  SERVER_SUCCESS,
} from '@fogata/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, buildTestAppOnSameDatabase, type TestApp } from '../../test/build-app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createChild, createSection, sectionId } from '../../test/family-factories.js';
import { ageOn, defaultPromotionDate } from './promotion.service.js';

// The paso de sección (decision 048). Its own app: the proposal reads every active child.

let t: TestApp;
let admin: TestUser;
const s: Record<string, number> = {};
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.app, { role: 'admin', name: 'Marta' });
  for (const name of ['Manada', 'Tropa', 'Unidad', 'Clan']) s[name] = await sectionId(t.app, name);
});
afterAll(() => t.close());

const propose = async (date = '2026-09-01'): Promise<PromotionProposal> => {
  const res = await t.app.inject({
    url: `/api/children/promotion?date=${date}`,
    headers: admin.headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const apply = (moves: object, app = t.app) =>
  app.inject({
    method: 'POST',
    url: '/api/children/promotion',
    headers: admin.headers,
    payload: { moves },
  });
const detail = async (id: number) =>
  (
    await t.app.inject({ url: `/api/children/${id}`, headers: admin.headers })
  ).json() as ChildDetail;
const reset = () => t.app.ctx.db.kysely.updateTable('children').set({ active: 0 }).execute();

describe('ages', () => {
  it('counts whole years, the birthday itself included', () => {
    expect(ageOn('2015-09-01', '2026-09-01')).toBe(11);
    expect(ageOn('2015-09-02', '2026-09-01')).toBe(10);
    expect(ageOn('2012-02-29', '2026-02-28')).toBe(13);
    expect(ageOn('2012-02-29', '2026-03-01')).toBe(14);
  });

  it('defaults to 1 September of this year', () => {
    expect(defaultPromotionDate(new Date('2026-03-15T10:00:00Z'))).toBe('2026-09-01');
    expect(defaultPromotionDate(new Date('2026-10-15T10:00:00Z'))).toBe('2026-09-01');
  });
});

describe('the proposal', () => {
  it('lists the children outside their range with the section their age fits; past the last, leaving', async () => {
    await reset();
    const stays = await createChild(t.app, {
      sectionId: s.Manada as number,
      name: 'Sigue Manada',
      birthDate: '2016-06-01',
    });
    const up = await createChild(t.app, {
      sectionId: s.Manada as number,
      name: 'Sube Tropa',
      birthDate: '2015-08-31',
    });
    const jump = await createChild(t.app, {
      sectionId: s.Manada as number,
      name: 'Salta Unidad',
      birthDate: '2011-01-01',
    });
    const leaves = await createChild(t.app, {
      sectionId: s.Clan as number,
      name: 'Deja Clan',
      birthDate: '2006-05-05',
    });
    const retired = await createSection(t.app, {
      name: 'Antigua',
      min: 10,
      max: 13,
      retired: true,
    });
    const orphan = await createChild(t.app, {
      sectionId: retired,
      name: 'De Antigua',
      birthDate: '2014-01-01',
    });
    await createChild(t.app, {
      sectionId: s.Tropa as number,
      name: 'Ya Baja',
      birthDate: '2000-01-01',
      active: false,
    });
    const proposal = await propose();
    expect(proposal.date).toBe('2026-09-01');
    const byId = new Map(proposal.moves.map((m) => [m.child_id, m]));
    expect(byId.has(stays)).toBe(false);
    expect(byId.get(up)).toMatchObject({
      age: 11,
      from: { name: 'Manada' },
      to: { name: 'Tropa' },
    });
    expect(byId.get(jump)).toMatchObject({ age: 15, to: { name: 'Unidad' } });
    expect(byId.get(leaves)).toMatchObject({ age: 20, from: { name: 'Clan' }, to: null });
    expect(byId.get(orphan)).toMatchObject({
      age: 12,
      from: { name: 'Antigua' },
      to: { name: 'Tropa' },
    });
    expect(proposal.moves).toHaveLength(4);
  });

  it('uses 1 September of this year without a date, and refuses a bad date', async () => {
    const res = await t.app.inject({ url: '/api/children/promotion', headers: admin.headers });
    expect(res.json().date).toBe(`${new Date().getUTCFullYear()}-09-01`);
    const bad = await t.app.inject({
      url: '/api/children/promotion?date=2026-13-01',
      headers: admin.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MSG.promotionDateInvalid);
  });
});

describe('applying it', () => {
  it('moves everyone in one step: history kept, guardians stay, audit entries', async () => {
    await reset();
    const family = await createUser(t.app);
    const up = await createChild(t.app, {
      sectionId: s.Manada as number,
      name: 'Pau Sube',
      birthDate: '2015-01-01',
      guardians: [family.row.id],
    });
    const leaves = await createChild(t.app, {
      sectionId: s.Clan as number,
      name: 'Iria Sale',
      birthDate: '2005-01-01',
      guardians: [family.row.id],
    });
    const res = await apply([
      { child_id: up, section_id: s.Tropa },
      { child_id: leaves, section_id: null },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: SERVER_SUCCESS.promotionApplied(2), moved: 2 });
    const moved = await detail(up);
    expect(moved.section.name).toBe('Tropa');
    expect(moved.history.map((h) => [h.section.name, h.ended_at === null])).toEqual([
      ['Tropa', true],
      ['Manada', false],
    ]);
    expect(moved.guardians.map((g) => g.id)).toEqual([family.row.id]);
    const gone = await detail(leaves);
    expect(gone.active).toBe(false);
    expect(gone.guardians.map((g) => g.id)).toEqual([family.row.id]);
    expect(gone.history.every((h) => h.ended_at !== null)).toBe(true);
    const mine = await t.app.inject({ url: '/api/profile/children', headers: family.headers });
    expect(mine.json()).toEqual([
      expect.objectContaining({ id: up, section: expect.objectContaining({ name: 'Tropa' }) }),
    ]);
    const log = (
      await t.app.inject({ url: '/api/admin/audit?limit=100', headers: admin.headers })
    ).json() as AuditEntry[];
    expect(
      log
        .filter((e) => e.action === 'child.moved')
        .slice(0, 2)
        .map((e) => e.details),
    ).toEqual([{ from: 'Clan' }, { from: 'Manada', to: 'Tropa' }]);
    expect((await propose()).moves).toEqual([]);
  });

  it('all or nothing: one bad move and nobody moves', async () => {
    await reset();
    const a = await createChild(t.app, { sectionId: s.Manada as number, birthDate: '2015-01-01' });
    const gone = await createChild(t.app, { sectionId: s.Manada as number, active: false });
    const retired = await createSection(t.app, { retired: true });
    const cases: [object, string][] = [
      [
        [
          { child_id: a, section_id: s.Tropa },
          { child_id: 999_999, section_id: s.Tropa },
        ],
        SERVER_ERRORS.promotionChildUnknown,
      ],
      [
        [
          { child_id: a, section_id: s.Tropa },
          { child_id: gone, section_id: s.Tropa },
        ],
        SERVER_ERRORS.promotionChildUnknown,
      ],
      [[{ child_id: a, section_id: retired }], SERVER_ERRORS.sectionRetired],
      [[{ child_id: a, section_id: 999_999 }], SERVER_ERRORS.sectionNotFound],
      [[], MSG.promotionMovesRequired],
      [
        [
          { child_id: a, section_id: s.Tropa },
          { child_id: a, section_id: null },
        ],
        MSG.promotionMovesRepeated,
      ],
      [[{ child_id: 'x', section_id: s.Tropa }], SERVER_ERRORS.validation],
    ];
    for (const [moves, message] of cases) {
      const res = await apply(moves);
      expect(res.statusCode, JSON.stringify(moves)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await detail(a)).section.id).toBe(s.Manada);
    expect((await detail(a)).history).toHaveLength(1);
  });

  it('two applies at once move nobody twice', async () => {
    await reset();
    const ids: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      ids.push(
        await createChild(t.app, { sectionId: s.Manada as number, birthDate: '2014-01-01' }),
      );
    }
    const leaver = await createChild(t.app, {
      sectionId: s.Clan as number,
      birthDate: '2004-01-01',
    });
    const moves = [
      ...ids.map((child_id) => ({ child_id, section_id: s.Tropa })),
      { child_id: leaver, section_id: null },
    ];
    const second = await buildTestAppOnSameDatabase(t);
    try {
      const [one, two] = await Promise.all([apply(moves), apply(moves, second.app)]);
      expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
      expect(one.json().moved + two.json().moved).toBe(7);
    } finally {
      await second.close();
    }
    const rows = await t.app.ctx.db.kysely
      .selectFrom('child_sections')
      .select(['child_id'])
      .where('child_id', 'in', [...ids, leaver])
      .execute();
    // Each moved child: their first stay and one new; the leaver: only their first, closed.
    expect(rows).toHaveLength(ids.length * 2 + 1);
    const log = (
      await t.app.inject({ url: '/api/admin/audit?limit=100', headers: admin.headers })
    ).json() as AuditEntry[];
    const movedIds = log.filter(
      (e) => e.action === 'child.moved' && [...ids, leaver].includes(e.target_id ?? 0),
    );
    expect(movedIds).toHaveLength(7);
  });
});
