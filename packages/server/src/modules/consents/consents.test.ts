import { MSG, SERVER_ERRORS, SERVER_SUCCESS } from '@fogata/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../access/image-consent.js';
import { buildTestApp, type TestApp } from '../../test/build-app.js';
import { recordConsent } from '../../test/consent-factories.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { assignScouter, createChildRow, createSection } from '../../test/family-factories.js';
import { countQueries } from '../../test/gallery-factories.js';

/*
 * The consent register (decisions 061, 070–072): a guardian answers for their own
 * children, a manager records paper forms and, from 14, the young person's own; the admin writes
 * the text; the register per section and its CSV. Append-only, audited by the child's number.
 */

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.app, { role: 'admin', name: 'Ana Admin' });
});
afterAll(() => t.close());

/** A birth date `years` years before today (14 exactly: the birthday is today). */
function bornYearsAgo(years: number): string {
  const today = todayIso();
  return `${String(Number(today.slice(0, 4)) - years).padStart(4, '0')}${today.slice(4)}`;
}

/** The day after `bornYearsAgo(14)`: 14 tomorrow. */
function fourteenTomorrow(): string {
  const d = new Date(`${bornYearsAgo(14)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

const get = (url: string, user?: TestUser) =>
  t.app.inject({ url, ...(user && { headers: user.headers }) });
const put = (url: string, user: TestUser, payload: unknown) =>
  t.app.inject({ method: 'PUT', url, headers: user.headers, payload: payload as object });
const post = (url: string, user: TestUser, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: user.headers, payload: payload as object });

async function family(opts: { birthDate?: string; section?: string; sectionId?: number } = {}) {
  const parent = await createUser(t.app, { name: 'Marta Familia' });
  const child = await createChildRow(t.app, {
    birthDate: opts.birthDate ?? bornYearsAgo(10),
    ...(opts.sectionId ? { sectionId: opts.sectionId } : { section: opts.section ?? 'Tropa' }),
    guardians: [parent.row.id],
  });
  return { parent, child };
}

async function consentRows(childId: number) {
  return t.app.ctx.db.kysely
    .selectFrom('child_consents')
    .selectAll()
    .where('child_id', '=', childId)
    .orderBy('id')
    .execute();
}

async function auditOf(childId: number) {
  return t.app.ctx.db.kysely
    .selectFrom('audit_log')
    .select(['action', 'actor_id', 'target_type', 'target_id', 'target_label', 'details'])
    .where('target_type', '=', 'child')
    .where('target_id', '=', childId)
    .where('action', '=', 'consent.recorded')
    .orderBy('id')
    .execute();
}

describe("a guardian's consents in 'Mis educandos'", () => {
  it('starts with no answer for every purpose: no record, no consent', async () => {
    const { parent, child } = await family();
    const res = await get(`/api/profile/children/${child.id}/consents`, parent);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      child_id: child.id,
      full_name: child.full_name,
      own_counts: false,
    });
    expect(body.text).toMatchObject({ version: 1, created_by: null });
    expect(body.text.body).toContain('Autorizo al grupo scout');
    expect(
      body.purposes.map((p: { purpose: string; state: string }) => [p.purpose, p.state]),
    ).toEqual([
      ['gallery', 'none'],
      ['web', 'none'],
      ['social', 'none'],
      ['press', 'none'],
    ]);
    expect(body.history).toEqual([]);
  });

  it('grants, then withdraws: two rows, two audit entries without the name, the latest counts', async () => {
    const { parent, child } = await family();
    const url = `/api/profile/children/${child.id}/consents`;
    const granted = await put(url, parent, { purpose: 'gallery', granted: true });
    expect(granted.statusCode).toBe(200);
    expect(granted.json().message).toBe(SERVER_SUCCESS.consentGranted);
    expect(granted.json().consents.purposes[0]).toMatchObject({
      purpose: 'gallery',
      state: 'granted',
      given_by: 'guardian',
      text_version: 1,
      outdated: false,
    });
    const withdrawn = await put(url, parent, { purpose: 'gallery', granted: false });
    expect(withdrawn.json().message).toBe(SERVER_SUCCESS.consentRefused);
    expect(withdrawn.json().consents.purposes[0].state).toBe('refused');
    expect(withdrawn.json().consents.history.map((h: { granted: boolean }) => h.granted)).toEqual([
      false,
      true,
    ]);
    expect(withdrawn.json().consents.history[0]).toMatchObject({
      given_by: 'guardian',
      recorded_by: 'Marta Familia',
      note: null,
    });

    const rows = await consentRows(child.id);
    expect(
      rows.map((r) => [r.purpose, r.granted, r.given_by, r.recorded_by, r.text_version]),
    ).toEqual([
      ['gallery', 1, 'guardian', parent.row.id, 1],
      ['gallery', 0, 'guardian', parent.row.id, 1],
    ]);
    const audit = await auditOf(child.id);
    expect(audit).toHaveLength(2);
    expect(audit[1]).toMatchObject({ actor_id: parent.row.id, target_label: null });
    expect(JSON.parse(audit[1]?.details ?? '{}')).toEqual({
      purpose: 'Galería del grupo',
      granted: 'no',
      given_by: 'La familia (en Fogata)',
    });
    // The audit trail never holds the child's name.
    expect(JSON.stringify(audit)).not.toContain(child.full_name);
  });

  it("answers 404 for another family's child, and for a child that does not exist", async () => {
    const { child } = await family();
    const stranger = await createUser(t.app);
    for (const url of [
      `/api/profile/children/${child.id}/consents`,
      '/api/profile/children/999999/consents',
    ]) {
      const read = await get(url, stranger);
      expect(read.statusCode).toBe(404);
      expect(read.json()).toEqual({ message: SERVER_ERRORS.childNotFound });
      const write = await put(url, stranger, { purpose: 'gallery', granted: true });
      expect(write.statusCode).toBe(404);
    }
    expect(await consentRows(child.id)).toEqual([]);
    // A scouter of the child's section is not a guardian: their way is the managers' call.
    const scouter = await createUser(t.app, { role: 'scouter' });
    await assignScouter(t.app, scouter.row.id, 'Tropa');
    expect((await get(`/api/profile/children/${child.id}/consents`, scouter)).statusCode).toBe(404);
  });

  it('refuses a bad purpose or a missing answer with Spanish messages', async () => {
    const { parent, child } = await family();
    const url = `/api/profile/children/${child.id}/consents`;
    const bad = await put(url, parent, { purpose: 'tiktok', granted: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MSG.consentPurposeInvalid);
    const missing = await put(url, parent, { purpose: 'web' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(MSG.consentGrantedRequired);
  });

  it("from the 14th birthday: the family's answer is refused and the old one stops counting", async () => {
    const { parent, child } = await family({ birthDate: bornYearsAgo(14) });
    await recordConsent(t.app, child.id, 'gallery', true);
    const url = `/api/profile/children/${child.id}/consents`;
    const read = (await get(url, parent)).json();
    expect(read.own_counts).toBe(true);
    expect(read.purposes[0].state).toBe('none');
    // The record is still in the history: nothing is deleted.
    expect(read.history).toHaveLength(1);
    const res = await put(url, parent, { purpose: 'gallery', granted: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SERVER_ERRORS.consentOwnFromFourteen);
    expect(await consentRows(child.id)).toHaveLength(1);
  });

  it('the day before the 14th birthday the family still answers', async () => {
    const { parent, child } = await family({ birthDate: fourteenTomorrow() });
    const res = await put(`/api/profile/children/${child.id}/consents`, parent, {
      purpose: 'web',
      granted: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().consents.own_counts).toBe(false);
  });
});

describe('a manager records paper forms and own consents', () => {
  it('an admin records a paper form for any child, with its note, by the child number in the audit', async () => {
    const { child } = await family({ section: 'Manada' });
    const res = await post(`/api/children/${child.id}/consents`, admin, {
      purpose: 'web',
      granted: true,
      given_by: 'paper',
      note: '  Hoja firmada el 3/10 ',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().consents.purposes[1]).toMatchObject({
      purpose: 'web',
      state: 'granted',
      given_by: 'paper',
    });
    expect(res.json().consents.history[0]).toMatchObject({
      given_by: 'paper',
      note: 'Hoja firmada el 3/10',
      recorded_by: 'Ana Admin',
    });
    const [entry] = await auditOf(child.id);
    expect(JSON.parse(entry?.details ?? '{}')).toEqual({
      purpose: 'Web pública',
      granted: 'sí',
      given_by: 'Hoja firmada',
    });
  });

  it('a paper form needs a note', async () => {
    const { child } = await family();
    const res = await post(`/api/children/${child.id}/consents`, admin, {
      purpose: 'web',
      granted: true,
      given_by: 'paper',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.consentNoteRequired);
    const guardian = await post(`/api/children/${child.id}/consents`, admin, {
      purpose: 'web',
      granted: true,
      given_by: 'guardian',
    });
    expect(guardian.statusCode).toBe(400);
    expect(guardian.json().message).toBe(MSG.consentGiverInvalid);
  });

  it('refuses own before 14 and paper from 14, records own from 14', async () => {
    const young = (await family({ birthDate: fourteenTomorrow() })).child;
    const teen = (await family({ birthDate: bornYearsAgo(15) })).child;
    const own = await post(`/api/children/${young.id}/consents`, admin, {
      purpose: 'gallery',
      granted: true,
      given_by: 'own',
    });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(SERVER_ERRORS.consentOwnBeforeFourteen);
    const paper = await post(`/api/children/${teen.id}/consents`, admin, {
      purpose: 'gallery',
      granted: true,
      given_by: 'paper',
      note: 'Hoja de la familia',
    });
    expect(paper.statusCode).toBe(400);
    expect(paper.json().message).toBe(SERVER_ERRORS.consentPaperFromFourteen);
    const ok = await post(`/api/children/${teen.id}/consents`, admin, {
      purpose: 'gallery',
      granted: true,
      given_by: 'own',
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().consents).toMatchObject({ own_counts: true });
    expect(ok.json().consents.purposes[0]).toMatchObject({ state: 'granted', given_by: 'own' });
    expect(await consentRows(young.id)).toEqual([]);
    expect(await consentRows(teen.id)).toHaveLength(1);
  });

  it("a scouter records only their sections' children (another's: 404)", async () => {
    const scouter = await createUser(t.app, { role: 'scouter' });
    const mine = await createSection(t.app);
    const theirs = await createSection(t.app);
    await assignScouter(t.app, scouter.row.id, [mine]);
    const ours = (await family({ sectionId: mine })).child;
    const other = (await family({ sectionId: theirs })).child;
    const body = { purpose: 'social', granted: false, given_by: 'paper', note: 'Hoja 12' };
    expect((await post(`/api/children/${ours.id}/consents`, scouter, body)).statusCode).toBe(201);
    const denied = await post(`/api/children/${other.id}/consents`, scouter, body);
    expect(denied.statusCode).toBe(404);
    expect(denied.json()).toEqual({ message: SERVER_ERRORS.childNotFound });
    expect((await get(`/api/children/${other.id}/consents`, scouter)).statusCode).toBe(404);
    expect((await get(`/api/children/${ours.id}/consents`, scouter)).json().history).toHaveLength(
      1,
    );
    expect(await consentRows(other.id)).toEqual([]);
  });

  it('is append-only: the API has no call that edits or deletes a record', async () => {
    const { child } = await family();
    await recordConsent(t.app, child.id, 'gallery', true);
    for (const method of ['DELETE', 'PATCH'] as const) {
      for (const url of [
        `/api/children/${child.id}/consents`,
        `/api/profile/children/${child.id}/consents`,
      ]) {
        const res = await t.app.inject({ method, url, headers: admin.headers });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    expect(await consentRows(child.id)).toHaveLength(1);
  });
});

describe('the consent text', () => {
  it('an admin writes a new version; the old answers count, marked as asked again', async () => {
    const { parent, child } = await family();
    await put(`/api/profile/children/${child.id}/consents`, parent, {
      purpose: 'gallery',
      granted: true,
    });
    const empty = await post('/api/consents/texts', admin, { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(MSG.consentTextRequired);
    const long = await post('/api/consents/texts', admin, { body: 'a'.repeat(5001) });
    expect(long.json().message).toBe(MSG.consentTextTooLong);

    const before = (await get('/api/consents/texts', admin)).json();
    const created = await post('/api/consents/texts', admin, { body: ' Nuevo texto del grupo. ' });
    expect(created.statusCode).toBe(201);
    const version = before[0].version + 1;
    expect(created.json()).toEqual({
      message: SERVER_SUCCESS.consentTextCreated(version),
      text: {
        version,
        body: 'Nuevo texto del grupo.',
        created_at: expect.any(String),
        created_by: 'Ana Admin',
      },
    });
    const texts = (await get('/api/consents/texts', admin)).json();
    expect(texts.map((x: { version: number }) => x.version)).toEqual([
      version,
      ...before.map((x: { version: number }) => x.version),
    ]);
    const mine = (await get(`/api/profile/children/${child.id}/consents`, parent)).json();
    expect(mine.text.version).toBe(version);
    expect(mine.purposes[0]).toMatchObject({ state: 'granted', outdated: true });
    // Answering again against the new text: no longer outdated.
    const again = await put(`/api/profile/children/${child.id}/consents`, parent, {
      purpose: 'gallery',
      granted: true,
    });
    expect(again.json().consents.purposes[0]).toMatchObject({
      text_version: version,
      outdated: false,
    });
    const audit = await t.app.ctx.db.kysely
      .selectFrom('audit_log')
      .select(['target_type', 'target_label', 'details'])
      .where('action', '=', 'consent_text.created')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({
      target_type: 'consent_text',
      target_label: `Versión ${version}`,
      details: JSON.stringify({ version: String(version) }),
    });
  });
});

describe('the register per section', () => {
  it('lists the section, per purpose as of today, paged, in a constant number of queries', async () => {
    const section = await createSection(t.app, { name: `Registro ${Date.now()}` });
    const a = await createChildRow(t.app, {
      sectionId: section,
      name: 'Ana Alba',
      birthDate: bornYearsAgo(9),
    });
    const b = await createChildRow(t.app, {
      sectionId: section,
      name: 'Bea Bosch',
      birthDate: bornYearsAgo(15),
    });
    await createChildRow(t.app, { sectionId: section, name: 'Ciro Gone', active: false });
    await recordConsent(t.app, a.id, 'gallery', true, { givenBy: 'paper' });
    await recordConsent(t.app, b.id, 'gallery', true, { givenBy: 'guardian' });
    await recordConsent(t.app, b.id, 'web', false, { givenBy: 'own' });

    const res = await get(`/api/consents/register?section=${section}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    const rows = res.json();
    expect(rows.map((r: { full_name: string }) => r.full_name)).toEqual(['Ana Alba', 'Bea Bosch']);
    expect(rows[0].purposes[0]).toMatchObject({ state: 'granted', given_by: 'paper' });
    // Bea is 15: her family's gallery answer no longer counts, her own refusal of web does.
    expect(rows[1]).toMatchObject({ own_counts: true });
    expect(rows[1].purposes.map((p: { state: string }) => p.state)).toEqual([
      'none',
      'refused',
      'none',
      'none',
    ]);
    const page2 = await get(`/api/consents/register?section=${section}&page=2&limit=1`, admin);
    expect(page2.json().map((r: { full_name: string }) => r.full_name)).toEqual(['Bea Bosch']);

    await get(`/api/consents/register?section=${section}`, admin);
    const few = await countQueries(t.app, () =>
      get(`/api/consents/register?section=${section}`, admin),
    );
    for (let i = 0; i < 5; i += 1) {
      const c = await createChildRow(t.app, { sectionId: section });
      await recordConsent(t.app, c.id, 'web', true);
    }
    // Warm again: the writes above emptied the read cache (the signed-in user is read again).
    await get(`/api/consents/register?section=${section}`, admin);
    const many = await countQueries(t.app, () =>
      get(`/api/consents/register?section=${section}`, admin),
    );
    expect(many.result.json()).toHaveLength(7);
    expect(many.queries).toBe(few.queries);
  });

  it("a scouter reads their own sections' register; another's is a 403; a bad section a 400", async () => {
    const scouter = await createUser(t.app, { role: 'scouter' });
    const mine = await createSection(t.app);
    const theirs = await createSection(t.app);
    await assignScouter(t.app, scouter.row.id, [mine]);
    expect((await get(`/api/consents/register?section=${mine}`, scouter)).statusCode).toBe(200);
    const denied = await get(`/api/consents/register?section=${theirs}`, scouter);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ message: SERVER_ERRORS.sectionNotManaged });
    const csv = await get(`/api/consents/register.csv?section=${theirs}`, scouter);
    expect(csv.statusCode).toBe(403);
    const none = await get('/api/consents/register', scouter);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(MSG.consentSectionRequired);
  });

  it('downloads as CSV for Excel: BOM, semicolons, Spanish header, defused formulas', async () => {
    const section = await createSection(t.app, { name: 'Pioneros Ñandú' });
    const a = await createChildRow(t.app, {
      sectionId: section,
      name: 'Ana López; "la peque"',
      birthDate: '2016-02-03',
    });
    const hostile = await createChildRow(t.app, {
      sectionId: section,
      name: '=cmd()',
      birthDate: '2015-01-01',
    });
    await recordConsent(t.app, a.id, 'gallery', true, { givenBy: 'paper' });
    await recordConsent(t.app, a.id, 'web', false);
    await recordConsent(t.app, hostile.id, 'gallery', true);

    const res = await get(`/api/consents/register.csv?section=${section}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="consentimientos-pioneros-nandu-${todayIso()}.csv"`,
    );
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe(
      'Educando;Fecha de nacimiento;Sección;Decide;' +
        'Galería del grupo;Galería del grupo: quién;Galería del grupo: fecha;' +
        'Web pública;Web pública: quién;Web pública: fecha;' +
        'Redes sociales;Redes sociales: quién;Redes sociales: fecha;' +
        'Medios de comunicación;Medios de comunicación: quién;Medios de comunicación: fecha',
    );
    const today = todayIso();
    // The formula gets an apostrophe and is never run; `;` and quotes are quoted.
    expect(lines[1]).toBe(
      `'=cmd();2015-01-01;Pioneros Ñandú;La familia;Sí;La familia (en Fogata);${today};Sin responder;;;Sin responder;;;Sin responder;;`,
    );
    expect(lines[2]).toBe(
      `"Ana López; ""la peque""";2016-02-03;Pioneros Ñandú;La familia;Sí;Hoja firmada;${today};No;La familia (en Fogata);${today};Sin responder;;;Sin responder;;`,
    );
    expect(lines[3]).toBe('');
    expect(lines).toHaveLength(4);
  });
});
