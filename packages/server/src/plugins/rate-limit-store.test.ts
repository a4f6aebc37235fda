import { SERVER_ERRORS } from '@fogata/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Config } from '../config.js';
import { buildTestApp, buildTestAppOnSameDatabase, type TestApp } from '../test/build-app.js';

// Rate-limit counters in the database: what one app instance counts, every other one sees.

const LOGIN = '/api/auth/login';
const FORGOT = '/api/auth/forgot-password';

function login(app: FastifyInstance, remoteAddress = '127.0.0.1') {
  return app.inject({
    method: 'POST',
    url: LOGIN,
    payload: { email: 'nadie@example.org', password: 'una-contraseña' },
    remoteAddress,
  });
}

/** Runs `body` with two app instances on one fresh database; closes both. */
async function withTwoInstances(
  overrides: Partial<Config>,
  body: (a: TestApp, b: TestApp) => Promise<void>,
): Promise<void> {
  const a = await buildTestApp(overrides);
  const b = await buildTestAppOnSameDatabase(a);
  try {
    await body(a, b);
  } finally {
    await b.close();
    await a.close();
  }
}

function rows(t: TestApp) {
  return t.app.ctx.db.kysely.selectFrom('rate_limits').selectAll().orderBy('key').execute();
}

describe('rate limits in the database', () => {
  it('two instances on one database share the counter (per route and client)', async () => {
    await withTwoInstances({ authRateLimit: 4 }, async (a, b) => {
      // Four tries, alternating instances, all counted together.
      for (const app of [a.app, b.app, a.app, b.app]) {
        expect((await login(app)).statusCode).toBe(401);
      }
      for (const app of [a.app, b.app]) {
        const res = await login(app);
        expect(res.statusCode).toBe(429);
        expect(res.json()).toEqual({ message: SERVER_ERRORS.tooManyRequests });
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(55);
        expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
      }
      // Another client, and another route for the same client, count apart.
      expect((await login(b.app, '10.0.0.9')).statusCode).toBe(401);
      const forgot = await b.app.inject({
        method: 'POST',
        url: FORGOT,
        payload: { email: 'nadie@example.org' },
      });
      expect(forgot.statusCode).toBe(200);

      expect((await rows(a)).map((r) => [r.key, Number(r.count)])).toEqual([
        ['POST /api/auth/forgot-password|127.0.0.1', 1],
        ['POST /api/auth/login|10.0.0.9', 1],
        ['POST /api/auth/login|127.0.0.1', 6],
      ]);
    });
  });

  it('in process memory (the old way) each instance would count on its own', async () => {
    // The control for the test above: it would fail without the database store.
    await withTwoInstances({ authRateLimit: 2, rateLimitStore: 'memory' }, async (a, b) => {
      for (const app of [a.app, b.app, a.app, b.app]) {
        expect((await login(app)).statusCode).toBe(401);
      }
      expect((await login(a.app)).statusCode).toBe(429);
      expect(await rows(a)).toEqual([]);
    });
  });

  it('a new window starts once the last one has ended', async () => {
    const t = await buildTestApp({ authRateLimit: 2 });
    try {
      expect((await login(t.app)).headers['x-ratelimit-remaining']).toBe('1');
      expect((await login(t.app)).statusCode).toBe(401);
      expect((await login(t.app)).statusCode).toBe(429);

      // The window ends (as a minute later).
      await t.app.ctx.db.kysely
        .updateTable('rate_limits')
        .set({ reset_at: Date.now() - 1 })
        .execute();
      const res = await login(t.app);
      expect(res.statusCode).toBe(401);
      expect(res.headers['x-ratelimit-remaining']).toBe('1');
      const [row] = await rows(t);
      expect(Number(row?.count)).toBe(1);
      expect(Number(row?.reset_at)).toBeGreaterThan(Date.now() + 55_000);
      expect((await login(t.app)).statusCode).toBe(401);
      expect((await login(t.app)).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('counts concurrent tries exactly: 20 at once on two instances, limit 10, exactly 10 get through', async () => {
    await withTwoInstances({ authRateLimit: 10 }, async (a, b) => {
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => login(i % 2 ? a.app : b.app)),
      );
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 401)).toHaveLength(10);
      expect(codes.filter((c) => c === 429)).toHaveLength(10);
      expect((await rows(a)).map((r) => Number(r.count))).toEqual([20]);
    });
  });

  it('deletes the expired counters from time to time (every 100th try)', async () => {
    const t = await buildTestApp();
    try {
      const db = t.app.ctx.db.kysely;
      const past = Date.now() - 1000;
      const future = Date.now() + 60_000;
      await db
        .insertInto('rate_limits')
        .values([
          { key: 'POST /api/auth/login|192.0.2.1', count: 3, reset_at: past },
          { key: 'POST /api/auth/login|192.0.2.2', count: 9, reset_at: past },
          { key: 'POST /api/auth/login|192.0.2.3', count: 1, reset_at: future },
        ])
        .execute();
      for (let i = 0; i < 99; i++) await login(t.app);
      expect(await rows(t)).toHaveLength(4);
      await login(t.app);
      expect((await rows(t)).map((r) => [r.key, Number(r.count)])).toEqual([
        ['POST /api/auth/login|127.0.0.1', 100],
        ['POST /api/auth/login|192.0.2.3', 1],
      ]);
    } finally {
      await t.close();
    }
  });

  it('fails open: when the database cannot count, sign-in still answers (no 429, no 500)', async () => {
    const t = await buildTestApp({ authRateLimit: 1 });
    try {
      expect((await login(t.app)).statusCode).toBe(401);
      expect((await login(t.app)).statusCode).toBe(429);
      await sql`drop table rate_limits`.execute(t.app.ctx.db.kysely);
      for (let i = 0; i < 3; i++) {
        const res = await login(t.app);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: SERVER_ERRORS.invalidCredentials });
      }
    } finally {
      await t.close();
    }
  });
});
