import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-app.js';
import { createUser } from '../test/factories.js';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

async function waitUntil(what: string, check: () => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Tiempo agotado esperando: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('outbox mode', () => {
  it('writes .eml files only the server can read (0600, folder 0700)', async () => {
    t = await buildTestApp();
    const u = await createUser(t.app, { email: 'buzon-privado@example.org' });
    const dir = join(t.config.dataDir, 'outbox');
    const emls = () => {
      try {
        return readdirSync(dir).filter((f) => f.endsWith('.eml'));
      } catch {
        return [];
      }
    };

    // The reset mail goes through the queue…
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: u.email },
    });
    await waitUntil('el .eml del restablecimiento', () => emls().length === 1);
    // …the invitation straight from the request.
    const admin = await createUser(t.app, { role: 'admin' });
    const invite = await t.app.inject({
      method: 'POST',
      url: '/api/invitations',
      headers: admin.headers,
      payload: { invitations: [{ email: 'invitada-privada@example.org', role: 'usuario' }] },
    });
    expect(invite.statusCode).toBe(200);
    expect(emls()).toHaveLength(2);

    for (const file of emls()) expect(statSync(join(dir, file)).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });
});
