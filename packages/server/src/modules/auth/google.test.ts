import { createServer } from 'node:net';
import { MSG, SERVER_ERRORS, SERVER_SUCCESS } from '@fogata/shared';
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-app.js';
import { createInvitation, createUser, isoFromNow, PASSWORD } from '../../test/factories.js';
import { startOidcProvider, type TestOidcProvider } from '../../test/oidc-provider.js';
import { expectSessionAnswer } from '../../test/sessions.js';

// Short, so the key-rotation test can wait it out; long enough to see it respected.
const COOLDOWN_MS = 2000;

let op: TestOidcProvider;
let t: TestApp;

beforeAll(async () => {
  op = await startOidcProvider();
  t = await buildTestApp({
    oidc: { issuer: op.issuer, clientId: op.clientId, cooldownMs: COOLDOWN_MS },
  });
});
afterAll(async () => {
  await t.close();
  await op.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function newNonce(app = t.app): Promise<string> {
  const res = await app.inject({ url: '/api/auth/google/nonce' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  const { nonce } = res.json();
  expect(nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return nonce;
}

function exchange(token: string, app = t.app) {
  return app.inject({ method: 'POST', url: '/api/auth/google', payload: { token } });
}

/** An ID token from the provider's real flow: its login page, its key, its claims. */
async function realToken(email: string, nonce?: string): Promise<string> {
  const result = await op.signIn(email, nonce ?? (await newNonce()));
  expect(result.error, result.error_description).toBeUndefined();
  expect(result.id_token).toBeTruthy();
  return result.id_token!;
}

/** Claims a correct ID token for `email` carries; each negative test breaks exactly one. */
async function goodClaims(email: string) {
  return {
    iss: op.issuer,
    aud: op.clientId,
    sub: `sujeto-${email}`,
    email,
    email_verified: true,
    nonce: await newNonce(),
  };
}

function payloadOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
}

describe('GET /api/config with external sign-in', () => {
  it("names the issuer, the client id and the provider's authorization endpoint", async () => {
    const res = await t.app.inject({ url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json().oidc).toEqual({
      issuer: op.issuer,
      clientId: op.clientId,
      authorizationEndpoint: `${op.issuer}/auth`,
    });
  });
});

describe('the popup keeps its opener', () => {
  it('pages may open popups; the callback page never cuts itself off', async () => {
    const login = await t.app.inject({ url: '/login', headers: { accept: 'text/html' } });
    expect(login.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    const callback = await t.app.inject({
      url: '/auth/callback?x=1',
      headers: { accept: 'text/html' },
    });
    expect(callback.headers['cross-origin-opener-policy']).toBe('unsafe-none');
  });
});

describe('POST /api/auth/google with a token from the real provider', () => {
  it('signs in the user with that e-mail, and the nonce works only once', async () => {
    const u = await createUser(t.app, { role: 'scouter', email: 'ana.google@example.org' });
    // The provider's address differs in case: e-mail addresses compare lower-cased.
    const token = await realToken('Ana.Google@Example.org');
    expect(payloadOf(token)).toMatchObject({
      iss: op.issuer,
      aud: op.clientId,
      email: 'Ana.Google@Example.org',
      email_verified: true,
    });
    const body = expectSessionAnswer(await exchange(token), 200, SERVER_SUCCESS.login, {
      id: u.row.id,
      name: u.row.name,
      email: 'ana.google@example.org',
      role: 'scouter',
      avatar_url: null,
      created_at: u.row.created_at,
    });
    expect(payloadOf(body.token)).toMatchObject({ id: u.row.id, role: 'scouter' });
    const me = await t.app.inject({
      url: '/api/profile/me',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(me.statusCode).toBe(200);

    // The same token again (a replay): its nonce is spent.
    const replay = await exchange(token);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ message: SERVER_ERRORS.externalNonceInvalid });
  });

  it("registers an invited address with the invitation's role and accepts the invitation", async () => {
    const inv = await createInvitation(t.app, { email: 'lucia@example.org', role: 'scouter' });
    op.accounts.set('lucia@example.org', { name: '  Lucía Fernández ' });
    const res = await exchange(await realToken('lucia@example.org'));
    const body = expectSessionAnswer(res, 200, SERVER_SUCCESS.register, {
      id: expect.any(Number),
      name: 'Lucía Fernández',
      email: 'lucia@example.org',
      role: 'scouter',
      avatar_url: null,
      created_at: expect.any(String),
    });
    // The invitation is used up…
    const verify = await t.app.inject({ url: `/api/invitations/verify/${inv.token}` });
    expect(verify.statusCode).toBe(404);
    // …the account has no password to guess…
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'lucia@example.org', password: PASSWORD },
    });
    expect(login.statusCode).toBe(401);
    // …and the next sign-in finds the account.
    const again = await exchange(await realToken('lucia@example.org'));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      message: SERVER_SUCCESS.login,
      user: { id: body.user.id, role: 'scouter' },
    });
  });

  it("names an invited account after the e-mail's local part when the token has no name", async () => {
    await createInvitation(t.app, { email: 'sin.nombre@example.org', role: 'usuario' });
    const res = await exchange(await realToken('sin.nombre@example.org'));
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ name: 'sin.nombre', role: 'usuario' });
  });

  it('refuses an address with no account and no usable invitation, and creates nothing', async () => {
    await createInvitation(t.app, { email: 'caducada@example.org', expiresAt: isoFromNow(-1000) });
    await createInvitation(t.app, { email: 'usada@example.org', acceptedAt: isoFromNow(-1000) });
    for (const email of ['nadie@example.org', 'caducada@example.org', 'usada@example.org']) {
      const res = await exchange(await realToken(email));
      expect(res.statusCode, email).toBe(403);
      expect(res.json()).toEqual({ message: SERVER_ERRORS.externalInvitationRequired });
      const row = await t.app.ctx.db.kysely
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirst();
      expect(row).toBeUndefined();
    }
  });

  it('never signs in or registers an unverified address', async () => {
    // An account exists with that address: an unverified claim to it must not open it.
    await createUser(t.app, { role: 'admin', email: 'jefa@example.org' });
    await createInvitation(t.app, { email: 'invitada.sinverificar@example.org' });
    for (const email of ['jefa@example.org', 'invitada.sinverificar@example.org']) {
      op.accounts.set(email, { emailVerified: false });
      const token = await realToken(email);
      expect(payloadOf(token).email_verified).toBe(false);
      const res = await exchange(token);
      expect(res.statusCode, email).toBe(403);
      expect(res.json()).toEqual({ message: SERVER_ERRORS.externalEmailUnverified });
    }
    const row = await t.app.ctx.db.kysely
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'invitada.sinverificar@example.org')
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('refuses a token the provider issued to another client', async () => {
    const other = await startOidcProvider({ clientId: 'otra-aplicacion' });
    try {
      // Same provider software, other issuer and audience: not ours on both counts.
      const result = await other.signIn('ana.google@example.org', await newNonce());
      const res = await exchange(result.id_token!);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: SERVER_ERRORS.externalTokenInvalid });
    } finally {
      await other.close();
    }
  });
});

describe('POST /api/auth/google refuses a token that is not right', () => {
  const email = 'victima@example.org';
  beforeAll(async () => {
    await createUser(t.app, { role: 'admin', email });
  });

  it('accepts the well-formed token these cases start from', async () => {
    const res = await exchange(await op.sign(await goodClaims(email)));
    expect(res.statusCode).toBe(200);
  });

  it('wrong audience, wrong issuer, expired: 401', async () => {
    const now = Math.floor(Date.now() / 1000);
    const cases: [string, Record<string, unknown>][] = [
      ['audience', { aud: 'otra-aplicacion' }],
      ['several audiences, not authorized for us', { aud: [op.clientId, 'otra'], azp: 'otra' }],
      ['issuer', { iss: 'https://accounts.example.com' }],
      ['expired', { iat: now - 3600, exp: now - 600 }],
      ['no expiry', { exp: undefined }],
      ['no subject', { sub: undefined }],
    ];
    for (const [name, change] of cases) {
      const claims = { ...(await goodClaims(email)), ...change };
      const res = await exchange(await op.sign(claims));
      expect(res.statusCode, name).toBe(401);
      expect(res.json(), name).toEqual({ message: SERVER_ERRORS.externalTokenInvalid });
    }
  });

  it('allows a few seconds of clock difference, not more', async () => {
    const now = Math.floor(Date.now() / 1000);
    const late = { ...(await goodClaims(email)), iat: now - 600, exp: now - 10 };
    expect((await exchange(await op.sign(late))).statusCode).toBe(200);
  });

  it('a bad signature, a foreign key, no signature, a shared-secret signature: 401', async () => {
    const good = await op.sign(await goodClaims(email));
    const [h, p, s] = good.split('.');
    const flipped = `${s!.slice(0, 10)}${s![10] === 'A' ? 'B' : 'A'}${s!.slice(11)}`;
    const tamperedPayload = Buffer.from(
      JSON.stringify({ ...payloadOf(good), email: 'otra@example.org' }),
    ).toString('base64url');
    const { privateKey: foreign } = await generateKeyPair('RS256');
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const hs256 = await new SignJWT(await goodClaims(email))
      .setProtectedHeader({ alg: 'HS256', kid: op.kid })
      .sign(new TextEncoder().encode('un-secreto-compartido-cualquiera-0000'));
    const cases: [string, string][] = [
      ['signature altered', `${h}.${p}.${flipped}`],
      ['payload altered', `${h}.${tamperedPayload}.${s}`],
      // Signed with another key under the provider's key id.
      ['foreign key, our kid', await op.sign(await goodClaims(email), { key: foreign })],
      [
        'foreign key, unknown kid',
        await op.sign(await goodClaims(email), { key: foreign, kid: 'x' }),
      ],
      ['alg none', `${none}.${p}.`],
      ['HS256', hs256],
      ['not a JWT', 'esto-no-es-un-token'],
    ];
    for (const [name, token] of cases) {
      const res = await exchange(token);
      expect(res.statusCode, name).toBe(401);
      expect(res.json(), name).toEqual({ message: SERVER_ERRORS.externalTokenInvalid });
    }
  });

  it('a missing nonce, one we never issued, or an expired one: 401', async () => {
    const { nonce: _drop, ...noNonce } = await goodClaims(email);
    const expiredNonce = await newNonce();
    await t.app.ctx.db.kysely
      .updateTable('oidc_nonces')
      .set({ expires_at: isoFromNow(-1000) })
      .execute();
    const cases: [string, Record<string, unknown>][] = [
      ['missing', noNonce],
      ['never issued', { ...(await goodClaims(email)), nonce: 'inventado-por-el-atacante' }],
      ['expired', { ...(await goodClaims(email)), nonce: expiredNonce }],
    ];
    for (const [name, claims] of cases) {
      const res = await exchange(await op.sign(claims));
      expect(res.statusCode, name).toBe(401);
      expect(res.json(), name).toEqual({ message: SERVER_ERRORS.externalNonceInvalid });
    }
  });

  it('email_verified false or missing, or no e-mail at all: 403', async () => {
    const cases: [string, Record<string, unknown>][] = [
      ['false', { email_verified: false }],
      ['"false"', { email_verified: 'false' }],
      ['missing', { email_verified: undefined }],
      ['no e-mail', { email: undefined }],
    ];
    for (const [name, change] of cases) {
      const res = await exchange(await op.sign({ ...(await goodClaims(email)), ...change }));
      expect(res.statusCode, name).toBe(403);
      expect(res.json(), name).toEqual({ message: SERVER_ERRORS.externalEmailUnverified });
    }
  });

  it('validates the body', async () => {
    const missing = await t.app.inject({ method: 'POST', url: '/api/auth/google', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      message: MSG.tokenRequired,
      errors: [{ field: 'token', message: MSG.tokenRequired }],
    });
    const long = await exchange('x'.repeat(10_001));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(MSG.tokenRequired);
  });
});

describe('key rotation at the provider', () => {
  it('follows a new signing key, fetching the keys again no sooner than the cooldown', async () => {
    await createUser(t.app, { email: 'rota@example.org' });
    expect((await exchange(await realToken('rota@example.org'))).statusCode).toBe(200);
    const firstKid = op.kid;
    // Past the cooldown of whatever fetch came before.
    await sleep(COOLDOWN_MS + 100);

    // The provider rotates: its tokens name a key id the server has not seen.
    await op.rotateKeys();
    const fetches = op.jwksFetches;
    const second = await realToken('rota@example.org');
    expect(JSON.parse(Buffer.from(second.split('.')[0]!, 'base64url').toString()).kid).toBe(op.kid);
    expect((await exchange(second)).statusCode).toBe(200);
    const fetchedAt = Date.now();
    expect(op.jwksFetches).toBe(fetches + 1);

    // Rotating again at once: within the cooldown the server does not fetch again…
    await op.rotateKeys();
    const third = await realToken('rota@example.org');
    const early = await exchange(third);
    expect(Date.now() - fetchedAt).toBeLessThan(COOLDOWN_MS);
    expect(early.statusCode).toBe(401);
    expect(early.json()).toEqual({ message: SERVER_ERRORS.externalTokenInvalid });
    expect(op.jwksFetches).toBe(fetches + 1);
    // …and once it is over, the same token passes (the refused try did not spend its nonce).
    await sleep(COOLDOWN_MS + 100);
    expect((await exchange(third)).statusCode).toBe(200);
    expect(op.jwksFetches).toBe(fetches + 2);

    // A token under the retired first key no longer passes.
    const stale = await op.sign(await goodClaims('rota@example.org'), { kid: firstKid });
    expect((await exchange(stale)).statusCode).toBe(401);
  });
});

describe('without a provider', () => {
  it('is off without OIDC_CLIENT_ID: no button config, 404 on the calls', async () => {
    const off = await buildTestApp();
    try {
      expect((await off.app.inject({ url: '/api/config' })).json().oidc).toBeNull();
      const nonce = await off.app.inject({ url: '/api/auth/google/nonce' });
      expect(nonce.statusCode).toBe(404);
      expect(nonce.json()).toEqual({ message: SERVER_ERRORS.externalDisabled });
      const res = await exchange('a.b.c', off.app);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: SERVER_ERRORS.externalDisabled });
    } finally {
      await off.close();
    }
  });

  it('starts while the provider is down, and reads it once it is up', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const a = s.address();
        s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
      });
    });
    const issuer = `http://127.0.0.1:${port}`;
    const early = await buildTestApp({
      oidc: { issuer, clientId: 'fogata-pruebas', cooldownMs: 200 },
    });
    try {
      const config = await early.app.inject({ url: '/api/config' });
      expect(config.statusCode).toBe(200);
      expect(config.json().oidc).toEqual({
        issuer,
        clientId: 'fogata-pruebas',
        authorizationEndpoint: null,
      });
      const res = await exchange('a.b.c', early.app);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: SERVER_ERRORS.externalProviderUnavailable });

      const late = await startOidcProvider({ port });
      try {
        await sleep(250);
        const again = await early.app.inject({ url: '/api/config' });
        expect(again.json().oidc.authorizationEndpoint).toBe(`${issuer}/auth`);
        await createUser(early.app, { email: 'tarde@example.org' });
        const nonce = await newNonce(early.app);
        const result = await late.signIn('tarde@example.org', nonce);
        expect((await exchange(result.id_token!, early.app)).statusCode).toBe(200);
      } finally {
        await late.close();
      }
    } finally {
      await early.close();
    }
  });
});

describe('rate limit', () => {
  it('answers 429 after AUTH_RATE_LIMIT tries a minute', async () => {
    const limited = await buildTestApp({
      authRateLimit: 2,
      oidc: { issuer: op.issuer, clientId: op.clientId, cooldownMs: COOLDOWN_MS },
    });
    try {
      for (let i = 0; i < 2; i++) {
        expect((await exchange('a.b.c', limited.app)).statusCode).toBe(401);
      }
      const res = await exchange('a.b.c', limited.app);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ message: SERVER_ERRORS.tooManyRequests });
    } finally {
      await limited.close();
    }
  });
});
