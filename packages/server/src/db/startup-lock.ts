import { open, readFile, rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Db } from './database.js';

/** Any number, the same in every instance: PostgreSQL's advisory lock of Fogata's start-up. */
const STARTUP_LOCK_ID = 7_201_511;
const POLL_MS = 200;
/** A lock file older than this is a start that died without cleaning up (or hangs): taken over. */
const STALE_MS = 10 * 60 * 1000;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as { code?: string }).code === 'EPERM';
  }
}

/** SQLite: a lock file in DATA_DIR, created exclusively; a dead owner's file is taken over. */
async function withLockFile<T>(dataDir: string, fn: () => Promise<T>): Promise<T> {
  const file = join(dataDir, 'startup.lock');
  const me = `${hostname()} ${process.pid} ${Date.now()}`;
  for (;;) {
    try {
      const handle = await open(file, 'wx', 0o600);
      await handle.writeFile(me);
      await handle.close();
      break;
    } catch (err) {
      if ((err as { code?: string }).code !== 'EEXIST') throw err;
      const [host, pid, since] = (await readFile(file, 'utf8').catch(() => '')).split(' ');
      const dead = host === hostname() && pid !== undefined && !isAlive(Number(pid));
      if (dead || Date.now() - Number(since) > STALE_MS) {
        await rm(file, { force: true });
        continue;
      }
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  }
  try {
    return await fn();
  } finally {
    await rm(file, { force: true });
  }
}

/**
 * Runs the start-up steps that must happen once however many instances start at the same moment
 * (migrations, the demo, the first admin): one instance runs them while the others wait, then each
 * runs them in turn and finds the work done. PostgreSQL: an advisory lock held on one connection;
 * SQLite: a lock file beside the database.
 */
export async function withStartupLock<T>(
  db: Db,
  dataDir: string,
  fn: () => Promise<T>,
): Promise<T> {
  if (db.dialect === 'sqlite') return withLockFile(dataDir, fn);
  return db.kysely.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK_ID})`.execute(connection);
    try {
      return await fn();
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK_ID})`.execute(connection);
    }
  });
}
