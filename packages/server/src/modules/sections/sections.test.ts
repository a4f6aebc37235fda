import { type AuditEntry, MSG, SERVER_ERRORS, SERVER_SUCCESS, type Section } from '@fogata/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../test/app-per-file.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createChild, createSection, sectionId } from '../../test/family-factories.js';

const t = testAppPerFile();
let admin: TestUser;
beforeAll(async () => {
  admin = await createUser(t.app, { role: 'admin', name: 'Marta' });
});

const post = (payload: object, headers = admin.headers) =>
  t.app.inject({ method: 'POST', url: '/api/sections', headers, payload });
const put = (id: number, payload: object, headers = admin.headers) =>
  t.app.inject({ method: 'PUT', url: `/api/sections/${id}`, headers, payload });
const names = (list: Section[]) => list.map((s) => s.name);

async function audit(action: string, targetId: number): Promise<AuditEntry | undefined> {
  const res = await t.app.inject({ url: '/api/admin/audit?limit=100', headers: admin.headers });
  return (res.json() as AuditEntry[]).find((e) => e.action === action && e.target_id === targetId);
}

describe('GET /api/sections', () => {
  it('a visitor reads the four sections a group starts with, in order, with their ages and colours', async () => {
    const res = await t.app.inject({ url: '/api/sections' });
    expect(res.statusCode).toBe(200);
    const list = res.json() as Section[];
    expect(list.slice(0, 4).map((s) => [s.name, s.min_age, s.max_age, s.retired])).toEqual([
      ['Manada', 8, 11, false],
      ['Tropa', 11, 14, false],
      ['Unidad', 14, 17, false],
      ['Clan', 17, 20, false],
    ]);
    for (const s of list) expect(s.colour).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('leaves the retired ones out, except for an admin asking all=1', async () => {
    const retired = await createSection(t.app, { name: 'Pioneros', retired: true });
    expect(names((await t.app.inject({ url: '/api/sections' })).json())).not.toContain('Pioneros');
    const all = await t.app.inject({ url: '/api/sections?all=1', headers: admin.headers });
    expect(all.statusCode).toBe(200);
    expect((all.json() as Section[]).find((s) => s.id === retired)?.retired).toBe(true);
    expect((await t.app.inject({ url: '/api/sections?all=1' })).statusCode).toBe(401);
    for (const role of ['usuario', 'scouter'] as const) {
      const u = await createUser(t.app, { role });
      const res = await t.app.inject({ url: '/api/sections?all=1', headers: u.headers });
      expect(res.statusCode).toBe(403);
    }
  });

  it('never carries a child', async () => {
    await createChild(t.app, { sectionId: await sectionId(t.app, 'Tropa'), name: 'Lucía Secreta' });
    const res = await t.app.inject({ url: '/api/sections' });
    expect(res.body).not.toContain('Lucía');
  });
});

describe('adding and editing a section', () => {
  it('adds one after the last, and records it', async () => {
    const res = await post({ name: '  Castores ', min_age: 6, max_age: 8, colour: '#0EA5E9' });
    expect(res.statusCode).toBe(201);
    const { message, section } = res.json() as { message: string; section: Section };
    expect(message).toBe(SERVER_SUCCESS.sectionCreated);
    expect(section).toMatchObject({ name: 'Castores', min_age: 6, max_age: 8, colour: '#0ea5e9' });
    const list = (await t.app.inject({ url: '/api/sections' })).json() as Section[];
    expect(list.at(-1)?.name).toBe('Castores');
    expect(await audit('section.created', section.id)).toMatchObject({
      actor_name: 'Marta',
      target_type: 'section',
      target_label: 'Castores',
    });
  });

  it('refuses a name in use whatever its case, a retired one too, with 409', async () => {
    for (const name of ['manada', 'TROPA']) {
      const res = await post({ name, min_age: 6, max_age: 8, colour: '#000000' });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(SERVER_ERRORS.sectionNameTaken);
    }
    await createSection(t.app, { name: 'Rovers', retired: true });
    expect(
      (await post({ name: 'rovers', min_age: 6, max_age: 8, colour: '#000000' })).json().message,
    ).toBe(SERVER_ERRORS.sectionNameTaken);
    const tropa = await sectionId(t.app, 'Tropa');
    const rename = await put(tropa, { name: 'Manada' });
    expect(rename.statusCode).toBe(409);
    // Its own name in another case is fine.
    expect((await put(tropa, { name: 'Tropa' })).statusCode).toBe(200);
  });

  it('refuses bad ages, colours and names with Spanish messages, never a 500', async () => {
    const cases: [object, string][] = [
      [{ name: 'X', min_age: 10, max_age: 10, colour: '#000000' }, MSG.sectionAgeOrder],
      [{ name: 'X', min_age: 12, max_age: 9, colour: '#000000' }, MSG.sectionAgeOrder],
      [{ name: 'X', min_age: 2, max_age: 9, colour: '#000000' }, MSG.sectionAgeInvalid],
      [{ name: 'X', min_age: 5, max_age: 26, colour: '#000000' }, MSG.sectionAgeInvalid],
      [{ name: 'X', min_age: 5.5, max_age: 9, colour: '#000000' }, MSG.sectionAgeInvalid],
      [{ name: 'X', min_age: 5, max_age: 9, colour: 'red' }, MSG.sectionColourInvalid],
      [{ name: '   ', min_age: 5, max_age: 9, colour: '#000000' }, MSG.sectionNameRequired],
      [{ name: 'x'.repeat(51), min_age: 5, max_age: 9, colour: '#000000' }, MSG.sectionNameTooLong],
      [
        { name: 'X', min_age: 5, max_age: 9, colour: '#000000', position: 0 },
        MSG.sectionPositionInvalid,
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    // An edit is checked against the stored ages: Manada is 8–11.
    const manada = await sectionId(t.app, 'Manada');
    const res = await put(manada, { min_age: 12 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.sectionAgeOrder);
    expect((await put(999_999, { name: 'Nadie' })).statusCode).toBe(404);
  });

  it('renames, re-ages and reorders, and the audit says what changed', async () => {
    const id = await createSection(t.app, { name: 'Lobatos', min: 7, max: 9, position: 7 });
    const res = await put(id, { name: 'Lobeznos', max_age: 10, position: 50 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: SERVER_SUCCESS.sectionUpdated,
      section: { name: 'Lobeznos', min_age: 7, max_age: 10, position: 50 },
    });
    expect((await audit('section.updated', id))?.details?.change).toBe(
      'nombre Lobatos → Lobeznos, edades 7–9 → 7–10, orden 7 → 50',
    );
  });

  it('retires without losing anything, and brings it back', async () => {
    const id = await createSection(t.app, { name: 'Exploradores', min: 10, max: 12 });
    const child = await createChild(t.app, { sectionId: id, name: 'Pablo Retirado' });
    const res = await put(id, { retired: true });
    expect(res.json()).toMatchObject({
      message: SERVER_SUCCESS.sectionRetired,
      section: { retired: true },
    });
    expect(await audit('section.retired', id)).toMatchObject({ target_label: 'Exploradores' });
    expect(names((await t.app.inject({ url: '/api/sections' })).json())).not.toContain(
      'Exploradores',
    );
    const detail = await t.app.inject({ url: `/api/children/${child}`, headers: admin.headers });
    expect(detail.json().section).toMatchObject({ id, name: 'Exploradores' });
    const back = await put(id, { retired: false });
    expect(back.json()).toMatchObject({
      message: SERVER_SUCCESS.sectionRestored,
      section: { retired: false },
    });
    expect(names((await t.app.inject({ url: '/api/sections' })).json())).toContain('Exploradores');
  });
});

describe('the scouters of a section', () => {
  it('sets and lists them; only accounts whose role is scouter', async () => {
    const unidad = await sectionId(t.app, 'Unidad');
    const ana = await createUser(t.app, { role: 'scouter', name: 'Ana Scouter' });
    const bea = await createUser(t.app, { role: 'scouter', name: 'Bea Scouter' });
    const member = await createUser(t.app, { role: 'usuario' });
    const url = `/api/sections/${unidad}/scouters`;
    const bad = await t.app.inject({
      method: 'PUT',
      url,
      headers: admin.headers,
      payload: { user_ids: [ana.row.id, member.row.id] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(SERVER_ERRORS.scoutersOnly);
    const missing = await t.app.inject({
      method: 'PUT',
      url,
      headers: admin.headers,
      payload: { user_ids: [999_999] },
    });
    expect(missing.json().message).toBe(SERVER_ERRORS.scoutersOnly);
    const ok = await t.app.inject({
      method: 'PUT',
      url,
      headers: admin.headers,
      payload: { user_ids: [bea.row.id, ana.row.id, ana.row.id] },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(SERVER_SUCCESS.sectionScoutersUpdated);
    const list = await t.app.inject({ url, headers: admin.headers });
    expect(list.json().map((s: { name: string }) => s.name)).toEqual([
      'Ana Scouter',
      'Bea Scouter',
    ]);
    expect((await audit('section.updated', unidad))?.details?.change).toBe(
      'scouters ninguno → Ana Scouter, Bea Scouter',
    );
    await t.app.inject({ method: 'PUT', url, headers: admin.headers, payload: { user_ids: [] } });
    expect((await t.app.inject({ url, headers: admin.headers })).json()).toEqual([]);
    expect(
      (await t.app.inject({ url: '/api/sections/999999/scouters', headers: admin.headers }))
        .statusCode,
    ).toBe(404);
  });
});
