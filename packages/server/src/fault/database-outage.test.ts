// The database goes away under a running server and comes back: the process stays
// up, readiness answers 503 so a load balancer drains it, every request that needs the database
// gets the Spanish 503 (never a 500, never a dropped connection), nothing acknowledged is lost,
// and once the database is back the same process serves again within seconds. On PostgreSQL a
// real server of the test's own is stopped with `pg_ctl stop -m fast` (an upgrade, a failover);
// on SQLite another process holds the file's write lock past the busy timeout.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_ERRORS } from '@fogata/shared';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PostgresCluster, startPostgresCluster } from '../test/postgres-cluster.js';
import { type ServerProcess, startServerProcess } from '../test/server-process.js';

const ADMIN = { email: 'kraal@example.org', password: 'contraseña-del-kraal' };
const onPostgres = Boolean(process.env.DATABASE_URL?.startsWith('postgres'));

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe(`the database goes away and comes back (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fogata-db-outage-'));
  let cluster: PostgresCluster | null = null;
  let server: ServerProcess;
  let auth = '';
  let sent = 0;

  const call = async (path: string, init: RequestInit = {}): Promise<Answer> => {
    const res = await fetch(`${server.url}${path}`, {
      ...init,
      headers: { authorization: auth, 'content-type': 'application/json', ...init.headers },
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  };
  const invite = () => {
    sent += 1;
    return call('/api/invitations', {
      method: 'POST',
      body: JSON.stringify({
        invitations: [{ email: `familia${sent}@example.org`, role: 'usuario' }],
      }),
    }).then((answer) => ({ ...answer, email: `familia${sent}@example.org` }));
  };

  beforeAll(async () => {
    cluster = onPostgres ? await startPostgresCluster() : null;
    server = await startServerProcess(dataDir, {
      JWT_SECRET: randomBytes(32).toString('base64url'),
      DATABASE_URL: cluster?.url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
    const login = await call('/api/auth/login', { method: 'POST', body: JSON.stringify(ADMIN) });
    expect(login.status).toBe(200);
    auth = `Bearer ${login.body.token as string}`;
  });
  afterAll(async () => {
    await server?.stop();
    cluster?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stays up, answers 503 while it is gone, and serves again once it is back', async () => {
    // Several pooled connections open and idle, as on a server that has been serving a while.
    const warm = await Promise.all([
      invite(),
      invite(),
      call('/api/invitations'),
      call('/api/admin/users'),
    ]);
    for (const answer of warm) expect(answer.status).toBe(200);

    // Requests keep coming the whole time, as on a live site.
    const acknowledged = new Set<string>();
    const statuses: number[] = [];
    const failures: string[] = [];
    let traffic = true;
    const load = (async () => {
      while (traffic) {
        try {
          const [write, read] = await Promise.all([invite(), call('/api/invitations')]);
          statuses.push(write.status, read.status);
          if (write.status === 200) acknowledged.add(write.email);
          for (const answer of [write, read]) {
            if (answer.status === 503)
              expect(answer.body.message).toBe(SERVER_ERRORS.databaseUnavailable);
          }
        } catch (err) {
          failures.push(String(err));
        }
        await sleep(50);
      }
    })();

    let release: () => void = () => {};
    if (cluster) {
      cluster.stop();
    } else {
      // Another process takes the write lock and keeps it past the server's busy timeout.
      const other = new SQLite(join(dataDir, 'fogata.db'));
      other.exec('begin exclusive');
      release = () => {
        other.exec('rollback');
        other.close();
      };
    }
    try {
      await sleep(onPostgres ? 500 : 0);
      expect(server.child.exitCode).toBeNull();
      const alive = await call('/api/health');
      expect(alive.status).toBe(200);
      if (onPostgres) {
        const ready = await call('/api/health/ready');
        expect(ready.status).toBe(503);
        expect(ready.body).toMatchObject({ database: 'error', message: SERVER_ERRORS.notReady });
      }
      const write = await invite();
      expect(write.status).toBe(503);
      expect(write.body).toEqual({ message: SERVER_ERRORS.databaseUnavailable });
      const read = await call(onPostgres ? '/api/admin/users' : '/api/invitations');
      if (onPostgres) {
        expect(read.status).toBe(503);
        expect(read.body).toEqual({ message: SERVER_ERRORS.databaseUnavailable });
      }
    } finally {
      if (cluster) cluster.start();
      else release();
    }

    // Back within seconds, in the same process.
    const backBy = Date.now() + 10_000;
    let ready: Answer = { status: 0, body: {} };
    while (Date.now() < backBy) {
      ready = await call('/api/health/ready');
      if (ready.status === 200) break;
      await sleep(200);
    }
    expect(ready.status).toBe(200);
    const after = await invite();
    expect(after.status).toBe(200);
    acknowledged.add(after.email);
    traffic = false;
    await load;

    expect(failures).toEqual([]);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(statuses).toContain(503);
    expect(server.child.exitCode).toBeNull();
    expect(server.output()).not.toMatch(/Unhandled|uncaught/i);
    // Every invitation the server acknowledged is there.
    const list = await call('/api/invitations');
    const stored = new Set((list.body as unknown as { email: string }[]).map((i) => i.email));
    for (const email of acknowledged) expect(stored.has(email)).toBe(true);
  }, 300_000);
});
