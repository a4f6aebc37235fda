import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.js';
import { type Config, readConfig } from '../config.js';
import { migrateToLatest } from '../db/migrations/index.js';
import type { LogStream } from '../lib/request-log.js';

export const TEST_PUBLIC_URL = 'http://fogata.test';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

/**
 * A configuration for tests: the defaults of the schema (outbox mail, SQLite), with a fresh
 * DATA_DIR, a cheap scrypt and no rate limit worth the name.
 */
export function testConfig(dataDir: string, overrides: Partial<Config> = {}): Config {
  return {
    ...readConfig({}),
    port: 0,
    host: '127.0.0.1',
    publicUrl: TEST_PUBLIC_URL,
    dataDir,
    jwtSecret: randomBytes(32).toString('base64url'),
    healthKey: randomBytes(32).toString('base64url'),
    authRateLimit: 1000,
    webDist: join(dataDir, 'no-web'),
    scryptCost: 1024,
    // Image work at the test's own priority: below it, a machine busy with other runs starves it.
    imageNice: 0,
    // Digests are run by hand in their tests (runOnce with a clock); the timer stays out of the way.
    digest: { checkMs: 3_600_000, hour: 8, timeZone: 'Europe/Madrid' },
    // The face scan is run by hand in its tests (runOnce); its timer stays out of the way.
    faceScan: { startMs: 3_600_000 },
    logLevel: 'silent',
    ...overrides,
  };
}

/** With DATABASE_URL set (PostgreSQL), a database of its own for this app; else null (SQLite). */
export async function createPgDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const base = process.env.DATABASE_URL;
  if (!base?.startsWith('postgres')) return null;
  const name = `fogata_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      // The app's pool.end() resolves before its sockets are closed: wait for them (up to 2 s),
      // so FORCE never cuts a connection that is still closing, whose error would surface as
      // an unhandled one in the test run.
      for (let i = 0; i < 100; i += 1) {
        const { rows } = await client.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (!rows[0]?.n) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * The tests' uploads find no face: the real detector takes a second of a core per image, and the
 * tests of what faces do add theirs with `addFace`. The detector's own tests, and those of the
 * upload pipeline and the scan, give `app.ctx.faceDetector` back (undefined: the real one).
 */
function withoutFaceDetection(app: FastifyInstance): void {
  app.ctx.faceDetector = async () => [];
}

/** A log line without its error's stack: what failed, and where in the database, is enough. */
function withoutStack(line: string): string {
  try {
    const entry = JSON.parse(line) as { err?: { stack?: string } };
    if (entry.err) delete entry.err.stack;
    return JSON.stringify(entry);
  } catch {
    return line;
  }
}

/**
 * The app's error log, kept: a test that expected a success shows it with the status it got
 * (`expect(res.statusCode, errors.text()).toBe(200)`), so a 500 says why.
 */
export class ErrorLog implements LogStream {
  private readonly lines: string[] = [];

  write(text: string): void {
    this.lines.push(withoutStack(text.trim()));
  }

  flush(): void {}

  text(): string {
    return this.lines.length === 0
      ? 'el servidor no registró ningún error'
      : `errores del servidor:\n${this.lines.join('\n')}`;
  }
}

/**
 * Builds a migrated app on a fresh database: a SQLite file in a temp dir, or a fresh PostgreSQL
 * database when DATABASE_URL is set. `prepare` runs before the app is ready (to add routes).
 * With `errors`, the app's lines of level error and above go there (else it logs nothing).
 */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  prepare?: (app: FastifyInstance) => void | Promise<void>,
  errors?: ErrorLog,
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fogata-test-'));
  const pgDb = await createPgDatabase();
  const config = testConfig(dataDir, { databaseUrl: pgDb?.url ?? null, ...overrides });
  const app = await buildApp(config, {
    logger: errors ? { level: 'error' } : false,
    logStream: errors,
    validateResponses: true,
  });
  withoutFaceDetection(app);
  await migrateToLatest(app.ctx.db.kysely, app.ctx.db.dialect);
  await prepare?.(app);
  await app.ready();
  return {
    app,
    config,
    async close() {
      await app.close();
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A migrated app in this test's process on `dataDir` and `databaseUrl` (null: SQLite there), for
 * the factories to write what real server processes (or a backup) then read: they share its
 * `jwtSecret`. The caller closes it.
 */
export async function buildSeedApp(
  dataDir: string,
  jwtSecret: string,
  databaseUrl: string | undefined,
): Promise<FastifyInstance> {
  const config = testConfig(dataDir, { jwtSecret, databaseUrl: databaseUrl ?? null });
  const app = await buildApp(config, { logger: false });
  await migrateToLatest(app.ctx.db.kysely, app.ctx.db.dialect);
  return app;
}

/**
 * Another app on `first`'s database and DATA_DIR, like a second instance behind a load balancer
 * (nothing migrated, nothing dropped). Close it before `first`.
 */
export async function buildTestAppOnSameDatabase(
  first: TestApp,
  overrides: Partial<Config> = {},
): Promise<TestApp> {
  const config = { ...first.config, ...overrides };
  const app = await buildApp(config, { logger: false, validateResponses: true });
  withoutFaceDetection(app);
  await app.ready();
  return { app, config, close: () => app.close() };
}
