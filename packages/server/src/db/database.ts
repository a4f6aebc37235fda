import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresDialect,
  type SqliteDatabase,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import type { Dialect } from './migrations/index.js';
import type { Database } from './schema.js';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
}

/**
 * SQLite's transactions as writers: `BEGIN IMMEDIATE` takes the write lock at the start, waiting
 * up to busy_timeout for it. A plain (deferred) `BEGIN` that reads and then writes fails at once
 * with "database is locked" when another process wrote meanwhile — no wait can save it — and
 * every transaction here is one that writes.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly sqliteConfig: SqliteDialectConfig) {
    super(sqliteConfig);
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.sqliteConfig);
  }
}

/** Statements kept prepared; more distinct texts than this (long `in (…)` lists) evict the oldest. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * The database as Kysely sees it, with each SQL text prepared once: Kysely asks for a fresh
 * statement on every query, and preparing costs as much as running a list query. Statements are
 * reused only when idle (one still being iterated gets a fresh copy); SQLite re-prepares a cached
 * one by itself after a schema change.
 */
export function withStatementCache(database: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare(sql) {
      const cached = cache.get(sql);
      if (cached && !cached.busy) return cached;
      const statement = database.prepare(sql);
      if (cached) return statement;
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      cache.set(sql, statement);
      return statement;
    },
  };
}

/** Opens SQLite at DATA_DIR/fogata.db, or PostgreSQL when DATABASE_URL is a postgres URL. */
export function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Db {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    return {
      kysely: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      dialect: 'postgres',
    };
  }
  const sqlite = new SQLite(join(config.dataDir, 'fogata.db'));
  // WAL lets readers run while a write is in progress; foreign keys are off by default in SQLite.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Safe with WAL (a power cut may lose the last commits, never corrupt the file) and much faster.
  sqlite.pragma('synchronous = NORMAL');
  return {
    kysely: new Kysely<Database>({
      dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }),
    }),
    dialect: 'sqlite',
  };
}
