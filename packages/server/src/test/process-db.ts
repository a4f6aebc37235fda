import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';

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
