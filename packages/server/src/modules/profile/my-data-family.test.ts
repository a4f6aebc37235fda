import { MY_DATA_MESSAGES } from '@fogata/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../test/app-per-file.js';
import {
  createUser,
  deleteAccount,
  deleteOwnAccount,
  type TestUser,
} from '../../test/factories.js';
import { createChildRow, guardedBy, linkGuardian, sectionId } from '../../test/family-factories.js';
import { countQueries } from '../../test/gallery-factories.js';

/*
 * A guardian's own data (decision 052): the export carries their children's data and
 * nobody else's; deleting the account (oneself, or by an admin) unlinks them, and the child stays.
 */

const t = testAppPerFile();
let admin: TestUser;
beforeAll(async () => {
  admin = await createUser(t.app, { role: 'admin' });
});

const exportOf = (user: TestUser) =>
  t.app.inject({ url: '/api/profile/me/export', headers: user.headers });

async function childRow(id: number) {
  return t.app.ctx.db.kysely
    .selectFrom('children')
    .select(['id', 'active', 'section_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

describe("the export of a guardian's data", () => {
  it('carries their children (name, birth date, section, its history) and only theirs', async () => {
    const parent = await createUser(t.app);
    const other = await createUser(t.app);
    const moved = await createChildRow(t.app, {
      name: 'Nora Vidal Peña',
      section: 'Tropa',
      birthDate: '2013-05-09',
    });
    // Nora was in the Manada before: a closed stay, then the current one.
    await t.app.ctx.db.kysely
      .insertInto('child_sections')
      .values({
        child_id: moved.id,
        section_id: await sectionId(t.app, 'Manada'),
        started_at: '2021-09-01T00:00:00.000Z',
        ended_at: '2024-09-01T00:00:00.000Z',
      })
      .execute();
    const sibling = await createChildRow(t.app, { name: 'Bruno Vidal Peña', section: 'Manada' });
    const stranger = await createChildRow(t.app, { name: 'Otra Familia Distinta' });
    await linkGuardian(t.app, parent.row.id, moved.id);
    await linkGuardian(t.app, parent.row.id, sibling.id);
    await linkGuardian(t.app, other.row.id, stranger.id);
    await linkGuardian(t.app, other.row.id, moved.id);

    const res = await exportOf(parent);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('Otra Familia Distinta');
    // The other guardian of Nora is not the member's data either.
    expect(res.body).not.toContain(other.email);
    const { children } = res.json();
    expect(children.map((c: { full_name: string }) => c.full_name)).toEqual([
      'Bruno Vidal Peña',
      'Nora Vidal Peña',
    ]);
    const nora = children[1];
    expect(nora).toMatchObject({
      id: moved.id,
      full_name: 'Nora Vidal Peña',
      birth_date: '2013-05-09',
      active: true,
      section: { id: await sectionId(t.app, 'Tropa'), name: 'Tropa' },
    });
    expect(nora.section_history).toEqual([
      {
        section: 'Manada',
        started_at: '2021-09-01T00:00:00.000Z',
        ended_at: '2024-09-01T00:00:00.000Z',
      },
      { section: 'Tropa', started_at: expect.any(String), ended_at: null },
    ]);
    expect(
      (await exportOf(other))
        .json()
        .children.map((c: { id: number }) => c.id)
        .sort(),
    ).toEqual([moved.id, stranger.id].sort((a, b) => a - b));
    expect((await exportOf(admin)).json().children).toEqual([]);
  });

  it('still reads in a fixed number of queries, however many children', async () => {
    const few = await createUser(t.app);
    const many = await createUser(t.app);
    await linkGuardian(t.app, few.row.id, (await createChildRow(t.app)).id);
    for (let i = 0; i < 6; i += 1) {
      await linkGuardian(t.app, many.row.id, (await createChildRow(t.app)).id);
    }
    const a = await countQueries(t.app, () => exportOf(few));
    const b = await countQueries(t.app, () => exportOf(many));
    expect(b.result.json().children).toHaveLength(6);
    expect(b.queries).toBe(a.queries);
  });
});

describe('deleting a guardian', () => {
  it('by themselves: their links go, the child stays (active, in its section, "sin familia")', async () => {
    const parent = await createUser(t.app);
    const second = await createUser(t.app);
    const alone = await createChildRow(t.app, { section: 'Unidad' });
    const shared = await createChildRow(t.app, { section: 'Clan' });
    await linkGuardian(t.app, parent.row.id, alone.id);
    await linkGuardian(t.app, parent.row.id, shared.id);
    await linkGuardian(t.app, second.row.id, shared.id);

    const res = await deleteOwnAccount(t.app, parent);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MY_DATA_MESSAGES.accountDeleted });
    expect(await guardedBy(t.app, parent.row.id)).toEqual([]);
    expect(await childRow(alone.id)).toEqual({
      id: alone.id,
      active: 1,
      section_id: await sectionId(t.app, 'Unidad'),
    });
    const left = await t.app.ctx.db.kysely
      .selectFrom('guardians')
      .select('user_id')
      .where('child_id', 'in', [alone.id, shared.id])
      .execute();
    expect(left.map((r) => r.user_id)).toEqual([second.row.id]);
  });

  it('by an admin: the same', async () => {
    const parent = await createUser(t.app);
    const child = await createChildRow(t.app);
    await linkGuardian(t.app, parent.row.id, child.id);
    const res = await deleteAccount(t.app, admin, parent.row.id);
    expect(res.statusCode).toBe(200);
    expect(await guardedBy(t.app, parent.row.id)).toEqual([]);
    expect((await childRow(child.id))?.active).toBe(1);
  });
});

describe("a guardian's children's image consents", () => {
  it('the export carries every record of their children, oldest first, and nobody else’s', async () => {
    const parent = await createUser(t.app);
    const mine = await createChildRow(t.app, { name: 'Iris Consent', birthDate: '2016-01-01' });
    const theirs = await createChildRow(t.app, { name: 'Otro Consent' });
    await linkGuardian(t.app, parent.row.id, mine.id);
    const put = (purpose: string, granted: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/profile/children/${mine.id}/consents`,
        headers: parent.headers,
        payload: { purpose, granted },
      });
    expect((await put('gallery', true)).statusCode).toBe(200);
    expect((await put('gallery', false)).statusCode).toBe(200);
    const paper = await t.app.inject({
      method: 'POST',
      url: `/api/children/${mine.id}/consents`,
      headers: admin.headers,
      payload: { purpose: 'press', granted: false, given_by: 'paper', note: 'Hoja del 3/10' },
    });
    expect(paper.statusCode).toBe(201);
    await t.app.inject({
      method: 'POST',
      url: `/api/children/${theirs.id}/consents`,
      headers: admin.headers,
      payload: { purpose: 'web', granted: true, given_by: 'paper', note: 'Hoja ajena' },
    });

    const { children } = (await exportOf(parent)).json();
    expect(children).toHaveLength(1);
    expect(children[0].consents).toEqual([
      {
        purpose: 'gallery',
        granted: true,
        given_by: 'guardian',
        note: null,
        text_version: expect.any(Number),
        created_at: expect.any(String),
      },
      expect.objectContaining({ purpose: 'gallery', granted: false, given_by: 'guardian' }),
      expect.objectContaining({
        purpose: 'press',
        granted: false,
        given_by: 'paper',
        note: 'Hoja del 3/10',
      }),
    ]);
    expect(JSON.stringify(children)).not.toContain('Hoja ajena');
  });

  it('deleting the guardian keeps the child’s consents: they are the group’s record', async () => {
    const parent = await createUser(t.app);
    const child = await createChildRow(t.app, { birthDate: '2016-01-01' });
    await linkGuardian(t.app, parent.row.id, child.id);
    await t.app.inject({
      method: 'PUT',
      url: `/api/profile/children/${child.id}/consents`,
      headers: parent.headers,
      payload: { purpose: 'gallery', granted: true },
    });
    const res = await deleteOwnAccount(t.app, parent);
    expect(res.statusCode).toBe(200);
    const rows = await t.app.ctx.db.kysely
      .selectFrom('child_consents')
      .select(['purpose', 'granted', 'given_by', 'recorded_by'])
      .where('child_id', '=', child.id)
      .execute();
    // The record stays and still counts; who recorded it is gone with the account.
    expect(rows).toEqual([
      { purpose: 'gallery', granted: 1, given_by: 'guardian', recorded_by: null },
    ]);
    const managed = await t.app.inject({
      url: `/api/children/${child.id}/consents`,
      headers: admin.headers,
    });
    expect(managed.json().purposes[0]).toMatchObject({ state: 'granted', given_by: 'guardian' });
    expect(managed.json().history[0].recorded_by).toBeNull();
  });
});
