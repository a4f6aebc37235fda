import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MSG, SERVER_ERRORS, SERVER_SUCCESS } from '@fogata/shared';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { passwordWork } from '../../lib/passwords.js';
import { hashToken, newLinkToken } from '../../lib/tokens.js';
import { loadConfig } from '../../startup.js';
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/build-app.js';
import {
  changeRole,
  createInvitation,
  createUser,
  deleteAccount,
  isoFromNow,
  PASSWORD,
} from '../../test/factories.js';
import { multipart } from '../../test/images.js';
import { expectSessionAnswer } from '../../test/sessions.js';
import { linkIn, type SmtpReceiver, startSmtpReceiver } from '../../test/smtp.js';
import { UsersRepository } from '../users/users.repository.js';
import { PasswordResetsRepository } from './auth.repository.js';

let t: TestApp;
let smtp: SmtpReceiver;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await buildTestApp({ smtpUrl: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url, payload: payload as object, headers });
}

/** A reset link's token for `userId`, straight in the database, expiring in `ttlMs`. */
async function resetToken(userId: number, ttlMs = 3_600_000): Promise<string> {
  const token = newLinkToken();
  await new PasswordResetsRepository(t.app.ctx.db).insert(
    userId,
    hashToken(token),
    isoFromNow(ttlMs),
    isoFromNow(0),
  );
  return token;
}

function decodePayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
}

describe('POST /api/auth/login', () => {
  it('signs in with the right password and returns user, token and message', async () => {
    const u = await createUser(t.app, { role: 'scouter', email: 'Ana@Example.org' });
    const res = await post('/api/auth/login', { email: '  ANA@example.org ', password: PASSWORD });
    const body = expectSessionAnswer(res, 200, SERVER_SUCCESS.login, {
      id: u.row.id,
      name: u.row.name,
      email: 'ana@example.org',
      role: 'scouter',
      avatar_url: null,
      created_at: u.row.created_at,
    });
    const payload = decodePayload(body.token);
    expect(payload).toMatchObject({
      id: u.row.id,
      email: 'ana@example.org',
      role: 'scouter',
      name: u.row.name,
    });
    expect(Number(payload.exp) - Number(payload.iat)).toBe(7 * 24 * 3600);
    const me = await t.app.inject({
      url: '/api/profile/me',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(me.statusCode).toBe(200);
  });

  it('answers 401 for a wrong password and for an unknown address, with the same text', async () => {
    const u = await createUser(t.app);
    const wrong = await post('/api/auth/login', { email: u.email, password: 'otra-cosa-123' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: SERVER_ERRORS.invalidCredentials });
    const unknown = await post('/api/auth/login', { email: 'nadie@example.org', password: 'x' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ message: SERVER_ERRORS.invalidCredentials });
  });

  it('validates the body with the Spanish messages', async () => {
    const missing = await post('/api/auth/login', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      message: MSG.emailRequired,
      errors: [
        { field: 'email', message: MSG.emailRequired },
        { field: 'password', message: MSG.passwordRequired },
      ],
    });
    const invalid = await post('/api/auth/login', { email: 'no-es-email', password: 'x' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe(MSG.emailInvalid);
    const types = await post('/api/auth/login', { email: 42, password: ['x'] });
    expect(types.statusCode).toBe(400);
    expect(types.json().errors).toEqual([
      { field: 'email', message: MSG.emailRequired },
      { field: 'password', message: MSG.passwordRequired },
    ]);
    const long = await post('/api/auth/login', { email: 'a@b.es', password: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(MSG.passwordTooLong);
    const tooLongEmail = await post('/api/auth/login', {
      email: `${'a'.repeat(250)}@b.es`,
      password: 'x',
    });
    expect(tooLongEmail.statusCode).toBe(400);
    expect(tooLongEmail.json().message).toBe(MSG.emailInvalid);
  });

  it('rejects malformed JSON, a non-object body and a wrong content type', async () => {
    const malformed = await post('/api/auth/login', '{"email":', {
      'content-type': 'application/json',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: SERVER_ERRORS.malformedJson });
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: SERVER_ERRORS.malformedJson });
    const array = await post('/api/auth/login', '[1,2]', { 'content-type': 'application/json' });
    expect(array.statusCode).toBe(400);
    expect(array.json().message).toBe(SERVER_ERRORS.validation);
    const text = await post('/api/auth/login', 'email=a@b.es', { 'content-type': 'text/plain' });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ message: SERVER_ERRORS.unsupportedMediaType });
    // Multipart is read only by the routes that take files (decision 031).
    const form = multipart({ email: 'a@b.es', password: 'x' });
    const multi = await post('/api/auth/login', form.payload, form.headers);
    expect(multi.statusCode).toBe(415);
    expect(multi.json()).toEqual({ message: SERVER_ERRORS.unsupportedMediaType });
    const none = await t.app.inject({ method: 'POST', url: '/api/auth/login' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(SERVER_ERRORS.validation);
  });
});

describe('session tokens', () => {
  it('rejects a missing, malformed, tampered, expired or unsigned token', async () => {
    const u = await createUser(t.app);
    const get = (authorization?: string) =>
      t.app.inject({ url: '/api/profile/me', headers: authorization ? { authorization } : {} });

    const none = await get();
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: SERVER_ERRORS.unauthenticated });

    for (const header of ['Basic abc', 'Bearer', 'Bearer not.a.jwt']) {
      const res = await get(header);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: SERVER_ERRORS.invalidToken });
    }

    // Tampered: the payload claims admin, the signature is the original one.
    const [h, , s] = u.token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...decodePayload(u.token), id: u.row.id, role: 'admin' }),
    ).toString('base64url');
    const tampered = await get(`Bearer ${h}.${forged}.${s}`);
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json()).toEqual({ message: SERVER_ERRORS.invalidToken });

    // alg: none, no signature.
    const noneHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString(
      'base64url',
    );
    const unsigned = await get(`Bearer ${noneHeader}.${forged}.`);
    expect(unsigned.statusCode).toBe(401);

    // Signed with another secret.
    const otherKey = new TextEncoder().encode('otro-secreto-que-no-es-el-nuestro-000000');
    const foreign = await new SignJWT({ id: u.row.id, email: u.email, role: 'admin', name: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(otherKey);
    expect((await get(`Bearer ${foreign}`)).statusCode).toBe(401);

    // Expired, signed with the right key.
    const past = Math.floor(Date.now() / 1000) - 3600;
    const expired = await new SignJWT({ id: u.row.id, email: u.email, role: 'usuario', name: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(past - 60)
      .setExpirationTime(past)
      .sign(t.app.ctx.jwtKey);
    const res = await get(`Bearer ${expired}`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: SERVER_ERRORS.invalidToken });

    expect((await get(`Bearer ${u.token}`)).statusCode).toBe(200);
  });

  it("stops a deleted user's token at once", async () => {
    const admin = await createUser(t.app, { role: 'admin' });
    const u = await createUser(t.app);
    const del = await deleteAccount(t.app, admin, u.row.id);
    expect(del.statusCode).toBe(200);
    const res = await t.app.inject({ url: '/api/profile/me', headers: u.headers });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: SERVER_ERRORS.invalidToken });
  });

  it('applies a demotion at once, even with the old token', async () => {
    const boss = await createUser(t.app, { role: 'admin' });
    const other = await createUser(t.app, { role: 'admin' });
    expect(
      (await t.app.inject({ url: '/api/admin/users', headers: other.headers })).statusCode,
    ).toBe(200);
    const demote = await changeRole(t.app, boss, other.row.id, 'usuario');
    expect(demote.statusCode).toBe(200);
    const after = await t.app.inject({ url: '/api/admin/users', headers: other.headers });
    expect(after.statusCode).toBe(403);
    expect(after.json()).toEqual({ message: SERVER_ERRORS.adminOnly });
  });
});

describe('session tokens and password changes', () => {
  const me = (token: string) =>
    t.app.inject({ url: '/api/profile/me', headers: { authorization: `Bearer ${token}` } });

  /** A token signed with the app's key, with the claims and times given (seconds). */
  function signed(claims: Record<string, unknown>, times: { iat?: number; exp?: number }) {
    let jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' });
    if (times.iat !== undefined) jwt = jwt.setIssuedAt(times.iat);
    if (times.exp !== undefined) jwt = jwt.setExpirationTime(times.exp);
    return jwt.sign(t.app.ctx.jwtKey);
  }

  it('refuses a token without exp or without iat, even signed with our key', async () => {
    const u = await createUser(t.app);
    const claims = { id: u.row.id, email: u.email, role: u.row.role, name: u.row.name };
    const now = Math.floor(Date.now() / 1000);
    for (const times of [{ iat: now }, { exp: now + 3600 }, {}]) {
      const res = await me(await signed(claims, times));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: SERVER_ERRORS.invalidToken });
    }
    expect((await me(await signed(claims, { iat: now, exp: now + 3600 }))).statusCode).toBe(200);
  });

  it('ends every session issued before a reset and keeps one issued after, in the same second', async () => {
    // The clock stands still: every token and the reset share one millisecond.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2030-05-04T10:00:00.250Z') });
    try {
      const u = await createUser(t.app);
      const login = async (password: string) =>
        (await post('/api/auth/login', { email: u.email, password })).json().token as string;
      const before = await login(PASSWORD);
      expect((await me(before)).statusCode).toBe(200);
      const reset = await post('/api/auth/reset-password', {
        token: await resetToken(u.row.id),
        password: 'nueva-clave-99',
      });
      expect(reset.statusCode).toBe(200);
      const after = await login('nueva-clave-99');
      expect(decodePayload(after).iat).toBe(decodePayload(before).iat);
      for (const old of [u.token, before]) {
        const res = await me(old);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: SERVER_ERRORS.invalidToken });
      }
      expect((await me(after)).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads tokens signed before the password stamp by their issue second, conservatively', async () => {
    const u = await createUser(t.app);
    const claims = { id: u.row.id, email: u.email, role: u.row.role, name: u.row.name };
    const now = Math.floor(Date.now() / 1000);
    const legacy = (iat: number) => signed(claims, { iat, exp: iat + 3600 });
    // No password change yet: an old token stands.
    expect((await me(await legacy(now - 10))).statusCode).toBe(200);
    await new UsersRepository(t.app.ctx.db).update(u.row.id, {
      password_changed_at: new Date((now - 5) * 1000 + 400).toISOString(),
    });
    expect((await me(await legacy(now - 10))).statusCode).toBe(401);
    // Issued in the very second of the change: it may predate it, so it ends too.
    expect((await me(await legacy(now - 5))).statusCode).toBe(401);
    expect((await me(await legacy(now - 4))).statusCode).toBe(200);
  });
});

describe('password reset', () => {
  it('gives the same answer for an unknown address and mails nothing', async () => {
    const res = await post('/api/auth/forgot-password', { email: 'fantasma@example.org' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: SERVER_SUCCESS.forgotPassword });
    await expect(smtp.waitFor('fantasma@example.org', 300)).rejects.toThrow();
  });

  it('mails a working, single-use link valid for one hour', async () => {
    const u = await createUser(t.app, { email: 'olvido@example.org' });
    const res = await post('/api/auth/forgot-password', { email: 'OLVIDO@example.org' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: SERVER_SUCCESS.forgotPassword });

    const mail = await smtp.waitFor(u.email);
    expect(mail.subject).toBe('Restablece tu contraseña de Grupo Scout Fogata 1');
    expect(mail.from).toContain('Grupo Scout Fogata 1');
    expect(mail.text).toContain('1 hora');
    const link = linkIn(mail.text, /http:\/\/fogata\.test\/reset-password\?token=[A-Za-z0-9_-]+/);
    expect(mail.html).toContain(link);
    expect(link.startsWith(`${TEST_PUBLIC_URL}/reset-password?token=`)).toBe(true);
    const token = new URL(link).searchParams.get('token')!;

    const reset = await post('/api/auth/reset-password', { token, password: 'nueva-clave-99' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: SERVER_SUCCESS.resetPassword });

    const oldLogin = await post('/api/auth/login', { email: u.email, password: PASSWORD });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await post('/api/auth/login', { email: u.email, password: 'nueva-clave-99' });
    expect(newLogin.statusCode).toBe(200);

    const again = await post('/api/auth/reset-password', { token, password: 'otra-clave-99' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: SERVER_ERRORS.resetTokenInvalid });
  });

  it('ends the sessions opened before the reset, keeps the ones opened after', async () => {
    const u = await createUser(t.app);
    await post('/api/auth/forgot-password', { email: u.email });
    const link = linkIn(
      (await smtp.waitFor(u.email)).text,
      /http:\/\/fogata\.test\/reset-password\?token=[A-Za-z0-9_-]+/,
    );
    const token = new URL(link).searchParams.get('token')!;
    expect((await t.app.inject({ url: '/api/profile/me', headers: u.headers })).statusCode).toBe(
      200,
    );
    const reset = await post('/api/auth/reset-password', { token, password: 'nueva-clave-99' });
    expect(reset.statusCode).toBe(200);

    const old = await t.app.inject({ url: '/api/profile/me', headers: u.headers });
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ message: SERVER_ERRORS.invalidToken });
    const login = await post('/api/auth/login', { email: u.email, password: 'nueva-clave-99' });
    const fresh = await t.app.inject({
      url: '/api/profile/me',
      headers: { authorization: `Bearer ${login.json().token}` },
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('closes the other open links once one is used', async () => {
    const u = await createUser(t.app);
    await post('/api/auth/forgot-password', { email: u.email });
    const first = await smtp.waitFor(u.email);
    await post('/api/auth/forgot-password', { email: u.email });
    const second = await smtp.waitFor(u.email);
    const tokenOf = (text: string) =>
      new URL(linkIn(text, /http:\/\/\S+token=[A-Za-z0-9_-]+/)).searchParams.get('token')!;
    const used = await post('/api/auth/reset-password', {
      token: tokenOf(second.text),
      password: 'nueva-clave-99',
    });
    expect(used.statusCode).toBe(200);
    const stale = await post('/api/auth/reset-password', {
      token: tokenOf(first.text),
      password: 'nueva-clave-98',
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual({ message: SERVER_ERRORS.resetTokenInvalid });
  });

  it('refuses an expired or unknown token, and validates the body', async () => {
    const u = await createUser(t.app);
    await post('/api/auth/forgot-password', { email: u.email });
    const mail = await smtp.waitFor(u.email);
    const token = new URL(linkIn(mail.text, /http:\/\/\S+token=[A-Za-z0-9_-]+/)).searchParams.get(
      'token',
    )!;
    await t.app.ctx.db.kysely
      .updateTable('password_resets')
      .set({ expires_at: isoFromNow(-1000) })
      .where('user_id', '=', u.row.id)
      .execute();
    const expired = await post('/api/auth/reset-password', { token, password: 'nueva-clave-99' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ message: SERVER_ERRORS.resetTokenInvalid });

    const unknown = await post('/api/auth/reset-password', {
      token: 'no-existe',
      password: 'nueva-clave-99',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: SERVER_ERRORS.resetTokenInvalid });

    const short = await post('/api/auth/reset-password', { token, password: 'corta' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      message: MSG.passwordMin,
      errors: [{ field: 'password', message: MSG.passwordMin }],
    });
    const missing = await post('/api/auth/reset-password', { password: 'nueva-clave-99' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(MSG.tokenRequired);

    const forgotInvalid = await post('/api/auth/forgot-password', { email: 'x@' });
    expect(forgotInvalid.statusCode).toBe(400);
    expect(forgotInvalid.json().message).toBe(MSG.emailInvalid);
  });
});

describe('password reset under load', () => {
  it('looks at the token before hashing: an unknown or expired one costs no scrypt', async () => {
    const u = await createUser(t.app);
    const expired = await resetToken(u.row.id, -1000);
    const before = passwordWork().total;
    for (const token of [newLinkToken(), 'no-existe', expired]) {
      const res = await post('/api/auth/reset-password', { token, password: 'nueva-clave-99' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: SERVER_ERRORS.resetTokenInvalid });
    }
    expect(passwordWork().total).toBe(before);
  });

  it('changes the password once when one token comes in several requests at once', async () => {
    const u = await createUser(t.app);
    const token = await resetToken(u.row.id);
    const passwords = Array.from({ length: 6 }, (_, i) => `clave-paralela-${i}`);
    const answers = await Promise.all(
      passwords.map((password) => post('/api/auth/reset-password', { token, password })),
    );
    const won = answers.findIndex((res) => res.statusCode === 200);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400, 400, 400, 400, 400]);
    for (const [i, password] of passwords.entries()) {
      const login = await post('/api/auth/login', { email: u.email, password });
      expect(login.statusCode).toBe(i === won ? 200 : 401);
    }
  });
});

describe('POST /api/auth/register-invited', () => {
  it('accepts the invitation once and signs the new user in', async () => {
    const inv = await createInvitation(t.app, { email: 'nueva@example.org', role: 'scouter' });
    const res = await post('/api/auth/register-invited', {
      token: inv.token,
      name: '  Nueva Scouter ',
      password: 'una-clave-larga',
    });
    const body = expectSessionAnswer(res, 201, SERVER_SUCCESS.register, {
      id: expect.any(Number),
      name: 'Nueva Scouter',
      email: 'nueva@example.org',
      role: 'scouter',
      avatar_url: null,
      created_at: expect.any(String),
    });
    expect(decodePayload(body.token)).toMatchObject({ id: body.user.id, role: 'scouter' });

    const again = await post('/api/auth/register-invited', {
      token: inv.token,
      name: 'Otra',
      password: 'una-clave-larga',
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: SERVER_ERRORS.invitationInvalid });

    const login = await post('/api/auth/login', {
      email: 'nueva@example.org',
      password: 'una-clave-larga',
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses unknown and expired invitations, and an address already registered', async () => {
    const unknown = await post('/api/auth/register-invited', {
      token: 'desconocido',
      name: 'X',
      password: 'una-clave-larga',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: SERVER_ERRORS.invitationInvalid });

    const expired = await createInvitation(t.app, { expiresAt: isoFromNow(-1000) });
    const res = await post('/api/auth/register-invited', {
      token: expired.token,
      name: 'X',
      password: 'una-clave-larga',
    });
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({ message: SERVER_ERRORS.invitationExpired });

    const taken = await createUser(t.app);
    const inv = await createInvitation(t.app, { email: taken.email });
    const conflict = await post('/api/auth/register-invited', {
      token: inv.token,
      name: 'X',
      password: 'una-clave-larga',
    });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({ message: SERVER_ERRORS.emailTaken });
  });

  it('refuses a bad invitation before hashing the password', async () => {
    const expired = await createInvitation(t.app, { expiresAt: isoFromNow(-1000) });
    const taken = await createInvitation(t.app, { email: (await createUser(t.app)).email });
    const before = passwordWork().total;
    for (const token of ['desconocido', expired.token, taken.token]) {
      const res = await post('/api/auth/register-invited', {
        token,
        name: 'X',
        password: 'una-clave-larga',
      });
      expect([404, 409, 410]).toContain(res.statusCode);
    }
    expect(passwordWork().total).toBe(before);
  });

  it('validates name, password and token', async () => {
    const inv = await createInvitation(t.app);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ token: inv.token, name: '', password: 'una-clave-larga' }, 'name', MSG.nameRequired],
      [
        { token: inv.token, name: 'x'.repeat(101), password: 'una-clave-larga' },
        'name',
        MSG.nameTooLong,
      ],
      [{ token: inv.token, name: 'Ana', password: '1234567' }, 'password', MSG.passwordMin],
      [{ token: inv.token, name: 'Ana' }, 'password', MSG.passwordRequired],
      [{ name: 'Ana', password: 'una-clave-larga' }, 'token', MSG.tokenRequired],
      [{ token: inv.token, name: 7, password: 'una-clave-larga' }, 'name', MSG.nameRequired],
    ];
    for (const [payload, field, message] of cases) {
      const res = await post('/api/auth/register-invited', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message, errors: [{ field, message }] });
    }
    // Still usable after all those failures.
    const verify = await t.app.inject({ url: `/api/invitations/verify/${inv.token}` });
    expect(verify.statusCode).toBe(200);
  });
});

describe('rate limit', () => {
  it('answers 429 after AUTH_RATE_LIMIT tries a minute on every anonymous auth call', async () => {
    const limited = await buildTestApp({ authRateLimit: 3 });
    try {
      const calls: [string, Record<string, string>][] = [
        ['/api/auth/login', { email: 'x@example.org', password: 'y' }],
        ['/api/auth/forgot-password', { email: 'x@example.org' }],
        ['/api/auth/reset-password', { token: 'x', password: 'nueva-clave-99' }],
        ['/api/auth/register-invited', { token: 'x', name: 'X', password: 'una-clave-larga' }],
      ];
      for (const [url, payload] of calls) {
        for (let i = 0; i < 3; i++) {
          const res = await limited.app.inject({ method: 'POST', url, payload });
          expect(res.statusCode).not.toBe(429);
        }
        const res = await limited.app.inject({ method: 'POST', url, payload });
        expect(res.statusCode).toBe(429);
        expect(res.json()).toEqual({ message: SERVER_ERRORS.tooManyRequests });
      }
      // Counted in the database, so every app instance on it counts the same tries.
      const counters = await limited.app.ctx.db.kysely
        .selectFrom('rate_limits')
        .select(['key', 'count'])
        .execute();
      for (const [url] of calls) {
        expect(counters.find((row) => row.key.includes(`POST /api${url.slice(4)}|`))).toMatchObject(
          {
            count: 4,
          },
        );
      }
      // A forged X-Forwarded-For does not buy more tries (no proxy is trusted by default).
      const forged = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'x@example.org', password: 'y' },
        headers: { 'x-forwarded-for': '203.0.113.7' },
      });
      expect(forged.statusCode).toBe(429);
      // Another client (IP) is not affected.
      const other = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'x@example.org', password: 'y' },
        remoteAddress: '10.0.0.9',
      });
      expect(other.statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });

  /** An app with `AUTH_RATE_LIMIT=3` and `TRUST_PROXY` as given, read by the configuration. */
  async function behindProxy(value: string): Promise<TestApp> {
    const dataDir = mkdtempSync(join(tmpdir(), 'fogata-proxy-'));
    try {
      return await buildTestApp({
        authRateLimit: 3,
        trustProxy: loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: value }).trustProxy,
      });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  /** A login whose X-Forwarded-For ends with `hops` after a random, client-written part. */
  const loginVia = (app: TestApp, remoteAddress: string, ...hops: string[]) =>
    app.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'x@example.org', password: 'y' },
      headers: { 'x-forwarded-for': [randomBytes(4).join('.'), ...hops].join(', ') },
      remoteAddress,
    });

  it('behind one proxy (TRUST_PROXY=1), counts the address the proxy appended', async () => {
    const limited = await behindProxy('1');
    try {
      // The client writes whatever it likes on the left; the proxy appends the peer it saw.
      for (let i = 0; i < 3; i++) {
        expect((await loginVia(limited, '127.0.0.1', '203.0.113.7')).statusCode).toBe(401);
      }
      const forged = await loginVia(limited, '127.0.0.1', '203.0.113.7');
      expect(forged.statusCode).toBe(429);
      expect(forged.json()).toEqual({ message: SERVER_ERRORS.tooManyRequests });
      // Another client behind the same proxy (here one in a private network) is not affected.
      expect((await loginVia(limited, '172.18.0.2', '203.0.113.8')).statusCode).toBe(401);
      // A client reaching Fogata's own port from a public address is no proxy: whatever it
      // writes, its own address is counted.
      for (let i = 0; i < 3; i++) {
        const direct = await loginVia(limited, '198.51.100.20', `192.0.2.${i}`);
        expect(direct.statusCode).toBe(401);
      }
      expect((await loginVia(limited, '198.51.100.20', '192.0.2.99')).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('with the proxies’ addresses (TRUST_PROXY=10.0.0.5), trusts only hops from them', async () => {
    const limited = await behindProxy('10.0.0.5');
    try {
      for (let i = 0; i < 3; i++) {
        expect((await loginVia(limited, '10.0.0.5', '203.0.113.7')).statusCode).toBe(401);
      }
      expect((await loginVia(limited, '10.0.0.5', '203.0.113.7')).statusCode).toBe(429);
      expect((await loginVia(limited, '10.0.0.5', '203.0.113.8')).statusCode).toBe(401);
      // Any other peer is the client itself, even on the same network.
      for (let i = 0; i < 3; i++) {
        expect((await loginVia(limited, '10.0.0.6', `192.0.2.${i}`)).statusCode).toBe(401);
      }
      expect((await loginVia(limited, '10.0.0.6', '192.0.2.99')).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
