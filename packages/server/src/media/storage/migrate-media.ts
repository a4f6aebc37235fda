import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { progressPrinter } from '../../lib/progress-printer.js';
import { loadConfig } from '../../startup.js';
import { S3Storage } from './s3-storage.js';
import { contentTypeOf, LocalStorage, mediaRoot } from './storage.js';

/** What a migration did. */
export interface MigrationSummary {
  /** Files on the disk when it started. */
  total: number;
  /** Copied now, and checked in the bucket afterwards. */
  copied: number;
  bytes: number;
  /** Already in the bucket with the same size (an earlier run): left as they are. */
  skipped: number;
  /** Deleted from the disk while the copy ran (their rows went too). */
  gone: number;
}

export interface MigrationProgress {
  done: number;
  total: number;
  bytes: number;
}

/** A message a person can act on, for what stopped a migration. */
export class MigrationError extends Error {}

/** Copies at once: a bucket far away answers each one slowly, not fewer of them. */
const PARALLEL = 4;

function isGone(err: unknown): boolean {
  return (err as { code?: string }).code === 'ENOENT';
}

/**
 * Copies every file of the local media folders to the bucket under the same key. Resumable: a key
 * already in the bucket with the file's size is skipped. Each copy is checked: the provider
 * verifies the bytes it got against their MD5 (S3Storage.save sends it), and the object's size is
 * read back. Nothing is deleted on either side. Throws a MigrationError on the first failure;
 * what was copied stays, so running it again goes on from there.
 */
export async function migrateMedia(
  source: LocalStorage,
  target: S3Storage,
  onProgress?: (progress: MigrationProgress) => void,
): Promise<MigrationSummary> {
  const keys: string[] = [];
  for await (const key of source.list()) keys.push(key);
  const summary: MigrationSummary = {
    total: keys.length,
    copied: 0,
    bytes: 0,
    skipped: 0,
    gone: 0,
  };
  let next = 0;
  let failed = false;

  const copy = async (key: string): Promise<void> => {
    const file = source.path(key);
    let size: number;
    try {
      size = (await stat(file)).size;
    } catch (err) {
      if (isGone(err)) {
        summary.gone += 1;
        return;
      }
      throw err;
    }
    if ((await target.sizeOf(key)) === size) {
      summary.skipped += 1;
      return;
    }
    let data: Buffer;
    try {
      data = await readFile(file);
    } catch (err) {
      if (isGone(err)) {
        summary.gone += 1;
        return;
      }
      throw err;
    }
    await target.save(key, data, contentTypeOf(key) ?? 'application/octet-stream');
    const stored = await target.sizeOf(key);
    if (stored !== data.length) {
      throw new MigrationError(
        `la copia de ${key} en el bucket tiene ${stored ?? 0} bytes y el archivo ${data.length}`,
      );
    }
    summary.copied += 1;
    summary.bytes += data.length;
  };

  const worker = async (): Promise<void> => {
    while (!failed && next < keys.length) {
      const key = keys[next] as string;
      next += 1;
      try {
        await copy(key);
      } catch (err) {
        failed = true;
        if (err instanceof MigrationError) throw err;
        const reason = (err as Error).message || (err as Error).name;
        throw new MigrationError(`no se pudo copiar ${key}: ${reason}`);
      }
      const done = summary.copied + summary.skipped + summary.gone;
      onProgress?.({ done, total: summary.total, bytes: summary.bytes });
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return summary;
}

const MB = 1024 * 1024;
const megabytes = (bytes: number) =>
  (bytes / MB).toLocaleString('es-ES', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/**
 * `npm run migrate-media -- --to s3`: copies an installation's local photos and images to the
 * bucket of S3_BUCKET (with S3_ENDPOINT, S3_REGION… as STORAGE=s3 reads them), before switching
 * to STORAGE=s3. Returns the exit code.
 */
export async function migrateMediaCommand(args: string[]): Promise<number> {
  const at = args.indexOf('--to');
  const to = at >= 0 ? args[at + 1] : args.find((a) => a.startsWith('--to='))?.slice(5);
  if (to !== 's3') {
    console.error('Uso: npm run migrate-media -- --to s3');
    return 2;
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    // The bucket's settings whatever STORAGE says now; the secret only signs URLs, and none is
    // made here, so none is created in DATA_DIR either.
    config = loadConfig({
      ...process.env,
      STORAGE: 's3',
      JWT_SECRET: process.env.JWT_SECRET || 'migrando',
    });
  } catch (err) {
    console.error(`No se pueden copiar las fotos a S3: ${(err as Error).message}`);
    return 1;
  }
  if (config.storage.driver !== 's3') return 1;
  const publicDir = mediaRoot(config.dataDir);
  if (!existsSync(publicDir) && !existsSync(`${publicDir}-private`)) {
    console.error(
      `No se pueden copiar las fotos a S3: no hay fotos en ${config.dataDir} (ni media/ ni media-private/). Comprueba DATA_DIR.`,
    );
    return 1;
  }
  const source = new LocalStorage(publicDir);
  const { driver: _driver, ...options } = config.storage;
  const target = await S3Storage.open(options);
  const print = progressPrinter();
  try {
    try {
      await target.check();
    } catch (err) {
      console.error(
        `No se pueden copiar las fotos a S3: no se puede usar el bucket ${target.bucket} (${(err as Error).message || (err as Error).name}). Comprueba S3_BUCKET, S3_ENDPOINT, S3_REGION y las claves AWS_ACCESS_KEY_ID y AWS_SECRET_ACCESS_KEY.`,
      );
      return 1;
    }
    const summary = await migrateMedia(source, target, ({ done, total, bytes }) =>
      print(`Copiando a S3: ${done}/${total} archivos (${megabytes(bytes)} MB)…`),
    );
    if (process.stderr.isTTY) process.stderr.write('\n');
    const gone = summary.gone
      ? `, ${summary.gone} ya no existían (se borraron mientras tanto)`
      : '';
    console.log(
      `Fotos copiadas al bucket ${target.bucket}: ${summary.copied} archivos nuevos (${megabytes(summary.bytes)} MB) y ${summary.skipped} que ya estaban${gone}; ${summary.total} en total, cada copia comprobada.`,
    );
    console.log(
      `Los archivos locales no se han borrado (${publicDir} y ${publicDir}-private). Si Fogata sigue en marcha con el disco local, páralo y repite esta orden (solo copiará lo nuevo); después arráncalo con STORAGE=s3 y, cuando veas las fotos, podrás borrar esas carpetas.`,
    );
    return 0;
  } catch (err) {
    if (process.stderr.isTTY) process.stderr.write('\n');
    const reason = err instanceof MigrationError ? err.message : String(err);
    console.error(
      `No se pudieron copiar todas las fotos a S3: ${reason}. Lo ya copiado queda en el bucket: vuelve a ejecutar la orden y seguirá donde se quedó.`,
    );
    return 1;
  } finally {
    target.close();
  }
}
