import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import tar from 'tar-stream';
import type { Config } from '../config.js';
import { type Db, openDatabase } from '../db/database.js';
import { insertDefaultSections } from '../db/migrations/012-sections-families.js';
import { insertImageConsentDefaults } from '../db/migrations/014-image-consent.js';
import { migrateToLatest, migrationNames } from '../db/migrations/index.js';
import { createStorage } from '../media/storage/create-storage.js';
import type { MediaStorage } from '../media/storage/storage.js';
import { ARCHIVE, BackupError, type BackupManifest, describeFsError } from './backup.js';
import {
  type AnyDb,
  BACKUP_TABLES,
  MIGRATION_SEEDED_TABLES,
  referencedKeys,
  tablesIn,
  untyped,
} from './tables.js';

export interface RestoreOptions {
  /** Replace what DATA_DIR (and, on PostgreSQL, the database) already holds. */
  force: boolean;
}

export interface RestoreSummary {
  manifest: BackupManifest;
  files: number;
  /** Files in the copy that no row points to (written after the database was copied). */
  skipped: number;
  /** Files a row points to that the copy did not have (deleted while it was taken). */
  missing: number;
}

type Row = Record<string, unknown>;
const BATCH = 100;

async function readAll(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function* jsonLines(file: string): AsyncIterable<Row> {
  const lines = createInterface({
    input: createReadStream(file),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  for await (const line of lines) if (line.trim()) yield JSON.parse(line) as Row;
}

async function* sqliteRows(file: string, table: string): AsyncIterable<Row> {
  const source = new SQLite(file, { readonly: true });
  try {
    const exists = source
      .prepare("select 1 from sqlite_master where type = 'table' and name = ?")
      .get(table);
    if (!exists) return;
    yield* source.prepare(`select * from "${table}"`).iterate() as Iterable<Row>;
  } finally {
    source.close();
  }
}

async function insertRows(db: AnyDb, table: string, rows: AsyncIterable<Row>): Promise<void> {
  let batch: Row[] = [];
  for await (const row of rows) {
    batch.push(row);
    if (batch.length === BATCH) {
      await db.insertInto(table).values(batch).execute();
      batch = [];
    }
  }
  if (batch.length) await db.insertInto(table).values(batch).execute();
}

/** After rows came in with their ids, PostgreSQL's sequences continue after the largest. */
async function resetSequences(db: Db): Promise<void> {
  for (const table of await tablesIn(db)) {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from information_schema.columns
      where table_schema = current_schema() and table_name = ${table} and column_name = 'id'`.execute(
      db.kysely,
    );
    if (!rows[0]?.n) continue;
    await sql`select setval(pg_get_serial_sequence(${`"${table}"`}, 'id'),
      coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(db.kysely);
  }
}

async function rowCounts(db: Db): Promise<Record<string, number>> {
  const present = new Set(await tablesIn(db));
  const counts: Record<string, number> = {};
  for (const table of BACKUP_TABLES) {
    if (!present.has(table)) continue;
    const row = await untyped(db)
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

/** Refuses a non-empty DATA_DIR unless forced; with force, empties it. */
async function prepareDataDir(dataDir: string, force: boolean): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  const entries = await readdir(dataDir);
  if (entries.length === 0) return;
  if (!force) {
    throw new BackupError(
      `la carpeta de datos ${dataDir} no está vacía. Restaura en una carpeta vacía, o usa --force para reemplazar su contenido.`,
    );
  }
  for (const entry of entries) await rm(join(dataDir, entry), { recursive: true, force: true });
}

/**
 * With media in a bucket (STORAGE=s3): refuses one that holds files unless forced; with force,
 * empties it. Local media lives in DATA_DIR, which prepareDataDir has seen to.
 */
async function prepareBucket(storage: MediaStorage, force: boolean): Promise<void> {
  if (storage.localRoot) return;
  for await (const key of storage.list()) {
    if (!force) {
      throw new BackupError(
        'el bucket de S3_BUCKET ya tiene archivos. Restaura en un bucket vacío, o usa --force para reemplazar su contenido.',
      );
    }
    await storage.delete(key);
  }
}

/**
 * On PostgreSQL: refuses a database with rows unless forced (or it holds only what migrations
 * seed); then empties its tables, so the copy's rows go in alone.
 */
async function preparePostgres(db: Db, force: boolean): Promise<void> {
  await migrateToLatest(db.kysely, db.dialect);
  const counts = await rowCounts(db);
  const seeded = new Set<string>(MIGRATION_SEEDED_TABLES);
  const isEmpty = ([table, n]: [string, number]) => n === 0 || seeded.has(table);
  // A fresh database holds only what migrations seed (the default sections): empty all the same.
  if (Object.values(counts).every((n) => n === 0)) return;
  if (!force && !Object.entries(counts).every(isEmpty)) {
    throw new BackupError(
      'la base de datos de DATABASE_URL ya tiene datos. Restaura en una base de datos vacía, o usa --force para reemplazar su contenido.',
    );
  }
  const tables = Object.keys(counts).map((t) => `"${t}"`);
  await sql.raw(`truncate table ${tables.join(', ')} restart identity cascade`).execute(db.kysely);
}

/**
 * Restores a backup made by `createBackup` into `config`'s DATA_DIR (and database): refuses a
 * non-empty one unless `force`. The database comes first (a SQLite copy as the file itself, any
 * other way as rows into freshly migrated tables), then the secret, then the media files that its
 * rows point to. Checks the row counts against the copy's manifest. Throws a BackupError.
 */
export async function restoreBackup(
  config: Config,
  file: string,
  { force }: RestoreOptions,
  onProgress?: (files: number) => void,
): Promise<RestoreSummary> {
  await prepareDataDir(config.dataDir, force);
  // Only its URLs would need the copy's secret, and a restore makes none.
  const storage = await createStorage(config);
  const work = await mkdtemp(join(tmpdir(), 'fogata-restore-'));
  let db: Db | null = null;
  try {
    await prepareBucket(storage, force);
    if (config.databaseUrl) {
      db = openDatabase(config);
      await preparePostgres(db, force);
    }
    let manifest: BackupManifest | null = null;
    let sqliteCopy: string | null = null;
    const tableFiles = new Map<string, string>();
    let secret: string | null = null;
    let referenced: Set<string> | null = null;
    const restored = new Set<string>();
    let skipped = 0;

    /** Once the database entries are in: puts the rows in place and learns the media keys. */
    const finishDatabase = async (): Promise<Set<string>> => {
      if (!manifest) throw new BackupError('el archivo no es una copia de seguridad de Fogata.');
      if (!sqliteCopy && tableFiles.size === 0) {
        throw new BackupError('la copia no contiene la base de datos.');
      }
      if (!db) {
        // SQLite: the copy is the database file itself; the server migrates it on start too.
        if (sqliteCopy)
          await pipeline(
            createReadStream(sqliteCopy),
            createWriteStream(join(config.dataDir, 'fogata.db')),
          );
        db = openDatabase(config);
        await migrateToLatest(db.kysely, db.dialect);
        if (sqliteCopy) return referencedKeys(db);
      }
      for (const table of BACKUP_TABLES) {
        const rows = sqliteCopy
          ? sqliteRows(sqliteCopy, table)
          : tableFiles.has(table)
            ? jsonLines(tableFiles.get(table) as string)
            : null;
        if (rows) await insertRows(untyped(db), table, rows);
      }
      // A copy made before sections existed has none: the group gets the four defaults back.
      if (!('sections' in manifest.tables))
        await insertDefaultSections(db.kysely as Kysely<unknown>);
      // One made before image consent existed: its settings, text and scan queue, as 014 writes.
      if (!('group_settings' in manifest.tables))
        await insertImageConsentDefaults(db.kysely as Kysely<unknown>);
      if (db.dialect === 'postgres') await resetSequences(db);
      return referencedKeys(db);
    };

    const extract = tar.extract();
    const source = createReadStream(file);
    source.on('error', (err) => extract.destroy(err));
    source.pipe(extract);
    try {
      for await (const entry of extract) {
        const name = entry.header.name;
        if (!manifest) {
          if (name !== ARCHIVE.manifest) {
            throw new BackupError('el archivo no es una copia de seguridad de Fogata.');
          }
          manifest = JSON.parse((await readAll(entry)).toString('utf8')) as BackupManifest;
          if (manifest.format !== 1 || manifest.app !== 'fogata') {
            throw new BackupError('el archivo no es una copia de seguridad de Fogata.');
          }
          const known = new Set(migrationNames());
          if (manifest.migrations.some((m) => !known.has(m))) {
            throw new BackupError(
              'la copia viene de una versión más nueva de Fogata: actualiza Fogata antes de restaurarla.',
            );
          }
          continue;
        }
        if (name === ARCHIVE.sqlite) {
          sqliteCopy = join(work, 'fogata.db');
          await pipeline(entry, createWriteStream(sqliteCopy));
        } else if (name.startsWith(ARCHIVE.tablePrefix) && name.endsWith('.jsonl')) {
          const table = name.slice(ARCHIVE.tablePrefix.length, -'.jsonl'.length);
          const path = join(work, `${table}.jsonl`);
          await pipeline(entry, createWriteStream(path));
          tableFiles.set(table, path);
        } else if (name === ARCHIVE.secret) {
          secret = (await readAll(entry)).toString('utf8').trim();
          await writeFile(join(config.dataDir, 'jwt-secret'), secret, { mode: 0o600 });
        } else if (name.startsWith(ARCHIVE.mediaPrefix)) {
          referenced ??= await finishDatabase();
          const key = name.slice(ARCHIVE.mediaPrefix.length);
          if (!referenced.has(key)) {
            skipped += 1;
            entry.resume();
            continue;
          }
          await storage.save(key, await readAll(entry), 'application/octet-stream');
          restored.add(key);
          onProgress?.(restored.size);
        } else {
          entry.resume();
        }
      }
    } catch (err) {
      if (err instanceof BackupError) throw err;
      const code = (err as { code?: string }).code;
      if (code) throw new BackupError(describeFsError(err, file));
      throw new BackupError(
        `el archivo de copia está dañado o incompleto (${(err as Error).message}).`,
      );
    }
    referenced ??= await finishDatabase();
    if (!secret) throw new BackupError('la copia no contiene el secreto de las sesiones.');
    const activeDb = db as Db | null;
    if (!activeDb || !manifest) throw new BackupError('la copia no contiene la base de datos.');
    const counts = await rowCounts(activeDb);
    for (const [table, expected] of Object.entries((manifest as BackupManifest).tables)) {
      if ((counts[table] ?? 0) !== expected) {
        throw new BackupError(
          `la tabla ${table} tiene ${counts[table] ?? 0} filas tras restaurar y la copia decía ${expected}.`,
        );
      }
    }
    let missing = 0;
    for (const key of referenced) if (!restored.has(key)) missing += 1;
    return { manifest: manifest as BackupManifest, files: restored.size, skipped, missing };
  } finally {
    await (db as Db | null)?.kysely.destroy();
    storage.close?.();
    await rm(work, { recursive: true, force: true });
  }
}
