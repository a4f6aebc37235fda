import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SERVER_ERRORS } from '@fogata/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-app.js';
import { createUser, type TestUser } from '../test/factories.js';

// The session check on a kept-alive connection (decision 137): each connection remembers the
// last Authorization header it checked, so the next request with the very same header skips the
// token's text check. What the session is worth must not change: another header is checked
// afresh, and expiry, a deleted user and a changed password end it at once on that connection.

let t: TestApp;
let agent: Agent;
let port: number;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await t?.close();
});

afterEach(() => {
  agent?.destroy();
  vi.useRealTimers();
});

/** GET `path` on `agent`'s one connection: status, body and the local port it went out from. */
function get(path: string, authorization: string) {
  return new Promise<{ status: number; body: string; via: number }>((resolve, reject) => {
    const req = request({ port, host: '127.0.0.1', path, agent, headers: { authorization } });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          via: req.socket?.localPort ?? 0,
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const me = async (user: TestUser, header = user.headers.authorization) => {
  const res = await get('/api/profile/me', header);
  return { ...res, json: res.status === 200 ? (JSON.parse(res.body) as { email: string }) : null };
};

const refused = JSON.stringify({ message: SERVER_ERRORS.invalidToken });

describe('the session on a kept-alive connection', () => {
  it('answers each header for its own user, one after the other on one connection', async () => {
    agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const ana = await createUser(t.app, { role: 'usuario' });
    const bea = await createUser(t.app, { role: 'scouter' });
    const first = await me(ana);
    const again = await me(ana);
    const other = await me(bea);
    const back = await me(ana);
    expect(new Set([first.via, again.via, other.via, back.via]).size).toBe(1);
    expect([first, again, other, back].map((r) => r.json?.email)).toEqual([
      ana.email,
      ana.email,
      bea.email,
      ana.email,
    ]);
    // A header that differs by one character is checked afresh, and refused.
    const tampered = await me(ana, `${ana.headers.authorization.slice(0, -1)}x`);
    expect(tampered.via).toBe(first.via);
    expect(tampered.status).toBe(401);
    expect(tampered.body).toBe(refused);
  });

  it('ends at once when the token expires, the user is deleted or the password changes', async () => {
    agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const expiring = await createUser(t.app);
    expect((await me(expiring)).status).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 8 * 24 * 60 * 60 * 1000);
    const late = await me(expiring);
    expect(late.status).toBe(401);
    expect(late.body).toBe(refused);
    vi.useRealTimers();

    const deleted = await createUser(t.app);
    const before = await me(deleted);
    expect(before.status).toBe(200);
    await t.app.ctx.db.kysely.deleteFrom('users').where('id', '=', deleted.row.id).execute();
    const after = await me(deleted);
    expect(after.via).toBe(before.via);
    expect(after.status).toBe(401);

    const changed = await createUser(t.app);
    expect((await me(changed)).status).toBe(200);
    await t.app.ctx.db.kysely
      .updateTable('users')
      .set({ password_changed_at: new Date().toISOString(), password_hash: 'otro' })
      .where('id', '=', changed.row.id)
      .execute();
    const stale = await me(changed);
    expect(stale.status).toBe(401);
    expect(stale.body).toBe(refused);
  });
});
