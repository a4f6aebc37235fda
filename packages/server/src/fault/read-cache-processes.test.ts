// The read cache (decision 020) across two real server processes on one database (one SQLite
// file, or one PostgreSQL database): what one process (or this test's own connection) writes,
// the other answers at once, though it had the answer and the user cached.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_ERRORS } from '@fogata/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSeedApp, createPgDatabase } from '../test/build-app.js';
import { createNews } from '../test/content-factories.js';
import { createUser, type TestUser } from '../test/factories.js';
import { createAlbum } from '../test/gallery-factories.js';
import { type ServerProcess, startServerProcess } from '../test/server-process.js';

describe('the read cache across two app processes on one database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fogata-read-cache-'));
  const jwtSecret = randomBytes(32).toString('base64url');
  let pgDb: Awaited<ReturnType<typeof createPgDatabase>> = null;
  let seed: FastifyInstance;
  let a: ServerProcess;
  let b: ServerProcess;
  let admin: TestUser;

  beforeAll(async () => {
    pgDb = await createPgDatabase();
    // This process writes through the factories; the servers share its secret and database.
    seed = await buildSeedApp(dataDir, jwtSecret, pgDb?.url);
    admin = await createUser(seed, { role: 'admin' });
    const env = { JWT_SECRET: jwtSecret, DATABASE_URL: pgDb?.url, LOG_LEVEL: 'error' };
    a = await startServerProcess(dataDir, env);
    b = await startServerProcess(dataDir, env);
  }, 300_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await seed?.close();
    await pgDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (server: ServerProcess, path: string, user?: TestUser) =>
    fetch(`${server.url}${path}`, { headers: user ? user.headers : {} });

  async function titles(server: ServerProcess, path: string, user?: TestUser) {
    const res = await get(server, path, user);
    expect(res.status).toBe(200);
    return ((await res.json()) as { title: string }[]).map((item) => item.title);
  }

  it('shows a news item written by another process on the next read', async () => {
    await createNews(seed, { title: 'Primera' });
    // Twice each, so the answer is cached (and served from the cache) before the write.
    for (let i = 0; i < 2; i += 1) expect(await titles(a, '/api/news')).toEqual(['Primera']);
    for (let i = 0; i < 2; i += 1) expect(await titles(a, '/api/news', admin)).toEqual(['Primera']);
    await createNews(seed, { title: 'Segunda' });
    expect(await titles(a, '/api/news')).toEqual(['Segunda', 'Primera']);
    expect(await titles(a, '/api/news', admin)).toEqual(['Segunda', 'Primera']);
  });

  it('a draft leaves a demoted scouter’s list, and a deleted user’s session ends, at once', async () => {
    const scouter = await createUser(seed, { role: 'scouter' });
    const member = await createUser(seed, { role: 'usuario' });
    const draft = await createAlbum(seed, { title: 'Borrador' });
    await seed.ctx.db.kysely
      .updateTable('albums')
      .set({ status: 'draft' })
      .where('id', '=', draft.id)
      .execute();
    for (let i = 0; i < 2; i += 1) {
      expect(await titles(a, '/api/albums', scouter)).toEqual(['Borrador']);
      expect(await titles(a, '/api/albums', member)).toEqual([]);
    }
    // Through the other process's API, as an admin would.
    const demote = await fetch(`${b.url}/api/admin/users/${scouter.row.id}/role`, {
      method: 'PUT',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ role: 'usuario' }),
    });
    expect(demote.status).toBe(200);
    expect(await titles(a, '/api/albums', scouter)).toEqual([]);
    const removal = await fetch(`${b.url}/api/admin/users/${member.row.id}`, {
      method: 'DELETE',
      headers: admin.headers,
    });
    expect(removal.status).toBe(200);
    const res = await get(a, '/api/albums', member);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: SERVER_ERRORS.invalidToken });
  });
});
