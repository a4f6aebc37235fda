// The commands of the server bundle with media in S3 (a real S3-compatible server, s3rver on
// 127.0.0.1): `migrate-media --to s3` moves a local installation's files to the bucket, resumably,
// and a server started with STORAGE=s3 then serves them; `backup` reads the bucket and `restore`
// writes into a local DATA_DIR or into an empty bucket.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { Config } from '../../config.js';
import { migrateToLatest } from '../../db/migrations/index.js';
import { createPgDatabase, testConfig } from '../../test/build-app.js';
import { createNews } from '../../test/content-factories.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createAlbum, createPhoto } from '../../test/gallery-factories.js';
import { startS3, type TestS3 } from '../../test/s3.js';
import { runServerCommand, startServerProcess } from '../../test/server-process.js';
import { LocalStorage, mediaRoot } from './storage.js';

type PgDb = Awaited<ReturnType<typeof createPgDatabase>>;

let s3: TestS3;
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await s3?.close();
});

/** A fresh temp folder, removed after the file's tests. */
function tempDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `fogata-${name}-`));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A PostgreSQL database of its own when the suite runs on PostgreSQL, else null (SQLite). */
async function pgDatabase(): Promise<PgDb> {
  const db = await createPgDatabase();
  if (db) cleanups.push(() => db.drop());
  return db;
}

const command = runServerCommand;

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

interface Instance {
  config: Config;
  member: TestUser;
  photoId: number;
  newsId: number;
  /** The environment a command or server process needs for this instance's database. */
  env: Record<string, string | undefined>;
}

/** An installation with an album of photos and a news item, its files in `config.storage`. */
async function populate(overrides: Partial<Config>): Promise<Instance> {
  const dataDir = tempDir('s3-source');
  const pg = await pgDatabase();
  const jwtSecret = randomBytes(32).toString('base64url');
  const config = testConfig(dataDir, { jwtSecret, databaseUrl: pg?.url ?? null, ...overrides });
  const app: FastifyInstance = await buildApp(config, { logger: false });
  try {
    await migrateToLatest(app.ctx.db.kysely, app.ctx.db.dialect);
    const member = await createUser(app, { role: 'usuario' });
    const album = await createAlbum(app, { withFiles: true });
    let photoId = 0;
    for (let i = 0; i < 3; i += 1)
      photoId = (await createPhoto(app, album.id, { withFiles: true })).id;
    const news = await createNews(app, { withFiles: true });
    return {
      config,
      member,
      photoId,
      newsId: news.id,
      env: { DATA_DIR: dataDir, JWT_SECRET: jwtSecret, DATABASE_URL: pg?.url },
    };
  } finally {
    await app.close();
  }
}

describe('npm run migrate-media -- --to s3', () => {
  let local: Instance;
  let disk: LocalStorage;
  let localKeys: string[];
  beforeAll(async () => {
    local = await populate({});
    disk = new LocalStorage(mediaRoot(local.config.dataDir));
    localKeys = [];
    for await (const key of disk.list()) localKeys.push(key);
    localKeys.sort();
  }, 300_000);

  it('says how to call it, and what is wrong with the bucket settings, in Spanish', async () => {
    const usage = await command(['migrate-media'], local.env);
    expect(usage.code).toBe(2);
    expect(usage.out).toContain('Uso: npm run migrate-media -- --to s3');

    const noBucket = await command(['migrate-media', '--to', 's3'], local.env);
    expect(noBucket.code).toBe(1);
    expect(noBucket.out).toContain(
      'No se pueden copiar las fotos a S3: STORAGE=s3 necesita S3_BUCKET',
    );

    const lost = await command(['migrate-media', '--to', 's3'], {
      ...local.env,
      ...s3.env('no-existe-este-bucket'),
    });
    expect(lost.code).toBe(1);
    expect(lost.out).toContain(
      'No se pueden copiar las fotos a S3: no se puede usar el bucket no-existe-este-bucket',
    );
  }, 300_000);

  it('copies every local file to the bucket, checked, resumably, and the server serves them from S3', async () => {
    const bucket = await s3.bucket();
    // STORAGE stays unset while copying: the S3_* variables are read all the same.
    const { STORAGE: _storage, ...s3Env } = s3.env(bucket);
    const env = { ...local.env, ...s3Env };
    const first = await command(['migrate-media', '--to', 's3'], env);
    expect(first.out).toContain(
      `Fotos copiadas al bucket ${bucket}: ${localKeys.length} archivos nuevos (`,
    );
    expect(first.out).toContain(`y 0 que ya estaban; ${localKeys.length} en total`);
    expect(first.out).toContain('Los archivos locales no se han borrado');
    expect(first.code).toBe(0);
    expect(localKeys.length).toBe(10);
    expect(await s3.keys(bucket)).toEqual(localKeys);
    const inBucket = await s3.storage(bucket);
    for (const key of localKeys) {
      const object = await inBucket.read(key);
      expect((await bytesOf(object!.stream)).equals(readFileSync(disk.path(key))), key).toBe(true);
      // Nothing deleted locally.
      expect(readFileSync(disk.path(key)).length).toBeGreaterThan(0);
    }

    // Again: nothing to copy.
    const again = await command(['migrate-media', '--to', 's3'], env);
    expect(again.out).toContain(
      `: 0 archivos nuevos (0,0 MB) y ${localKeys.length} que ya estaban`,
    );
    expect(again.code).toBe(0);

    // Cut off half-way (one object missing, one with the wrong size): only those two go again.
    const [missing, damaged] = [localKeys[0]!, localKeys[localKeys.length - 1]!];
    await inBucket.delete(missing);
    await inBucket.save(damaged, Buffer.from('a medias'), 'image/webp');
    const resumed = await command(['migrate-media', '--to', 's3'], env);
    expect(resumed.out).toContain(`: 2 archivos nuevos (`);
    expect(resumed.out).toContain(`y ${localKeys.length - 2} que ya estaban`);
    expect(resumed.code).toBe(0);
    for (const key of [missing, damaged]) {
      const object = await inBucket.read(key);
      expect((await bytesOf(object!.stream)).equals(readFileSync(disk.path(key))), key).toBe(true);
    }

    // Switched to STORAGE=s3 with the local folders gone: everything shows from the bucket.
    rmSync(mediaRoot(local.config.dataDir), { recursive: true, force: true });
    rmSync(`${mediaRoot(local.config.dataDir)}-private`, { recursive: true, force: true });
    const server = await startServerProcess(local.config.dataDir, {
      ...local.env,
      ...s3.env(bucket),
    });
    try {
      const photo = await fetch(`${server.url}/api/photos/${local.photoId}`, {
        headers: local.member.headers,
      });
      expect(photo.status).toBe(200);
      const { image_url, thumb_url } = (await photo.json()) as Record<string, string>;
      for (const url of [image_url!, thumb_url!]) {
        const res = await fetch(`${server.url}${url}`);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('image/webp');
        expect(res.headers.get('cache-control')).toMatch(/^private, /);
      }
      expect((await fetch(`${server.url}${image_url!.split('?')[0]}`)).status).toBe(403);
      const news = (await (await fetch(`${server.url}/api/news/${local.newsId}`)).json()) as {
        image_url: string;
      };
      const image = await fetch(`${server.url}${news.image_url}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const ready = await fetch(`${server.url}/api/health/ready`);
      expect(await ready.json()).toEqual({
        status: 'ok',
        database: 'ok',
        storage: 'ok',
        disk: 'ok',
      });
    } finally {
      await server.stop();
    }
    // No local folders: most likely the wrong DATA_DIR.
    const nothing = await command(['migrate-media', '--to', 's3'], env);
    expect(nothing.code).toBe(1);
    expect(nothing.out).toContain(
      `No se pueden copiar las fotos a S3: no hay fotos en ${local.config.dataDir} (ni media/ ni media-private/). Comprueba DATA_DIR.`,
    );
  }, 120_000);
});

describe('backup and restore with STORAGE=s3', () => {
  let source: Instance;
  let bucket: string;
  let archive: string;
  beforeAll(async () => {
    bucket = await s3.bucket();
    source = await populate({ storage: s3.config(bucket) });
    archive = join(tempDir('s3-archive'), 'copia.tar');
  }, 300_000);

  it('backs up the bucket and restores into a local DATA_DIR and into an empty bucket', async () => {
    const backup = await command(['backup', archive], { ...source.env, ...s3.env(bucket) });
    expect(backup.out).toContain('Copia de seguridad creada en');
    expect(backup.out).toContain(' 10 archivos ');
    expect(backup.code).toBe(0);

    const toLocal = tempDir('s3-restored-local');
    const localPg = await pgDatabase();
    const local = await command(['restore', archive], {
      DATA_DIR: toLocal,
      DATABASE_URL: localPg?.url,
    });
    expect(local.out).toContain('restaurada en');
    expect(local.out).toContain(' y 10 archivos.');
    expect(local.code).toBe(0);
    const disk = new LocalStorage(mediaRoot(toLocal));
    const inSource = await s3.storage(bucket);
    for (const key of await s3.keys(bucket)) {
      const copy = await disk.read(key);
      const original = await inSource.read(key);
      expect((await bytesOf(copy!.stream)).equals(await bytesOf(original!.stream)), key).toBe(true);
    }

    const other = await s3.bucket();
    const otherPg = await pgDatabase();
    const toBucket = await command(['restore', archive], {
      DATA_DIR: tempDir('s3-restored-bucket'),
      DATABASE_URL: otherPg?.url,
      ...s3.env(other),
    });
    expect(toBucket.out).toContain(`(archivos en el bucket ${other}):`);
    expect(toBucket.code).toBe(0);
    expect(await s3.keys(other)).toEqual(await s3.keys(bucket));
  }, 300_000);

  it('refuses a bucket that holds files, and replaces its content with --force', async () => {
    const full = await s3.bucket();
    const stray = await s3.storage(full);
    await stray.save('news/0123456789abcdef0123456789abcdef.webp', Buffer.from('x'), 'image/webp');
    const env = async () => ({
      DATA_DIR: tempDir('s3-restored-again'),
      DATABASE_URL: (await pgDatabase())?.url,
      ...s3.env(full),
    });
    const refused = await command(['restore', archive], await env());
    expect(refused.code).toBe(1);
    expect(refused.out).toContain(
      'No se pudo restaurar la copia: el bucket de S3_BUCKET ya tiene archivos. Restaura en un bucket vacío, o usa --force para reemplazar su contenido.',
    );
    expect(await s3.keys(full)).toEqual(['news/0123456789abcdef0123456789abcdef.webp']);

    const forced = await command(['restore', archive, '--force'], await env());
    expect(forced.code).toBe(0);
    expect(await s3.keys(full)).toEqual(await s3.keys(bucket));
  }, 300_000);
});
