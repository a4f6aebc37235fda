import { SERVER_ERRORS } from '@fogata/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bootstrap, FIRST_ADMIN_PLACEHOLDER } from './bootstrap.js';
import { buildTestApp, type TestApp } from './test/build-app.js';
import { createUser } from './test/factories.js';

const LINE =
  /^Primer inicio: crea la cuenta de administración en http:\/\/fogata\.test\/register\?invitation=([A-Za-z0-9_-]+)$/;

let t: TestApp | undefined;
let log: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  log = vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(async () => {
  log.mockRestore();
  await t?.close();
  t = undefined;
});

function printed(): string[] {
  return log.mock.calls.map((call: unknown[]) => String(call[0]));
}

describe('first start', () => {
  it('prints an admin invitation link, fresh on every start, until an admin exists', async () => {
    t = await buildTestApp();
    await bootstrap(t.app);
    const first = printed().find((l) => LINE.test(l));
    expect(first).toBeDefined();
    const token1 = LINE.exec(first!)![1]!;
    const verify = await t.app.inject({ url: `/api/invitations/verify/${token1}` });
    expect(verify.json()).toEqual({ email: FIRST_ADMIN_PLACEHOLDER, role: 'admin' });

    // Restart: a new link, the old one replaced.
    log.mockClear();
    await bootstrap(t.app);
    const token2 = LINE.exec(printed().find((l) => LINE.test(l))!)![1]!;
    expect(token2).not.toBe(token1);
    expect((await t.app.inject({ url: `/api/invitations/verify/${token1}` })).statusCode).toBe(404);

    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register-invited',
      payload: { token: token2, name: 'Marta', password: 'clave-de-marta' },
    });
    expect(reg.statusCode).toBe(201);
    expect(reg.json().user.role).toBe('admin');

    log.mockClear();
    expect(await bootstrap(t.app)).toBeNull();
    expect(printed().some((l) => l.includes('register?invitation='))).toBe(false);
  });

  it('creates the admin from ADMIN_EMAIL and ADMIN_PASSWORD', async () => {
    t = await buildTestApp({
      admin: { email: 'jefa@example.org', password: 'clave-de-la-jefa', name: 'Jefa' },
    });
    await createUser(t.app, { role: 'usuario' });
    expect(await bootstrap(t.app)).toBeNull();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'jefa@example.org', password: 'clave-de-la-jefa' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({ name: 'Jefa', role: 'admin' });
  });

  it('promotes an existing ADMIN_EMAIL account and ends its older sessions', async () => {
    t = await buildTestApp({
      admin: { email: 'jefa@example.org', password: 'clave-de-la-jefa', name: 'Jefa' },
    });
    const existing = await createUser(t.app, { role: 'usuario', email: 'jefa@example.org' });
    const me = (authorization: string) =>
      t!.app.inject({ url: '/api/profile/me', headers: { authorization } });
    expect((await me(existing.headers.authorization)).statusCode).toBe(200);
    expect(await bootstrap(t.app)).toBeNull();

    // Whoever held the account's old session (or its old password) is out, as after a reset.
    const old = await me(existing.headers.authorization);
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ message: SERVER_ERRORS.invalidToken });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'jefa@example.org', password: 'clave-de-la-jefa' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({ id: existing.row.id, role: 'admin' });
    expect((await me(`Bearer ${login.json().token}`)).statusCode).toBe(200);
  });

  it('invites ADMIN_EMAIL when it is set without a password', async () => {
    t = await buildTestApp({ admin: { email: 'jefa@example.org', password: null, name: 'X' } });
    const link = await bootstrap(t.app);
    const token = new URL(link!).searchParams.get('invitation')!;
    const verify = await t.app.inject({ url: `/api/invitations/verify/${token}` });
    expect(verify.json()).toEqual({ email: 'jefa@example.org', role: 'admin' });
  });
});
