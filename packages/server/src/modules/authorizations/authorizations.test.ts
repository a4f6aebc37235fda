import { createHash } from 'node:crypto';
import {
  type AuthorizationForm,
  AUTHORIZATION_ERRORS as E,
  fillAuthorizationText,
  AUTHORIZATION_MESSAGES as M,
  normalizeDni,
} from '@fogata/shared';
import { SignJWT } from 'jose';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordStamp, signSession } from '../../lib/session-token.js';
import { insertSignableActivity, insertSignature } from '../../test/authorization-factories.js';
import { buildTestApp, type TestApp } from '../../test/build-app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { assignScouter, createChildRow, sectionId } from '../../test/family-factories.js';
import { nameDelegate } from '../../test/safeguarding-factories.js';
import { type SmtpReceiver, startSmtpReceiver } from '../../test/smtp.js';
import { AuthorizationsService } from './authorizations.service.js';

/*
 * The autorización signed online: a guardian reads the text filled for their child and signs it
 * with name, DNI/NIE and password (or a recent Google sign-in); the evidence is stored, the PDF
 * mailed and downloadable by the family and the managers; every refusal changes nothing.
 */

const DNI = '12345678Z';

let t: TestApp;
let smtp: SmtpReceiver;
let admin: TestUser;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await buildTestApp({ smtpUrl: smtp.url });
  admin = await createUser(t.app, { role: 'admin', name: 'Ana Admin' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const db = () => t.app.ctx.db.kysely;

/** An activity of the Tropa (or of `sections`), published unless said. */
async function createActivity(
  opts: {
    sections?: string[];
    status?: 'borrador' | 'publicada' | 'cancelada';
    startsIn?: number;
  } = {},
): Promise<number> {
  const sections = await Promise.all((opts.sections ?? ['Tropa']).map((n) => sectionId(t.app, n)));
  return insertSignableActivity(t.app, {
    sections,
    ...(opts.status && { status: opts.status }),
    ...(opts.startsIn !== undefined && { startsInMs: opts.startsIn }),
    inChargeId: admin.row.id,
  });
}

/** A Tropa child with two guardians. */
async function family(section = 'Tropa') {
  const mother = await createUser(t.app, { name: 'Lucía Gómez' });
  const father = await createUser(t.app, { name: 'Pablo Ruiz' });
  const child = await createChildRow(t.app, {
    name: 'Nora Ruiz',
    section,
    guardians: [mother.row.id, father.row.id],
  });
  return { mother, father, child };
}

const url = (activity: number, child: number) =>
  `/api/activities/${activity}/children/${child}/authorization`;

const get = (path: string, user: TestUser | { headers: Record<string, string> }) =>
  t.app.inject({ url: path, headers: user.headers });

async function form(activity: number, child: number, user: TestUser): Promise<AuthorizationForm> {
  const res = await get(url(activity, child), user);
  expect(res.statusCode).toBe(200);
  return res.json();
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** What the web does: fills the text with the typed name and DNI and sends its SHA-256. */
function shown(f: AuthorizationForm, fullName: string, dni: string): string {
  return fillAuthorizationText(f.template, {
    ...f.values,
    tutor: fullName.trim(),
    dni: normalizeDni(dni),
  });
}

async function sign(
  activity: number,
  child: number,
  user: TestUser | { headers: Record<string, string> },
  body: Record<string, unknown>,
) {
  return t.app.inject({
    method: 'POST',
    url: url(activity, child),
    headers: { ...user.headers, 'user-agent': 'Navegador de prueba/1.0' },
    payload: body,
  });
}

async function signAs(activity: number, child: number, user: TestUser, dni = DNI) {
  const f = await form(activity, child, user);
  return sign(activity, child, user, {
    full_name: user.row.name,
    dni,
    password: user.password,
    text_sha256: sha256(shown(f, user.row.name, dni)),
  });
}

function rowsOf(activity: number) {
  return db()
    .selectFrom('activity_authorizations')
    .selectAll()
    .where('activity_id', '=', activity)
    .orderBy('id')
    .execute();
}

async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** A session opened by Google `ageS` seconds ago. */
async function googleSession(user: TestUser, ageS: number) {
  const iat = Math.floor(Date.now() / 1000) - ageS;
  const token = await new SignJWT({
    id: user.row.id,
    email: user.row.email,
    role: user.row.role,
    name: user.row.name,
    pv: passwordStamp(user.row, t.app.ctx.jwtKey),
    via: 'google',
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + 7 * 24 * 3600)
    .sign(t.app.ctx.jwtKey);
  return { headers: { authorization: `Bearer ${token}` } };
}

describe('the form a guardian reads', () => {
  it('fills every placeholder but tutor and dni, in Spanish and Europe/Madrid', async () => {
    const { mother, child } = await family();
    const activity = await createActivity();
    await db()
      .updateTable('activities')
      .set({
        starts_at: '2027-03-14T09:00:00.000Z',
        ends_at: '2027-03-15T16:00:00.000Z',
        meeting_at: '2027-03-14T08:30:00.000Z',
        return_at: '2027-03-15T16:30:00.000Z',
      })
      .where('id', '=', activity)
      .execute();
    const delegate = await createUser(t.app, { role: 'scouter', name: 'Marta Delegada' });
    await nameDelegate(t.app, admin, delegate.row.id);
    const f = await form(activity, child.id, mother);
    expect(f.values).toEqual({
      educando: 'Nora Ruiz',
      actividad: 'Acampada de primavera',
      fechas: 'del domingo 14 de marzo de 2027 a las 10:00 al lunes 15 de marzo a las 17:00',
      lugar: 'Albergue de Gredos',
      punto_encuentro: 'Plaza Mayor, el domingo 14 de marzo a las 9:30',
      punto_regreso: 'Plaza Mayor, el lunes 15 de marzo a las 17:30',
      transporte: 'Autobús',
      responsable: 'Ana Admin',
      delegado_proteccion: 'Marta Delegada',
      contacto_proteccion: 'proteccion@grupo.org',
      clausula_medica:
        'Autorizo a que, en caso de urgencia y no pudiendo localizarme, se tomen las decisiones médico-quirúrgicas oportunas bajo prescripción facultativa.',
    });
    expect(f).toMatchObject({
      text_version: 1,
      full_name: 'Lucía Gómez',
      dni: null,
      confirm_with: 'password',
    });
    expect(f.template).toContain('{tutor}');
  });

  it('is a 404 for someone else’s child, a child outside the audience and a draft', async () => {
    const { child } = await family();
    const stranger = await createUser(t.app);
    const activity = await createActivity();
    const other = await get(url(activity, child.id), stranger);
    expect([other.statusCode, other.json().message]).toEqual([404, 'Educando no encontrado.']);

    const cub = await family('Manada');
    const outside = await get(url(activity, cub.child.id), cub.mother);
    expect([outside.statusCode, outside.json().message]).toEqual([404, E.childNotInActivity]);

    const draft = await createActivity({ status: 'borrador' });
    const { mother, child: own } = await family();
    const res = await get(url(draft, own.id), mother);
    expect([res.statusCode, res.json().message]).toEqual([404, E.activityNotFound]);
  });
});

describe('signing', () => {
  it('stores the evidence, keeps the DNI, audits without it and mails the PDF', async () => {
    const { mother, child } = await family();
    const activity = await createActivity();
    const f = await form(activity, child.id, mother);
    const text = shown(f, ' Lucía Gómez Pérez ', '12.345.678-z');
    const res = await sign(activity, child.id, mother, {
      full_name: ' Lucía Gómez Pérez ',
      dni: '12.345.678-z',
      password: mother.password,
      text_sha256: sha256(text),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      method: 'online',
      signer_name: 'Lucía Gómez Pérez',
      mine: true,
      message: M.signed,
    });

    const [row] = await rowsOf(activity);
    expect(row).toMatchObject({
      child_id: child.id,
      method: 'online',
      guardian_id: mother.row.id,
      signer_name: 'Lucía Gómez Pérez',
      signer_dni: DNI,
      text,
      text_sha256: sha256(text),
      text_version: 1,
      ip: '127.0.0.1',
      user_agent: 'Navegador de prueba/1.0',
      confirmed_with: 'password',
      withdrawn_at: null,
    });
    expect(text).toContain('Yo, Lucía Gómez Pérez, con DNI/NIE 12345678Z, como madre');
    expect((await get('/api/profile/dni', mother)).json()).toEqual({ dni: DNI });

    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'authorization.signed')
      .where('target_id', '=', row!.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details ?? '{}')).toEqual({
      activity: String(activity),
      child: String(child.id),
      dni: 'sí',
      confirmed_with: 'password',
      text_version: '1',
    });
    expect(JSON.stringify(audit)).not.toContain('12345678');

    const mail = await smtp.waitFor(mother.email, 10_000);
    expect(mail.subject).toBe('Autorización firmada: Acampada de primavera');
    const [pdf] = mail.attachments;
    expect(pdf).toMatchObject({
      filename: `autorizacion-${row!.id}.pdf`,
      contentType: 'application/pdf',
      cid: null,
    });
    const mailed = await pdfText(pdf!.content);
    expect(mailed).toContain('Nora Ruiz');
    expect(mailed).toContain('12345678Z');
    expect(mailed).toContain(sha256(text));
    expect(mailed).toContain('127.0.0.1');
  });

  it('refuses bad input with its Spanish error and changes nothing', async () => {
    const { mother, child } = await family();
    const stranger = await createUser(t.app);
    const activity = await createActivity();
    const f = await form(activity, child.id, mother);
    const good = {
      full_name: 'Lucía Gómez',
      dni: DNI,
      password: mother.password,
      text_sha256: sha256(shown(f, 'Lucía Gómez', DNI)),
    };
    const cases: [TestUser, Record<string, unknown>, number, string][] = [
      [mother, { ...good, dni: '12345678A' }, 400, 'El DNI/NIE no es válido: revisa la letra.'],
      [mother, { ...good, password: 'no-es-esta' }, 400, E.passwordWrong],
      [mother, { ...good, password: undefined }, 400, E.passwordRequired],
      [mother, { ...good, text_sha256: sha256('otro texto') }, 409, E.textChanged],
      [stranger, { ...good, password: stranger.password }, 404, 'Educando no encontrado.'],
    ];
    for (const [user, body, status, error] of cases) {
      const res = await sign(activity, child.id, user, body);
      expect([res.statusCode, res.json().message]).toEqual([status, error]);
    }
    expect(await rowsOf(activity)).toEqual([]);
    expect((await get('/api/profile/dni', mother)).json()).toEqual({ dni: null });
  });

  it('refuses after the start, for a cancelled activity, and a second signature', async () => {
    const { mother, child } = await family();
    const started = await createActivity({ startsIn: -3600_000 });
    const late = await signAs(started, child.id, mother);
    expect([late.statusCode, late.json().message]).toEqual([409, E.started]);
    const cancelled = await createActivity({ status: 'cancelada' });
    const off = await signAs(cancelled, child.id, mother);
    expect([off.statusCode, off.json().message]).toEqual([409, E.notSignable]);
    expect([...(await rowsOf(started)), ...(await rowsOf(cancelled))]).toEqual([]);

    const activity = await createActivity();
    expect((await signAs(activity, child.id, mother)).statusCode).toBe(201);
    const again = await signAs(activity, child.id, mother);
    expect([again.statusCode, again.json().message]).toEqual([409, E.alreadySigned]);
    expect(await rowsOf(activity)).toHaveLength(1);
  });

  it('stores one signature when the same guardian signs from two tabs at once', async () => {
    const { mother, father, child } = await family();
    const activity = await createActivity();
    const results = await Promise.all([
      signAs(activity, child.id, mother),
      signAs(activity, child.id, mother),
      signAs(activity, child.id, father, '87654321X'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().message).toBe(E.alreadySigned);
    const rows = await rowsOf(activity);
    expect(rows.map((r) => r.guardian_id).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      [mother.row.id, father.row.id].sort((a, b) => a - b),
    );
  });

  it('takes a Google sign-in of the last minutes instead of the password, not an older one', async () => {
    const { mother, child } = await family();
    const activity = await createActivity();
    const stale = await googleSession(mother, 20 * 60);
    const f = await form(activity, child.id, mother);
    const body = {
      full_name: 'Lucía Gómez',
      dni: DNI,
      text_sha256: sha256(shown(f, 'Lucía Gómez', DNI)),
    };
    const old = await sign(activity, child.id, stale, body);
    expect([old.statusCode, old.json().message]).toEqual([400, E.googleStale]);
    expect(await rowsOf(activity)).toEqual([]);

    const fresh = await googleSession(mother, 60);
    expect((await get(url(activity, child.id), fresh)).json().confirm_with).toBe('google');
    const res = await sign(activity, child.id, fresh, body);
    expect(res.statusCode).toBe(201);
    expect((await rowsOf(activity))[0]?.confirmed_with).toBe('google');
  });

  it('stamps a Google sign-in on the session the sign-in opens, and no other', async () => {
    const user = await createUser(t.app);
    const google = await signSession(user.row, t.app.ctx.jwtKey, 'google');
    const payload = (token: string) =>
      JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    expect(payload(google).via).toBe('google');
    expect(payload(user.token).via).toBeUndefined();
  });

  it('lets a guardian withdraw their own signature until the start, and sign again', async () => {
    const { mother, father, child } = await family();
    const activity = await createActivity();
    expect((await signAs(activity, child.id, mother)).statusCode).toBe(201);
    const del = (user: TestUser) =>
      t.app.inject({ method: 'DELETE', url: url(activity, child.id), headers: user.headers });
    const notHis = await del(father);
    expect([notHis.statusCode, notHis.json().message]).toEqual([409, E.noSignatureToWithdraw]);
    expect((await del(mother)).statusCode).toBe(204);
    const [withdrawn] = await rowsOf(activity);
    expect(withdrawn?.withdrawn_at).not.toBeNull();
    expect((await signAs(activity, child.id, mother)).statusCode).toBe(201);
    expect(await rowsOf(activity)).toHaveLength(2);

    await db()
      .updateTable('activities')
      .set({ starts_at: new Date(Date.now() - 60_000).toISOString() })
      .where('id', '=', activity)
      .execute();
    const late = await del(mother);
    expect([late.statusCode, late.json().message]).toEqual([409, E.started]);
    expect((await rowsOf(activity)).filter((r) => r.withdrawn_at === null)).toHaveLength(1);
  });
});

describe('the PDF', () => {
  it('goes to the child’s guardians and the managers; the DNI only to its owner and managers', async () => {
    const { mother, father, child } = await family();
    const activity = await createActivity();
    const signed = await signAs(activity, child.id, mother);
    const id = signed.json().id as number;
    const scouter = await createUser(t.app, { role: 'scouter' });
    await assignScouter(t.app, scouter.row.id, 'Tropa');
    const otherScouter = await createUser(t.app, { role: 'scouter' });
    await assignScouter(t.app, otherScouter.row.id, 'Manada');
    const stranger = await createUser(t.app);

    const pdfOf = (user: TestUser) => get(`/api/authorizations/${id}/pdf`, user);
    for (const user of [mother, scouter, admin]) {
      const res = await pdfOf(user);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const text = await pdfText(res.rawPayload);
      expect(text).toContain('Lucía Gómez');
      expect(text).toContain('12345678Z');
    }
    const theirs = await pdfOf(father);
    expect(theirs.statusCode).toBe(200);
    const hidden = await pdfText(theirs.rawPayload);
    expect(hidden).toContain('Nora Ruiz');
    expect(hidden).not.toContain('12345678');
    for (const user of [otherScouter, stranger]) {
      const res = await pdfOf(user);
      expect([res.statusCode, res.json().message]).toEqual([404, E.authorizationNotFound]);
    }
  });
});

describe('the DNI/NIE on the profile', () => {
  it('is kept normalised after its letter is checked, and audited without it', async () => {
    const user = await createUser(t.app);
    const put = (dni: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/profile/dni',
        headers: user.headers,
        payload: { dni },
      });
    const bad = await put('X1234567X');
    expect([bad.statusCode, bad.json().message]).toEqual([400, E.dniLetter]);
    expect((await put('x-1234567-l')).json()).toEqual({ dni: 'X1234567L' });
    expect((await get('/api/profile/dni', user)).json()).toEqual({ dni: 'X1234567L' });
    const audit = await db()
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'dni.changed')
      .where('actor_id', '=', user.row.id)
      .executeTakeFirstOrThrow();
    expect(audit.details).toBe('{"dni":"sí"}');
  });
});

describe('the member’s data and leaving', () => {
  it('exports their signatures with the evidence and their children’s answers', async () => {
    const { mother, child } = await family();
    const activity = await createActivity();
    expect((await signAs(activity, child.id, mother)).statusCode).toBe(201);
    const now = new Date().toISOString();
    await db()
      .insertInto('activity_signups')
      .values({
        activity_id: activity,
        child_id: child.id,
        status: 'va',
        queued_at: now,
        answers: '{"1":"Sin alergias","2":true}',
        updated_by: mother.row.id,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const body = (await get('/api/profile/me/export', mother)).json();
    expect(body.authorizations).toEqual([
      expect.objectContaining({
        activity_id: activity,
        activity_title: 'Acampada de primavera',
        child_id: child.id,
        child_name: 'Nora Ruiz',
        signer_name: 'Lucía Gómez',
        signer_dni: DNI,
        confirmed_with: 'password',
        ip: '127.0.0.1',
        withdrawn_at: null,
      }),
    ]);
    expect(body.children[0].activities).toEqual([
      {
        activity_id: activity,
        activity_title: 'Acampada de primavera',
        signup: 'va',
        answers: { '1': 'Sin alergias', '2': true },
        updated_at: now,
      },
    ]);
    // The other guardian's export carries the answers, not her signature.
    const other = await get('/api/profile/me/export', (await family()).father);
    expect(other.json().authorizations).toEqual([]);
  });

  it('keeps a signed autorización with the name and DNI as signed when the account goes', async () => {
    const { mother, child } = await family();
    const activity = await createActivity();
    const id = (await signAs(activity, child.id, mother)).json().id as number;
    const gone = await t.app.inject({
      method: 'DELETE',
      url: '/api/profile/me',
      headers: mother.headers,
      payload: { password: mother.password },
    });
    expect(gone.statusCode).toBe(200);
    const [row] = await rowsOf(activity);
    expect(row).toMatchObject({
      id,
      guardian_id: null,
      signer_name: 'Lucía Gómez',
      signer_dni: DNI,
    });
    const pdf = await get(`/api/authorizations/${id}/pdf`, admin);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Lucía Gómez');
    expect(text).toContain(M.pdfAccountGone);
  });

  it('deletes the autorizaciones of activities ended more than five years ago, with their scans', async () => {
    const { mother, child } = await family();
    const old = await createActivity({ startsIn: -(5 * 365 + 5) * 24 * 3600_000 });
    const recent = await createActivity({ startsIn: -(4 * 365) * 24 * 3600_000 });
    const key = 'private/authorizations/0123456789abcdef0123456789abcdef.jpg';
    await t.app.ctx.storage.save(key, Buffer.from('escaneo'), 'image/jpeg');
    await insertSignature(t.app, old, child.id, mother.row.id);
    const paper = await insertSignature(t.app, old, child.id, null);
    await db()
      .updateTable('activity_authorizations')
      .set({ method: 'paper', paper_key: key })
      .where('id', '=', paper)
      .execute();
    const kept = await insertSignature(t.app, recent, child.id, mother.row.id);
    const removed = await new AuthorizationsService(t.app.ctx).sweepExpired();
    expect(removed).toBe(2);
    expect(await rowsOf(old)).toEqual([]);
    expect((await rowsOf(recent)).map((r) => r.id)).toEqual([kept]);
    expect(await t.app.ctx.storage.read(key)).toBeNull();
  });
});
