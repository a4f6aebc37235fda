import { ADMIN_PANEL_MESSAGES, MSG } from '@fogata/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../test/app-per-file.js';
import { createInvitation, createUser, isoFromNow, type TestUser } from '../../test/factories.js';
import {
  assignScouter,
  createChildRow,
  linkGuardian,
  sectionId,
} from '../../test/family-factories.js';
import { countQueries } from '../../test/gallery-factories.js';

/*
 * The admin panel at the size of a real group (decision 051): the users' and
 * invitations' lists searched, filtered and paged on the server, in a constant number of queries.
 * Every row this file makes has "escala" in its address, so its searches see only its own rows.
 */

const t = testAppPerFile();
let admin: TestUser;
beforeAll(async () => {
  admin = await createUser(t.app, { role: 'admin', name: 'Marta', email: 'marta@example.org' });
});

function get(url: string) {
  return t.app.inject({ url, headers: admin.headers });
}

const ids = (res: { json(): { id: number }[] }) => res.json().map((r) => r.id);

describe('GET /api/admin/users with search, filters and pages', () => {
  let families: TestUser[];
  let scouter: TestUser;
  beforeAll(async () => {
    families = [];
    for (let i = 0; i < 7; i += 1) {
      families.push(
        await createUser(t.app, {
          name: i === 3 ? 'Álvaro Ñúñez' : `Familia Escala ${i}`,
          email: `familia.escala.${i}@example.org`,
          createdAt: isoFromNow(-100_000 + i * 1000),
        }),
      );
    }
    scouter = await createUser(t.app, {
      role: 'scouter',
      name: 'Scouter Escala',
      email: 'scouter.escala@example.org',
      createdAt: isoFromNow(-1000),
    });
    await assignScouter(t.app, scouter.row.id, 'Unidad');
    const inUnidad = await createChildRow(t.app, { section: 'Unidad' });
    const inManada = await createChildRow(t.app, { section: 'Manada' });
    const gone = await createChildRow(t.app, { section: 'Unidad', active: false });
    await linkGuardian(t.app, families[0]!.row.id, inUnidad.id);
    await linkGuardian(t.app, families[0]!.row.id, inManada.id);
    await linkGuardian(t.app, families[1]!.row.id, inManada.id);
    // An inactive child's family is no longer in its section.
    await linkGuardian(t.app, families[2]!.row.id, gone.id);
  });

  it('searches name or e-mail, whatever the case, and keeps % and _ literal', async () => {
    const byEmail = await get('/api/admin/users?q=FAMILIA.ESCALA.');
    expect(byEmail.statusCode).toBe(200);
    expect(ids(byEmail)).toEqual(families.map((f) => f.row.id).reverse());
    const byName = await get(`/api/admin/users?q=${encodeURIComponent('escala 5')}`);
    expect(ids(byName)).toEqual([families[5]!.row.id]);
    expect((await get('/api/admin/users?q=%25')).json()).toEqual([]);
    expect((await get('/api/admin/users?q=familia_escala')).json()).toEqual([]);
  });

  it('filters by role and by section (a scouter of it, or the family of an active child in it)', async () => {
    const scouters = await get('/api/admin/users?q=escala&role=scouter');
    expect(ids(scouters)).toEqual([scouter.row.id]);
    const unidad = await get(`/api/admin/users?section=${await sectionId(t.app, 'Unidad')}`);
    expect(ids(unidad)).toEqual([scouter.row.id, families[0]!.row.id]);
    const manada = await get(`/api/admin/users?section=${await sectionId(t.app, 'Manada')}`);
    expect(ids(manada)).toEqual([families[1]!.row.id, families[0]!.row.id]);
    const clan = await get(`/api/admin/users?section=${await sectionId(t.app, 'Clan')}`);
    expect(clan.json()).toEqual([]);
  });

  it("gives each user's active children count and sections, in the sections' order", async () => {
    const res = await get('/api/admin/users?q=escala');
    const byId = new Map(res.json().map((u: { id: number }) => [u.id, u]));
    const sec = async (name: string) => ({
      id: await sectionId(t.app, name),
      name,
      colour: { Manada: '#b45309', Unidad: '#b91c1c' }[name],
    });
    expect(byId.get(families[0]!.row.id)).toMatchObject({
      children_count: 2,
      sections: [await sec('Manada'), await sec('Unidad')],
    });
    expect(byId.get(families[2]!.row.id)).toMatchObject({ children_count: 0, sections: [] });
    expect(byId.get(scouter.row.id)).toMatchObject({
      children_count: 0,
      sections: [await sec('Unidad')],
    });
  });

  it('pages with the total in X-Total-Count; without page or limit, the whole list', async () => {
    const first = await get('/api/admin/users?q=escala&page=1&limit=3');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('8');
    expect(ids(first)).toEqual([scouter.row.id, families[6]!.row.id, families[5]!.row.id]);
    const third = await get('/api/admin/users?q=escala&page=3&limit=3');
    expect(ids(third)).toEqual([families[1]!.row.id, families[0]!.row.id]);
    expect(third.headers['x-total-count']).toBe('8');
    const past = await get('/api/admin/users?q=escala&page=9&limit=3');
    expect(past.json()).toEqual([]);
    // page alone: pages of the panel's size (20).
    expect((await get('/api/admin/users?q=escala&page=1')).json()).toHaveLength(8);
    const all = await get('/api/admin/users');
    expect(all.json().length).toBe(Number(all.headers['x-total-count']));
    expect(all.json().length).toBeGreaterThanOrEqual(9);
  });

  it('reads a page in a constant number of queries, however many families', async () => {
    const small = await countQueries(t.app, () => get('/api/admin/users?q=escala&page=1&limit=2'));
    const large = await countQueries(t.app, () => get('/api/admin/users?q=escala&page=1&limit=50'));
    const whole = await countQueries(t.app, () => get('/api/admin/users'));
    expect(small.result.json()).toHaveLength(2);
    expect(large.result.json()).toHaveLength(8);
    expect(large.queries).toBe(small.queries);
    expect(whole.queries).toBeLessThanOrEqual(small.queries);
  });

  it('answers bad queries with 400 and a Spanish message', async () => {
    const cases: [string, string][] = [
      ['role=jefe', ADMIN_PANEL_MESSAGES.roleFilterInvalid],
      ['section=abc', ADMIN_PANEL_MESSAGES.sectionFilterInvalid],
      ['section=0', ADMIN_PANEL_MESSAGES.sectionFilterInvalid],
      ['page=0', MSG.pageInvalid],
      ['page=x', MSG.pageInvalid],
      ['limit=101', MSG.pageSizeInvalid],
      [`q=${'a'.repeat(101)}`, ADMIN_PANEL_MESSAGES.searchTooLong],
    ];
    for (const [query, message] of cases) {
      const res = await get(`/api/admin/users?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.body, query).toContain(message);
    }
    // An empty select is no filter.
    expect((await get('/api/admin/users?role=&section=&q=')).statusCode).toBe(200);
  });
});

describe('GET /api/invitations with search, filters and pages', () => {
  const made: Record<string, number> = {};
  beforeAll(async () => {
    const rows: [string, 'usuario' | 'scouter', 'pending' | 'accepted' | 'expired'][] = [
      ['uno.escala@example.org', 'usuario', 'pending'],
      ['dos.escala@example.org', 'scouter', 'pending'],
      ['tres.escala@example.org', 'usuario', 'accepted'],
      ['cuatro.escala@example.org', 'usuario', 'expired'],
      ['cinco.escala@example.org', 'scouter', 'expired'],
    ];
    for (const [i, [email, role, status]] of rows.entries()) {
      const inv = await createInvitation(t.app, {
        email,
        role,
        createdAt: isoFromNow(-50_000 + i * 1000),
        acceptedAt: status === 'accepted' ? isoFromNow(-1000) : null,
        expiresAt: status === 'expired' ? isoFromNow(-1000) : isoFromNow(86_400_000),
      });
      made[email.split('.')[0]!] = inv.id;
    }
    const child = await createChildRow(t.app, { name: 'Carmela Escalante Ruiz' });
    await t.app.ctx.db.kysely
      .insertInto('invitation_children')
      .values({ invitation_id: made.uno!, child_id: child.id })
      .execute();
  });

  it("searches the address or a carried child's name, whatever the case", async () => {
    const res = await get('/api/invitations?q=ESCALA');
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual([made.cinco, made.cuatro, made.tres, made.dos, made.uno]);
    expect(ids(await get('/api/invitations?q=carmela'))).toEqual([made.uno]);
    expect(ids(await get('/api/invitations?q=tres.escala@'))).toEqual([made.tres]);
  });

  it('filters by role and by status', async () => {
    expect(ids(await get('/api/invitations?q=escala&status=pending'))).toEqual([
      made.dos,
      made.uno,
    ]);
    expect(ids(await get('/api/invitations?q=escala&status=accepted'))).toEqual([made.tres]);
    expect(ids(await get('/api/invitations?q=escala&status=expired'))).toEqual([
      made.cinco,
      made.cuatro,
    ]);
    expect(ids(await get('/api/invitations?q=escala&role=scouter&status=expired'))).toEqual([
      made.cinco,
    ]);
    const bad = await get('/api/invitations?status=caducada');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(ADMIN_PANEL_MESSAGES.statusFilterInvalid);
  });

  it('pages with the total in X-Total-Count, in a constant number of queries', async () => {
    const page2 = await get('/api/invitations?q=escala&page=2&limit=2');
    expect(page2.headers['x-total-count']).toBe('5');
    expect(ids(page2)).toEqual([made.tres, made.dos]);
    const small = await countQueries(t.app, () => get('/api/invitations?q=escala&page=1&limit=1'));
    const large = await countQueries(t.app, () => get('/api/invitations?q=escala&page=1&limit=5'));
    expect(large.result.json()).toHaveLength(5);
    expect(large.queries).toBe(small.queries);
    const whole = await get('/api/invitations');
    expect(whole.json().length).toBe(Number(whole.headers['x-total-count']));
  });
});
