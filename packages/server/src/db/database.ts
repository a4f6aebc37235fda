import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresDialect,
  type PostgresDialectConfig,
  PostgresDriver,
  type SqliteDatabase,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  type Transaction,
} from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import { asDatabaseError } from '../lib/unavailable.js';
import type { Dialect } from './migrations/index.js';
import { prepareStatements } from './prepared-statements.js';
import { runAfterCall } from './run-after-call.js';
import type { Database } from './schema.js';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /**
   * A value that changes whenever the database may have changed, by this process or any other on
   * the same database (decision 020): what the read cache checks its entries against. Read it
   * before the queries whose result it labels. SQLite: `PRAGMA data_version` (another
   * connection's commits) and this process's own write count; PostgreSQL: the `read_version`
   * row that triggers bump in the writing transaction (migration 010), and the write count.
   */
  readVersion(): string | Promise<string>;
}

/** What a repository runs its SQL on: the app's database or a transaction in progress. */
export type Executor = Kysely<Database> | Transaction<Database>;

/** The query builder behind `db`: a repository takes the app's Db or a transaction alike. */
export function executorOf(db: Db | Executor): Executor {
  return 'kysely' in db ? db.kysely : db;
}

/**
 * Counts this process's writes. Bumped in the driver, under every query builder and every
 * transaction, so no write path can forget it: on SQLite as each writing statement (and each
 * COMMIT) is prepared, synchronously just before it runs; on PostgreSQL after each statement
 * that is not a SELECT has run, commits included (a bump after the change shows, never only
 * before it, so a label read meanwhile can only be older than the data it labels).
 */
export class WriteCounter {
  count = 0;
  bump = (): void => {
    this.count += 1;
  };
}

/**
 * SQLite's transactions as writers: `BEGIN IMMEDIATE` takes the write lock at the start, waiting
 * up to busy_timeout for it. A plain (deferred) `BEGIN` that reads and then writes fails at once
 * with "database is locked" when another process wrote meanwhile — no wait can save it — and
 * every transaction here is one that writes.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  private readonly translated = new WeakSet<DatabaseConnection>();

  constructor(
    config: SqliteDialectConfig,
    private readonly inTransaction: () => boolean,
  ) {
    super(config);
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    if (!this.translated.has(connection)) {
      this.translated.add(connection);
      translateErrors(connection);
    }
    return connection;
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  /**
   * Some failures make SQLite roll the transaction back by itself (a full disk, mid-statement or
   * on COMMIT). A ROLLBACK then fails with "cannot rollback - no transaction is active", and that
   * error would replace the one that said what happened (the full disk's 503 becoming a 500):
   * there is nothing left to undo.
   */
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (!this.inTransaction()) return;
    await super.rollbackTransaction(connection);
  }
}

/**
 * Makes `connection` raise the 503 of an unavailable database (or a full disk) instead of the
 * driver's own error when that is what happened, so every query of every module answers it alike.
 */
function translateErrors(connection: DatabaseConnection): void {
  const execute = connection.executeQuery.bind(connection);
  connection.executeQuery = async (query) => {
    try {
      return await execute(query);
    } catch (err) {
      throw asDatabaseError(err);
    }
  };
  const stream = connection.streamQuery.bind(connection);
  connection.streamQuery = async function* (query, chunkSize) {
    try {
      yield* stream(query, chunkSize);
    } catch (err) {
      throw asDatabaseError(err);
    }
  };
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(
    private readonly sqliteConfig: SqliteDialectConfig,
    /** Whether the connection is inside a transaction (better-sqlite3's `inTransaction`). */
    private readonly inTransaction: () => boolean,
  ) {
    super(sqliteConfig);
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.sqliteConfig, this.inTransaction);
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
export function withStatementCache(
  database: SQLite.Database,
  onWrite: () => void = () => {},
): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  // Kysely runs every statement right after preparing it, in the same synchronous step: a write
  // (or a COMMIT, which SQLite calls read-only but returns no rows) counted here cannot be seen
  // by any reader before the count moves.
  const counted = (statement: SQLite.Statement) => {
    if (!(statement.reader && statement.readonly)) onWrite();
    return statement;
  };
  return {
    close: () => database.close(),
    prepare(sql) {
      const cached = cache.get(sql);
      if (cached && !cached.busy) return counted(cached);
      const statement = database.prepare(sql);
      if (cached) return counted(statement);
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      cache.set(sql, statement);
      return counted(statement);
    },
  };
}

/** PostgreSQL's driver, counting each statement other than a SELECT once it has run. */
class CountingPostgresDriver extends PostgresDriver {
  private readonly counted = new WeakSet<DatabaseConnection>();

  constructor(
    config: PostgresDialectConfig,
    private readonly onWrite: () => void,
  ) {
    super(config);
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    let connection: DatabaseConnection;
    try {
      connection = await super.acquireConnection();
    } catch (err) {
      // The server is down, restarting or refusing connections: a 503, and the pool tries a
      // fresh connection on the next query.
      throw asDatabaseError(err);
    }
    if (!this.counted.has(connection)) {
      this.counted.add(connection);
      translateErrors(connection);
      const execute = connection.executeQuery.bind(connection);
      const onWrite = this.onWrite;
      connection.executeQuery = async (query) => {
        try {
          return await execute(query);
        } finally {
          if (query.query.kind !== 'SelectQueryNode') onWrite();
        }
      };
    }
    return connection;
  }
}

class CountingPostgresDialect extends PostgresDialect {
  constructor(
    private readonly pgConfig: PostgresDialectConfig,
    private readonly onWrite: () => void,
  ) {
    super(pgConfig);
  }

  override createDriver(): Driver {
    return new CountingPostgresDriver(this.pgConfig, this.onWrite);
  }
}

/** The one statement PostgreSQL's read version costs, prepared by name on each connection. */
const READ_VERSION_QUERY = {
  name: 'fogata-read-version',
  text: 'select version from read_version where id = 1',
};

/**
 * Writes through every SQLite connection of this process: one counter, so that a write on
 * another connection of the same process (a second app, a command) counts as at once as its own.
 */
const sqliteWrites = new WriteCounter();

/** Where the pool reports a connection it lost (the app's log); silent when not given. */
export interface DatabaseOptions {
  onConnectionLost?: (err: Error) => void;
}

/** How long a query waits for a connection to the server before it answers 503. */
const PG_CONNECT_TIMEOUT_MS = 5_000;

/** Opens SQLite at DATA_DIR/fogata.db, or PostgreSQL when DATABASE_URL is a postgres URL. */
export function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  options: DatabaseOptions = {},
): Db {
  if (config.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: 10,
      connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
    });
    // When the server restarts or fails over it ends every connection, idle ones included. An
    // 'error' event without a listener ends the whole process: the pool drops a lost
    // idle client by itself, and a client lost while checked out fails its query; either way the
    // next query opens a fresh connection, so this only has to be noted.
    // Each client reports it once, idle or checked out; the pool's own event repeats it.
    pool.on('connect', (client) => {
      client.on('error', (err) => options.onConnectionLost?.(err));
      prepareStatements(client);
    });
    pool.on('error', () => {});
    const writes = new WriteCounter();
    // Before migration 010 (or should the row be gone), a value no other call returns: nothing
    // read then is ever served again from the cache.
    let unknown = 0;
    // This instance's own writes are counted before the row is read: data read after the query
    // includes them.
    const versionAfterCall = runAfterCall(async () => {
      const count = writes.count;
      const { rows } = await pool.query<{ version: string }>(READ_VERSION_QUERY);
      return rows[0] ? `${rows[0].version}.${count}` : null;
    });
    return {
      kysely: new Kysely<Database>({ dialect: new CountingPostgresDialect({ pool }, writes.bump) }),
      dialect: 'postgres',
      async readVersion() {
        try {
          const version = await versionAfterCall();
          if (version !== null) return version;
        } catch {
          // Answered below.
        }
        unknown += 1;
        return `?${unknown}`;
      },
    };
  }
  const sqlite = new SQLite(join(config.dataDir, 'fogata.db'));
  // WAL lets readers run while a write is in progress; foreign keys are off by default in SQLite.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Safe with WAL (a power cut may lose the last commits, never corrupt the file) and much faster.
  sqlite.pragma('synchronous = NORMAL');
  // Changes when another connection commits: another process, another instance.
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  // Read once per turn of the event loop (the pragma costs more than the rest of a cached
  // answer's work): the requests handled in one turn all arrived before it began, so the database
  // as it was then is the one they must see. Writes of this process, on this connection or any
  // other in it, move the shared counter at once and need no pragma.
  let turnVersion: number | null = null;
  let versionData = -1;
  let versionWrites = -1;
  let versionText = '';
  const dataVersionThisTurn = (): number => {
    if (turnVersion === null) {
      turnVersion = dataVersion.get() as number;
      setImmediate(() => {
        turnVersion = null;
      });
    }
    return turnVersion;
  };
  return {
    kysely: new Kysely<Database>({
      dialect: new ImmediateSqliteDialect(
        { database: withStatementCache(sqlite, sqliteWrites.bump) },
        () => sqlite.inTransaction,
      ),
    }),
    dialect: 'sqlite',
    readVersion: () => {
      const data = dataVersionThisTurn();
      const writes = sqliteWrites.count;
      // The same text while neither part moves: the cache compares it on every request, and one
      // string is compared by identity, a new one character by character.
      if (data !== versionData || writes !== versionWrites) {
        versionData = data;
        versionWrites = writes;
        versionText = `${data}.${writes}`;
      }
      return versionText;
    },
  };
}
