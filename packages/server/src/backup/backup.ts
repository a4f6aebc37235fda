import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import tar from 'tar-stream';
import type { Db } from '../db/database.js';
import type { MediaStorage } from '../media/storage/storage.js';
import { BACKUP_TABLES, TRANSIENT_TABLES, tablesIn, untyped } from './tables.js';

/** The first entry of every archive: what it holds, to check a restore against. */
export interface BackupManifest {
  format: 1;
  app: 'fogata';
  created_at: string;
  /** The database the copy was taken from; a restore may go to either. */
  dialect: Db['dialect'];
  /** The migrations the copied database had; a restore refuses a copy newer than its code. */
  migrations: string[];
  /** Rows per table in the copy. */
  tables: Record<string, number>;
}

export interface BackupSources {
  db: Db;
  /** DATA_DIR: where the SQLite file is. */
  dataDir: string;
  storage: MediaStorage;
  /** The secret that signs sessions and photo links; restored with the rest. */
  jwtSecret: string;
}

export interface BackupProgress {
  files: number;
  bytes: number;
}

export interface BackupSummary {
  manifest: BackupManifest;
  files: number;
  bytes: number;
}

export const ARCHIVE = {
  manifest: 'fogata-backup.json',
  sqlite: 'database/fogata.db',
  tablePrefix: 'database/',
  secret: 'secret/jwt-secret',
  mediaPrefix: 'media/',
} as const;

/** A message a person can act on, for what made a backup or a restore stop. */
export class BackupError extends Error {}

/** Why a file operation failed, in Spanish. */
export function describeFsError(err: unknown, what: string): string {
  const code = (err as { code?: string }).code;
  if (code === 'ENOSPC') return `no queda espacio en el disco (${what})`;
  if (code === 'EACCES' || code === 'EPERM') return `sin permiso para ${what}`;
  if (code === 'ENOENT') return `no existe: ${what}`;
  if (code === 'EROFS') return `el disco es de solo lectura (${what})`;
  return `${what}: ${(err as Error).message}`;
}

async function migrationsOf(db: Db): Promise<string[]> {
  const { rows } = await sql<{
    name: string;
  }>`select name from kysely_migration order by name`.execute(db.kysely);
  return rows.map((r) => r.name);
}

/**
 * The SQLite database through SQLite's online backup API, into `dest`: a consistent copy while
 * the server goes on writing. The pages go over in one step, so a write by the server cannot make
 * the copy start again and again.
 */
async function snapshotSqlite(dataDir: string, dest: string): Promise<void> {
  const source = new SQLite(join(dataDir, 'fogata.db'), { readonly: true, fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    await source.backup(dest, { progress: ({ remainingPages }) => Math.max(remainingPages, 100) });
  } finally {
    source.close();
  }
}

/** Empties the transient tables of the copy (it is ours, in the work folder). */
function dropTransientRows(file: string): void {
  const copy = new SQLite(file);
  try {
    for (const table of TRANSIENT_TABLES) {
      const exists = copy
        .prepare("select 1 from sqlite_master where type = 'table' and name = ?")
        .get(table);
      if (exists) copy.prepare(`delete from "${table}"`).run();
    }
  } finally {
    copy.close();
  }
}

/** Counts the rows of each backed-up table in a SQLite file. */
function countSqlite(file: string): { tables: Record<string, number>; migrations: string[] } {
  const copy = new SQLite(file, { readonly: true });
  try {
    const present = new Set(
      copy
        .prepare("select name from sqlite_master where type = 'table'")
        .all()
        .map((r) => (r as { name: string }).name),
    );
    const tables: Record<string, number> = {};
    for (const table of BACKUP_TABLES) {
      if (!present.has(table)) continue;
      tables[table] = (
        copy.prepare(`select count(*) as n from "${table}"`).get() as { n: number }
      ).n;
    }
    const migrations = copy
      .prepare('select name from kysely_migration order by name')
      .all()
      .map((r) => (r as { name: string }).name);
    return { tables, migrations };
  } finally {
    copy.close();
  }
}

/**
 * Every backed-up table of a PostgreSQL database as JSON lines in `dir`, read in one
 * REPEATABLE READ transaction: one consistent instant, whatever the server writes meanwhile.
 */
async function snapshotPostgres(
  db: Db,
  dir: string,
): Promise<{ tables: Record<string, number>; files: string[] }> {
  const present = new Set(await tablesIn(db));
  const tables: Record<string, number> = {};
  const files: string[] = [];
  await untyped(db)
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      for (const table of BACKUP_TABLES) {
        if (!present.has(table)) continue;
        const rows = await trx.selectFrom(table).selectAll().execute();
        const file = join(dir, `${table}.jsonl`);
        await writeFile(file, rows.map((row) => `${JSON.stringify(row)}\n`).join(''));
        tables[table] = rows.length;
        files.push(file);
      }
    });
  return { tables, files };
}

/** Adds one entry to the archive from a stream of known size. */
function addEntry(pack: tar.Pack, name: string, size: number, stream: Readable): Promise<void> {
  return new Promise((resolve, reject) => {
    const entry = pack.entry({ name, size, mode: 0o600, mtime: new Date() }, (err) =>
      err ? reject(err) : resolve(),
    );
    stream.on('error', reject);
    stream.pipe(entry);
  });
}

function addBuffer(pack: tar.Pack, name: string, data: Buffer | string): Promise<void> {
  return new Promise((resolve, reject) => {
    pack.entry({ name, mode: 0o600, mtime: new Date() }, data, (err) =>
      err ? reject(err) : resolve(),
    );
  });
}

/**
 * Writes a backup of a running Fogata to `file` (a tar archive): the database (SQLite through its
 * online backup API, PostgreSQL in one snapshot transaction), the secret, and every media file.
 * The archive is written beside `file` under another name and renamed only when complete: a
 * failure leaves no half-written archive. Throws a BackupError with a Spanish reason.
 */
export async function createBackup(
  source: BackupSources,
  file: string,
  onProgress?: (progress: BackupProgress) => void,
): Promise<BackupSummary> {
  const work = await mkdtemp(join(tmpdir(), 'fogata-backup-'));
  const partial = join(dirname(file), `.${randomBytes(6).toString('hex')}.fogata-backup.partial`);
  let done = false;
  try {
    const created_at = new Date().toISOString();
    let manifest: BackupManifest;
    let databaseEntries: { name: string; path: string }[];
    try {
      if (source.db.dialect === 'sqlite') {
        const copy = join(work, 'fogata.db');
        await snapshotSqlite(source.dataDir, copy);
        dropTransientRows(copy);
        const { tables, migrations } = countSqlite(copy);
        manifest = { format: 1, app: 'fogata', created_at, dialect: 'sqlite', migrations, tables };
        databaseEntries = [{ name: ARCHIVE.sqlite, path: copy }];
      } else {
        const { tables, files } = await snapshotPostgres(source.db, work);
        const migrations = await migrationsOf(source.db);
        manifest = {
          format: 1,
          app: 'fogata',
          created_at,
          dialect: 'postgres',
          migrations,
          tables,
        };
        databaseEntries = files.map((path) => ({
          name: `${ARCHIVE.tablePrefix}${path.slice(work.length + 1)}`,
          path,
        }));
      }
    } catch (err) {
      throw new BackupError(`no se pudo copiar la base de datos: ${(err as Error).message}`);
    }

    const pack = tar.pack();
    let out: ReturnType<typeof createWriteStream>;
    try {
      out = createWriteStream(partial, { mode: 0o600 });
    } catch (err) {
      throw new BackupError(describeFsError(err, `escribir ${file}`));
    }
    const written = pipeline(pack, out).catch((err: unknown) => {
      throw new BackupError(describeFsError(err, `escribir ${file}`));
    });
    // A write error surfaces through `written`; until then, keep adding entries.
    written.catch(() => pack.destroy());

    const progress: BackupProgress = { files: 0, bytes: 0 };
    const adding = (async () => {
      await addBuffer(pack, ARCHIVE.manifest, `${JSON.stringify(manifest, null, 2)}\n`);
      for (const entry of databaseEntries) {
        const { size } = await stat(entry.path);
        await addEntry(pack, entry.name, size, createReadStream(entry.path));
      }
      await addBuffer(pack, ARCHIVE.secret, source.jwtSecret);
      for await (const key of source.storage.list()) {
        let stored: Awaited<ReturnType<MediaStorage['read']>>;
        try {
          stored = await source.storage.read(key);
        } catch (err) {
          throw new BackupError(describeFsError(err, `leer el archivo ${key}`));
        }
        // Deleted since it was listed (its row went too): nothing to keep.
        if (!stored) continue;
        try {
          await addEntry(pack, `${ARCHIVE.mediaPrefix}${key}`, stored.size, stored.stream);
        } catch (err) {
          throw new BackupError(describeFsError(err, `leer el archivo ${key}`));
        }
        progress.files += 1;
        progress.bytes += stored.size;
        onProgress?.(progress);
      }
      pack.finalize();
    })();
    await Promise.all([adding, written]);
    await rename(partial, file);
    done = true;
    return { manifest, files: progress.files, bytes: progress.bytes };
  } finally {
    if (!done) await rm(partial, { force: true });
    await rm(work, { recursive: true, force: true });
  }
}
