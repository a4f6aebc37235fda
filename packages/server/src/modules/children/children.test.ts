import {
  AUDIT_TOTAL_HEADER,
  type AuditEntry,
  type Child,
  type ChildDetail,
  MSG,
  SERVER_ERRORS,
  SERVER_SUCCESS,
} from '@fogata/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import {
  assignScouter,
  createChild,
  createSection,
  sectionId,
} from '../../test/family-factories.js';
import { countQueries } from '../../test/gallery-factories.js';

let t: TestApp;
let admin: TestUser;
let manada: number;
let tropa: number;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.app, { role: 'admin', name: 'Marta' });
  manada = await sectionId(t.app, 'Manada');
  tropa = await sectionId(t.app, 'Tropa');
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = admin.headers) =>
  t.app.inject({ url, headers });
const send = (
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = admin.headers,
) => t.app.inject({ method, url, headers, payload: payload as object });

async function audit(action: string, targetId: number): Promise<AuditEntry[]> {
  const res = await get('/api/admin/audit?limit=100');
  return (res.json() as AuditEntry[]).filter(
    (e) => e.action === action && e.target_id === targetId,
  );
}

describe('adding a child', () => {
  it('an admin adds one in any section; their first stay opens; it is recorded', async () => {
    const res = await send('POST', '/api/children', {
      full_name: '  Irene Gómez Ruiz ',
      birth_date: '2016-04-02',
      section_id: manada,
    });
    expect(res.statusCode).toBe(201);
    const { message, child } = res.json() as { message: string; child: Child };
    expect(message).toBe(SERVER_SUCCESS.childCreated);
    expect(child).toMatchObject({
      full_name: 'Irene Gómez Ruiz',
      birth_date: '2016-04-02',
      section: { id: manada, name: 'Manada' },
      active: true,
      guardians: [],
    });
    const detail = (await get(`/api/children/${child.id}`)).json() as ChildDetail;
    expect(detail.history).toEqual([
      expect.objectContaining({ section: expect.objectContaining({ id: manada }), ended_at: null }),
    ]);
    expect((await audit('child.created', child.id))[0]).toMatchObject({
      actor_name: 'Marta',
      target_type: 'child',
      target_label: 'Irene Gómez Ruiz',
      details: { section: 'Manada' },
    });
  });

  it('refuses bad data with Spanish messages, never a 500', async () => {
    const tomorrow = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const retired = await createSection(t.app, { retired: true });
    const cases: [object, number, string][] = [
      [
        { full_name: ' ', birth_date: '2015-01-01', section_id: manada },
        400,
        MSG.childNameRequired,
      ],
      [
        { full_name: 'x'.repeat(151), birth_date: '2015-01-01', section_id: manada },
        400,
        MSG.childNameTooLong,
      ],
      [
        { full_name: 'Ana', birth_date: '2015-02-30', section_id: manada },
        400,
        MSG.birthDateInvalid,
      ],
      [
        { full_name: 'Ana', birth_date: '01/02/2015', section_id: manada },
        400,
        MSG.birthDateInvalid,
      ],
      [{ full_name: 'Ana', birth_date: tomorrow, section_id: manada }, 400, MSG.birthDateFuture],
      [{ full_name: 'Ana', birth_date: '2015-01-01' }, 400, MSG.childSectionRequired],
      [
        { full_name: 'Ana', birth_date: '2015-01-01', section_id: retired },
        400,
        SERVER_ERRORS.sectionRetired,
      ],
      [
        { full_name: 'Ana', birth_date: '2015-01-01', section_id: 999_999 },
        400,
        SERVER_ERRORS.sectionNotFound,
      ],
    ];
    for (const [payload, status, message] of cases) {
      const res = await send('POST', '/api/children', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().message).toBe(message);
    }
  });
});

describe('a scouter manages the children of their sections only', () => {
  let scouter: TestUser;
  let own: number;
  let other: number;
  beforeAll(async () => {
    scouter = await createUser(t.app, { role: 'scouter' });
    await assignScouter(t.app, scouter.row.id, [tropa]);
    own = await createChild(t.app, { sectionId: tropa, name: 'Hugo De Tropa' });
    other = await createChild(t.app, { sectionId: manada, name: 'Nora De Manada' });
  });

  it('lists only theirs', async () => {
    const res = await get('/api/children?limit=100&status=all', scouter.headers);
    expect(res.statusCode).toBe(200);
    const list = res.json() as Child[];
    expect(list.map((c) => c.id)).toContain(own);
    expect(list.every((c) => c.section.id === tropa)).toBe(true);
    expect(res.body).not.toContain('Nora De Manada');
    expect(Number(res.headers[AUDIT_TOTAL_HEADER])).toBe(list.length);
  });

  it('gets 404 for another section’s child by every route, as if it did not exist', async () => {
    const guardian = await createUser(t.app);
    const answers = [
      await get(`/api/children/${other}`, scouter.headers),
      await send('PUT', `/api/children/${other}`, { full_name: 'Otro' }, scouter.headers),
      await send(
        'PUT',
        `/api/children/${other}/guardians/${guardian.row.id}`,
        undefined,
        scouter.headers,
      ),
      await send(
        'DELETE',
        `/api/children/${other}/guardians/${guardian.row.id}`,
        undefined,
        scouter.headers,
      ),
      await get('/api/children/999999', scouter.headers),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: SERVER_ERRORS.childNotFound });
      expect(res.body).not.toContain('Nora');
    }
    expect((await get(`/api/children/${other}`)).json().full_name).toBe('Nora De Manada');
  });

  it('adds and moves children only into their sections (403)', async () => {
    const add = await send(
      'POST',
      '/api/children',
      { full_name: 'Leo', birth_date: '2013-01-01', section_id: manada },
      scouter.headers,
    );
    expect(add.statusCode).toBe(403);
    expect(add.json().message).toBe(SERVER_ERRORS.sectionNotManaged);
    const move = await send('PUT', `/api/children/${own}`, { section_id: manada }, scouter.headers);
    expect(move.statusCode).toBe(403);
    const ok = await send(
      'POST',
      '/api/children',
      { full_name: 'Leo Nuevo', birth_date: '2013-01-01', section_id: tropa },
      scouter.headers,
    );
    expect(ok.statusCode).toBe(201);
    const edit = await send(
      'PUT',
      `/api/children/${own}`,
      { birth_date: '2013-05-05' },
      scouter.headers,
    );
    expect(edit.statusCode).toBe(200);
  });
});

describe("a child's full name is only for their managers and guardians", () => {
  it('a member gets 403 with no name; their own children in Mis educandos, nobody else’s', async () => {
    const family = await createUser(t.app);
    const otherFamily = await createUser(t.app);
    await createChild(t.app, {
      sectionId: tropa,
      name: 'Carla Privada',
      guardians: [family.row.id],
    });
    await createChild(t.app, {
      sectionId: tropa,
      name: 'Dani Inactivo',
      guardians: [family.row.id],
      active: false,
    });
    const list = await get('/api/children?q=carla', family.headers);
    expect(list.statusCode).toBe(403);
    expect(list.body).not.toContain('Carla');
    const mine = await get('/api/profile/children', family.headers);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual([
      {
        id: expect.any(Number),
        full_name: 'Carla Privada',
        section: { id: tropa, name: 'Tropa', colour: expect.any(String) },
      },
    ]);
    const theirs = await get('/api/profile/children', otherFamily.headers);
    expect(theirs.json()).toEqual([]);
    expect(theirs.body).not.toContain('Carla');
    expect((await t.app.inject({ url: '/api/profile/children' })).statusCode).toBe(401);
  });
});

describe('the list: search, filters, paging', () => {
  let section: number;
  beforeAll(async () => {
    section = await createSection(t.app, { name: 'Paginada' });
    for (const name of ['José Núñez', 'Ana Álvarez', 'Bruno Díaz', 'Elena Ortiz', 'Óscar Peña']) {
      await createChild(t.app, { sectionId: section, name });
    }
    await createChild(t.app, { sectionId: section, name: 'Zoe Baja', active: false });
  });

  it('pages by name with the total in a header, in a constant number of queries', async () => {
    const pages: string[][] = [];
    const counts: number[] = [];
    for (let page = 1; page <= 4; page += 1) {
      const { result: res, queries } = await countQueries(t.app, () =>
        get(`/api/children?section=${section}&limit=2&page=${page}`),
      );
      expect(res.statusCode).toBe(200);
      expect(res.headers[AUDIT_TOTAL_HEADER]).toBe('5');
      pages.push((res.json() as Child[]).map((c) => c.full_name));
      counts.push(queries);
    }
    expect(pages).toEqual([
      ['Ana Álvarez', 'Bruno Díaz'],
      ['Elena Ortiz', 'José Núñez'],
      ['Óscar Peña'],
      [],
    ]);
    // The list, its count and the page's guardians (the first request also read the session's user).
    expect(counts.slice(1, 3)).toEqual([3, 3]);
    // Fifteen children cost what two do.
    const big = await createSection(t.app);
    for (let i = 0; i < 15; i += 1) {
      const g = await createUser(t.app);
      await createChild(t.app, { sectionId: big, guardians: [g.row.id, admin.row.id] });
    }
    await get('/api/children?limit=1'); // reads the session's user again after the writes
    const { result, queries } = await countQueries(t.app, () =>
      get(`/api/children?section=${big}&limit=20`),
    );
    expect(result.json()).toHaveLength(15);
    expect(queries).toBe(3);
  });

  it('searches the full name without case or accents', async () => {
    const find = async (q: string) =>
      (
        (await get(`/api/children?section=${section}&q=${encodeURIComponent(q)}`)).json() as Child[]
      ).map((c) => c.full_name);
    expect(await find('jose')).toEqual(['José Núñez']);
    expect(await find('NÚÑEZ')).toEqual(['José Núñez']);
    expect(await find('oscar')).toEqual(['Óscar Peña']);
    expect(await find('%')).toEqual([]);
    expect(await find('z')).toEqual(['Ana Álvarez', 'Bruno Díaz', 'Elena Ortiz', 'José Núñez']);
  });

  it('filters by status', async () => {
    const names = async (status: string) =>
      ((await get(`/api/children?section=${section}&status=${status}`)).json() as Child[]).map(
        (c) => c.full_name,
      );
    expect(await names('inactive')).toEqual(['Zoe Baja']);
    expect(await names('all')).toHaveLength(6);
    const bad = await get('/api/children?status=old');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MSG.childStatusInvalid);
    for (const q of ['?limit=101', '?page=0', '?section=abc', `?q=${'a'.repeat(101)}`]) {
      expect((await get(`/api/children${q}`)).statusCode, q).toBe(400);
    }
  });
});

describe('editing a child', () => {
  it('moving section closes the stay and opens another; audit says from and to', async () => {
    const id = await createChild(t.app, { sectionId: manada, name: 'Mario Paso' });
    const res = await send('PUT', `/api/children/${id}`, {
      section_id: tropa,
      full_name: 'Mario Paso Gil',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: SERVER_SUCCESS.childUpdated,
      child: { full_name: 'Mario Paso Gil', section: { id: tropa } },
    });
    const detail = (await get(`/api/children/${id}`)).json() as ChildDetail;
    expect(detail.history.map((s) => [s.section.name, s.ended_at === null])).toEqual([
      ['Tropa', true],
      ['Manada', false],
    ]);
    expect((await audit('child.moved', id))[0]?.details).toEqual({ from: 'Manada', to: 'Tropa' });
    expect((await audit('child.updated', id))[0]?.details).toEqual({ fields: 'nombre' });
  });

  it('deactivating closes the stay and hides them from Mis educandos', async () => {
    const family = await createUser(t.app);
    const id = await createChild(t.app, { sectionId: manada, guardians: [family.row.id] });
    expect((await get('/api/profile/children', family.headers)).json()).toHaveLength(1);
    const res = await send('PUT', `/api/children/${id}`, { active: false });
    expect(res.json().child.active).toBe(false);
    expect((await get('/api/profile/children', family.headers)).json()).toEqual([]);
    const detail = (await get(`/api/children/${id}`)).json() as ChildDetail;
    expect(detail.history.every((s) => s.ended_at !== null)).toBe(true);
    const back = await send('PUT', `/api/children/${id}`, { active: true });
    expect(back.json().child.active).toBe(true);
    expect(((await get(`/api/children/${id}`)).json() as ChildDetail).history).toHaveLength(2);
  });

  it('refuses a retired section and a missing child', async () => {
    const id = await createChild(t.app, { sectionId: manada });
    const retired = await createSection(t.app, { retired: true });
    const res = await send('PUT', `/api/children/${id}`, { section_id: retired });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SERVER_ERRORS.sectionRetired);
    expect((await send('PUT', '/api/children/999999', { active: false })).statusCode).toBe(404);
  });
});

describe('guardians', () => {
  it('links and unlinks an existing account, recorded; a missing account is 404', async () => {
    const id = await createChild(t.app, { sectionId: tropa, name: 'Vera Familia' });
    const mum = await createUser(t.app, { name: 'Laura Madre' });
    const dad = await createUser(t.app, { name: 'Jorge Padre' });
    for (const u of [mum, dad, mum]) {
      const res = await send('PUT', `/api/children/${id}/guardians/${u.row.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(SERVER_SUCCESS.guardianLinked);
    }
    const child = (await get(`/api/children/${id}`)).json() as ChildDetail;
    expect(child.guardians.map((g) => g.name)).toEqual(['Jorge Padre', 'Laura Madre']);
    expect(await audit('guardian.linked', id)).toHaveLength(2);
    const mine = (await get('/api/profile/children', mum.headers)).json();
    expect(mine.map((c: { full_name: string }) => c.full_name)).toEqual(['Vera Familia']);
    const un = await send('DELETE', `/api/children/${id}/guardians/${mum.row.id}`);
    expect(un.json()).toMatchObject({
      message: SERVER_SUCCESS.guardianUnlinked,
      child: { guardians: [{ name: 'Jorge Padre' }] },
    });
    expect((await audit('guardian.unlinked', id))[0]).toMatchObject({
      target_label: 'Vera Familia',
      details: { guardian: 'Laura Madre', email: mum.email },
    });
    expect((await get('/api/profile/children', mum.headers)).json()).toEqual([]);
    const missing = await send('PUT', `/api/children/${id}/guardians/999999`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(SERVER_ERRORS.userNotFound);
  });

  it('the list carries each child’s guardians', async () => {
    const section = await createSection(t.app);
    const g = await createUser(t.app, { name: 'Tutor Lista' });
    await createChild(t.app, { sectionId: section, name: 'Con Tutor', guardians: [g.row.id] });
    const list = (await get(`/api/children?section=${section}`)).json() as Child[];
    expect(list[0]?.guardians).toEqual([{ id: g.row.id, name: 'Tutor Lista', email: g.email }]);
  });
});

describe('finding an account to link', () => {
  it('an admin searches names and e-mails; a scouter only finds an exact e-mail', async () => {
    const target = await createUser(t.app, {
      name: 'Rocío Búsqueda',
      email: 'rocio.busqueda@example.org',
    });
    const scouter = await createUser(t.app, { role: 'scouter' });
    const names = async (q: string, headers = admin.headers) => {
      const res = await get(`/api/children/accounts?q=${encodeURIComponent(q)}`, headers);
      expect(res.statusCode).toBe(200);
      return (res.json() as { id: number; email: string }[]).map((a) => a.id);
    };
    expect(await names('rocío')).toEqual([target.row.id]);
    expect(await names('BUSQUEDA@EXAMPLE')).toEqual([target.row.id]);
    expect(await names('rocío', scouter.headers)).toEqual([]);
    expect(await names('busqueda@example.org', scouter.headers)).toEqual([]);
    expect(await names('Rocio.Busqueda@example.org', scouter.headers)).toEqual([target.row.id]);
    const short = await get('/api/children/accounts?q=r');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(MSG.childSearchTooShort);
  });
});

describe('the sections a manager may put children in', () => {
  it('an admin: every section in use; a scouter: theirs; nobody else', async () => {
    const scouter = await createUser(t.app, { role: 'scouter' });
    const none = await createUser(t.app, { role: 'scouter' });
    const retired = await createSection(t.app, { retired: true });
    await assignScouter(t.app, scouter.row.id, [tropa, retired]);
    const names = async (headers: Record<string, string>) =>
      ((await get('/api/children/sections', headers)).json() as { name: string }[]).map(
        (s) => s.name,
      );
    expect((await names(admin.headers)).slice(0, 4)).toEqual(['Manada', 'Tropa', 'Unidad', 'Clan']);
    expect(await names(scouter.headers)).toEqual(['Tropa']);
    expect(await names(none.headers)).toEqual([]);
  });
});
