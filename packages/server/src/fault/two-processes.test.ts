// Two real server processes on one database (one SQLite file, or one PostgreSQL database), under
// parallel writes that read before they write: no 5xx from lock contention, no write lost.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSeedApp, createPgDatabase } from '../test/build-app.js';
import { createNews } from '../test/content-factories.js';
import { createUser, type TestUser } from '../test/factories.js';
import { type ServerProcess, startServerProcess } from '../test/server-process.js';

const TARGETS = 12;
const ROLE_CHANGES = 240;
const COMMENTS = 120;
const CONCURRENCY = 16;

/** Runs `tasks` with at most `limit` in flight. */
async function pool<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await (tasks[i] as () => Promise<T>)();
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return results;
}

describe('two app processes on one database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fogata-two-'));
  const jwtSecret = randomBytes(32).toString('base64url');
  let pgDb: Awaited<ReturnType<typeof createPgDatabase>> = null;
  let seed: FastifyInstance;
  const servers: ServerProcess[] = [];
  let admin: TestUser;
  let targets: TestUser[];
  let newsId: number;

  beforeAll(async () => {
    pgDb = await createPgDatabase();
    // This process writes through the factories; the servers share its secret and database.
    seed = await buildSeedApp(dataDir, jwtSecret, pgDb?.url);
    admin = await createUser(seed, { role: 'admin' });
    targets = await Promise.all(
      Array.from({ length: TARGETS }, () => createUser(seed, { role: 'usuario' })),
    );
    newsId = (await createNews(seed)).id;
    const env = { JWT_SECRET: jwtSecret, DATABASE_URL: pgDb?.url, LOG_LEVEL: 'error' };
    servers.push(await startServerProcess(dataDir, env), await startServerProcess(dataDir, env));
  }, 300_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await seed?.close();
    await pgDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers no 5xx and loses no write under parallel role changes and comments', async () => {
    const statuses: number[] = [];
    const serverOf = (i: number) => servers[i % 2] as ServerProcess;
    const roleChanges = Array.from({ length: ROLE_CHANGES }, (_, i) => async () => {
      const target = targets[i % TARGETS] as TestUser;
      const role = Math.floor(i / TARGETS) % 2 === 0 ? 'scouter' : 'usuario';
      const res = await fetch(`${serverOf(i).url}/api/admin/users/${target.row.id}/role`, {
        method: 'PUT',
        headers: { ...admin.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ role }),
      });
      statuses.push(res.status);
      return res.status;
    });
    const comments = Array.from({ length: COMMENTS }, (_, i) => async () => {
      const author = targets[i % TARGETS] as TestUser;
      const res = await fetch(`${serverOf(i + 1).url}/api/news/${newsId}/comments`, {
        method: 'POST',
        headers: { ...author.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ comment_text: `Comentario ${i}` }),
      });
      statuses.push(res.status);
      return res.status;
    });
    // Interleaved, so role changes and comments contend for the same database at once.
    const tasks = roleChanges.flatMap((task, i) =>
      i % 2 === 0 && comments[i / 2] ? [task, comments[i / 2] as () => Promise<number>] : [task],
    );
    await pool(tasks, CONCURRENCY);

    const serverErrors = statuses.filter((s) => s >= 500);
    expect(serverErrors).toEqual([]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(ROLE_CHANGES);
    expect(statuses.filter((s) => s === 201)).toHaveLength(COMMENTS);
    const stored = await seed.ctx.db.kysely
      .selectFrom('comments')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(COMMENTS);
  }, 300_000);
});
