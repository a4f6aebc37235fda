import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { createPgDatabase } from './build-app.js';
import type { ServerProcess } from './server-process.js';

/**
 * The rows of `sql` read straight from a server process's database: the PostgreSQL at `pgUrl`, or
 * without one the SQLite file in its `dataDir`.
 */
export async function queryProcessDb<T>(
  dataDir: string,
  pgUrl: string | undefined,
  sql: string,
): Promise<T[]> {
  if (pgUrl) {
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    try {
      return (await client.query(sql)).rows as T[];
    } finally {
      await client.end();
    }
  }
  const db = new SQLite(join(dataDir, 'fogata.db'), { readonly: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}

/**
 * The data of the server process a describe block starts: a fresh DATA_DIR, and a throwaway
 * PostgreSQL database when DATABASE_URL names a server (SQLite in the DATA_DIR otherwise). After
 * the block, the process `running` names is stopped and both are removed.
 */
export function processData(prefix: string, running: () => ServerProcess | null) {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  let pgDb: Awaited<ReturnType<typeof createPgDatabase>> = null;
  beforeAll(async () => {
    pgDb = await createPgDatabase();
  }, 300_000);
  afterAll(async () => {
    await running()?.stop();
    await pgDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    dataDir,
    /** The PostgreSQL database's URL, or undefined on SQLite (read it in a test or a hook). */
    pgUrl: () => pgDb?.url,
    query: <T>(sql: string) => queryProcessDb<T>(dataDir, pgDb?.url, sql),
  };
}
