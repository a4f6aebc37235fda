import { resolve } from 'node:path';
import { openDatabase } from '../db/database.js';
import { progressPrinter } from '../lib/progress-printer.js';
import { newSealingKey } from '../lib/sealed-box.js';
import { createStorage } from '../media/storage/create-storage.js';
import { loadConfig } from '../startup.js';
import { BackupError, createBackup } from './backup.js';
import { restoreBackup } from './restore.js';
import { SEALED_TABLES } from './tables.js';

const MB = 1024 * 1024;

/**
 * What a restore says when the copy holds sealed rows (fichas sanitarias, messages to the
 * delegado/a): the key that opens them is not in the copy, and a start without it makes a new one
 * that does not.
 */
export const SEALED_RESTORE_WARNING =
  'Atención: la copia contiene datos de salud y mensajes al delegado/a de protección cifrados, y la clave que los abre no va en la copia. Antes de arrancar Fogata, copia el archivo health-key de la instalación original en DATA_DIR (o define HEALTH_KEY con esa misma clave). Sin ella no se podrán leer, y si arrancas sin ella se creará una clave nueva que no los abre.';

/** The warning when the copy's manifest counts sealed rows; null when it has none. */
export function sealedRestoreWarning(tables: Record<string, number>): string | null {
  return SEALED_TABLES.some((table) => (tables[table] ?? 0) > 0) ? SEALED_RESTORE_WARNING : null;
}

function fail(what: string, err: unknown): number {
  if (err instanceof BackupError) console.error(`${what}: ${err.message}`);
  else console.error(`${what}:`, err);
  return 1;
}

/** `npm run backup -- <archivo>`: a consistent copy of a running Fogata. Returns the exit code. */
export async function backupCommand(args: string[]): Promise<number> {
  const target = args.find((a) => !a.startsWith('-'));
  if (!target) {
    console.error('Uso: npm run backup -- <archivo.tar>');
    return 2;
  }
  const config = loadConfig(process.env);
  const storage = await createStorage(config);
  const db = openDatabase(config);
  const print = progressPrinter();
  try {
    const summary = await createBackup(
      { db, dataDir: config.dataDir, storage, jwtSecret: config.jwtSecret },
      resolve(process.env.INIT_CWD ?? process.cwd(), target),
      ({ files, bytes }) => print(`Copiando archivos: ${files} (${(bytes / MB).toFixed(1)} MB)…`),
    );
    if (process.stderr.isTTY) process.stderr.write('\n');
    const rows = Object.values(summary.manifest.tables).reduce((a, b) => a + b, 0);
    console.log(
      `Copia de seguridad creada en ${resolve(process.env.INIT_CWD ?? process.cwd(), target)}: ${rows} filas de la base de datos, ${summary.files} archivos (${(summary.bytes / MB).toFixed(1)} MB) y el secreto de las sesiones.`,
    );
    return 0;
  } catch (err) {
    return fail('No se pudo crear la copia de seguridad', err);
  } finally {
    await db.kysely.destroy();
    storage.close?.();
  }
}

/** `npm run restore -- <archivo> [--force]`: into an empty DATA_DIR. Returns the exit code. */
export async function restoreCommand(args: string[]): Promise<number> {
  const source = args.find((a) => !a.startsWith('-'));
  if (!source) {
    console.error('Uso: npm run restore -- <archivo.tar> [--force]');
    return 2;
  }
  // The secret comes from the copy: reading the configuration must not create a new one in the
  // (empty) DATA_DIR first. Nor a health key: a restore opens no sealed value, and the key that
  // opens them is the original installation's, which its operator brings (README).
  const config = loadConfig({
    ...process.env,
    JWT_SECRET: process.env.JWT_SECRET || 'restaurando',
    HEALTH_KEY: process.env.HEALTH_KEY || newSealingKey(),
  });
  const print = progressPrinter();
  try {
    const summary = await restoreBackup(
      config,
      resolve(process.env.INIT_CWD ?? process.cwd(), source),
      { force: args.includes('--force') },
      (files) => print(`Restaurando archivos: ${files}…`),
    );
    if (process.stderr.isTTY) process.stderr.write('\n');
    const rows = Object.values(summary.manifest.tables).reduce((a, b) => a + b, 0);
    const where =
      config.storage.driver === 's3'
        ? `${config.dataDir} (archivos en el bucket ${config.storage.bucket})`
        : config.dataDir;
    console.log(
      `Copia del ${summary.manifest.created_at} restaurada en ${where}: ${rows} filas y ${summary.files} archivos.`,
    );
    if (summary.missing > 0) {
      console.log(
        `Aviso: ${summary.missing} archivos a los que apunta la base de datos no estaban en la copia (se borraron mientras se hacía).`,
      );
    }
    const sealed = sealedRestoreWarning(summary.manifest.tables);
    if (sealed) console.log(sealed);
    console.log('Arranca Fogata con la misma configuración: npm start');
    return 0;
  } catch (err) {
    return fail('No se pudo restaurar la copia', err);
  }
}
