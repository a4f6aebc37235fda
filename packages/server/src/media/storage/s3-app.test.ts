// The app with STORAGE=s3, through the HTTP layer, against a real S3-compatible server (s3rver on
// 127.0.0.1): uploads land in the bucket and nowhere on disk, members-only photos come out only
// through their signed URLs, public images through /media/ with long-lived caching, deletes remove
// the objects, and a backup of the bucket restores into a local DATA_DIR.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { SERVER_ERRORS } from '@fogata/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup } from '../../backup/backup.js';
import { restoreBackup } from '../../backup/restore.js';
import { referencedKeys } from '../../backup/tables.js';
import { openDatabase } from '../../db/database.js';
import { buildTestApp, createPgDatabase, type TestApp, testConfig } from '../../test/build-app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { injectParts, metadataTraces, type Part, phonePhoto, pngImage } from '../../test/images.js';
import { startS3, type TestS3 } from '../../test/s3.js';
import { MediaJournal } from '../journal.js';
import { MediaUrlSigner } from '../url-signer.js';
import { LocalStorage, mediaRoot, newMediaKey } from './storage.js';

let s3: TestS3;
let bucket: string;
let t: TestApp;
let scouter: TestUser;

beforeAll(async () => {
  s3 = await startS3();
  bucket = await s3.bucket();
  t = await buildTestApp({ storage: s3.config(bucket) });
  scouter = await createUser(t.app, { role: 'scouter' });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const send = (method: 'POST' | 'PUT', url: string, parts: Part[]) =>
  injectParts(t.app, method, url, parts, scouter.headers);

async function newAlbum(): Promise<{ id: number; cover: string; cover_thumb: string }> {
  const res = await send('POST', '/api/albums/newAlbum', [
    { name: 'title', value: 'Campamento de verano' },
    { field: 'cover', filename: 'portada.png', type: 'image/png', data: await pngImage() },
  ]);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().album;
}

type Photo = { id: number; image_url: string; thumb_url: string };

async function uploadPhotos(albumId: number, files: Buffer[]): Promise<Photo[]> {
  const res = await send('POST', '/api/photos/upload', [
    { name: 'albumId', value: String(albumId) },
    ...files.map((data, i) => ({
      field: 'images',
      filename: `foto-${i}.jpg`,
      type: 'image/jpeg',
      data,
    })),
  ]);
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().failures).toEqual([]);
  return res.json().uploaded;
}

/** The storage key behind a URL: signed (`/media/p/…?…` → `private/…`) or public (`/media/…`). */
function keyOf(url: string): string {
  const path = url.split('?')[0]!;
  return path.startsWith('/media/p/')
    ? `private/${path.slice('/media/p/'.length)}`
    : path.slice('/media/'.length);
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The object's bytes straight from the bucket, or null when it is not there. */
async function inBucket(key: string): Promise<Buffer | null> {
  const file = await t.app.ctx.storage.read(key);
  return file ? bytesOf(file.stream) : null;
}

describe('photos with STORAGE=s3', () => {
  it('land in the bucket and nowhere on disk, and come out only through their signed URLs', async () => {
    const album = await newAlbum();
    const [photo] = await uploadPhotos(album.id, [await phonePhoto()]);
    const keys = await s3.keys(bucket);
    for (const url of [album.cover, album.cover_thumb, photo!.image_url, photo!.thumb_url]) {
      expect(keys).toContain(keyOf(url));
    }
    for (const folder of ['media', 'media-private']) {
      const dir = join(t.config.dataDir, folder);
      expect(existsSync(dir) ? readdirSync(dir, { recursive: true }) : []).toEqual([]);
    }

    // Signed: served with the bucket's bytes, no metadata, cached privately until it expires.
    const res = await t.app.inject({ url: photo!.image_url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+, immutable$/);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.equals((await inBucket(keyOf(photo!.image_url)))!)).toBe(true);
    expect(await metadataTraces(res.rawPayload)).toEqual([]);
    expect((await sharp(res.rawPayload).metadata()).format).toBe('webp');

    // Without a valid signature: refused, whatever the route.
    const path = photo!.image_url.split('?')[0]!;
    const signer = new MediaUrlSigner(t.config.jwtSecret);
    const expired = signer.urlFor(path, Math.floor(Date.now() / 1000) - 60);
    const forged = photo!.image_url.replace(/sig=[\w-]{5}/, 'sig=AAAAA');
    for (const url of [path, forged, expired, `${path}?exp=99999999999&sig=`]) {
      const refused = await t.app.inject({ url });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toEqual({ message: SERVER_ERRORS.mediaLinkInvalid });
    }
    const key = keyOf(photo!.image_url);
    for (const url of [
      `/media/${key}`,
      `/media/${key.replace(/\//g, '%2F')}`,
      `/media/${key.replace('private/', 'private%2F')}`,
      `/media/%70rivate/${key.slice('private/'.length)}`,
      `/media//${key}`,
      `/media/news/../${key}`,
    ]) {
      const refused = await t.app.inject({ url });
      expect(refused.statusCode, url).toBe(404);
      expect(refused.json()).toEqual({ message: expect.any(String) });
      expect(refused.rawPayload.length).toBeLessThan(200);
    }
  });

  it('go from the bucket with their album: every object of the album is deleted', async () => {
    const album = await newAlbum();
    const photos = await uploadPhotos(album.id, [
      await sharp(await pngImage(640, 480))
        .jpeg()
        .toBuffer(),
      await sharp(await pngImage(300, 300, '#16a085'))
        .jpeg()
        .toBuffer(),
    ]);
    const keys = [
      keyOf(album.cover),
      keyOf(album.cover_thumb),
      ...photos.flatMap((p) => [keyOf(p.image_url), keyOf(p.thumb_url)]),
    ];
    expect((await s3.keys(bucket)).filter((k) => keys.includes(k))).toHaveLength(6);
    const other = await newAlbum();

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/albums/${album.id}`,
      headers: scouter.headers,
    });
    expect(res.statusCode).toBe(200);
    const left = await s3.keys(bucket);
    expect(left.filter((k) => keys.includes(k))).toEqual([]);
    expect(left).toContain(keyOf(other.cover));
    expect((await t.app.inject({ url: photos[0]!.image_url })).statusCode).toBe(404);
  });
});

describe('public images with STORAGE=s3', () => {
  async function newNews(
    data: Buffer,
  ): Promise<{ id: number; image_url: string; thumb_url: string }> {
    const res = await send('POST', '/api/news', [
      { name: 'title', value: 'Salida a la sierra' },
      { name: 'description', value: 'Resumen breve' },
      { name: 'content', value: 'El sábado subimos a la sierra con la Tropa.' },
      { field: 'image', filename: 'sierra.png', type: 'image/png', data },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().news;
  }

  it('are served from the bucket at /media/ with long-lived immutable caching', async () => {
    const news = await newNews(await pngImage(800, 400));
    expect(news.image_url).toMatch(/^\/media\/news\/[0-9a-f]{32}\.webp$/);
    const res = await t.app.inject({ url: news.image_url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.equals((await inBucket(keyOf(news.image_url)))!)).toBe(true);
    expect([(await sharp(res.rawPayload).metadata()).width]).toEqual([800]);

    // A browser asking again with the ETag gets a 304 and no bytes.
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await t.app.inject({ url: news.image_url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const changed = await t.app.inject({
      url: news.image_url,
      headers: { 'if-none-match': '"otra"' },
    });
    expect(changed.statusCode).toBe(200);
    expect(Number(changed.headers['content-length'])).toBe(res.rawPayload.length);

    expect((await t.app.inject({ method: 'HEAD', url: news.thumb_url })).statusCode).toBe(200);
  });

  it('answer a missing or malformed key with a Spanish 404', async () => {
    for (const url of [
      '/media/news/0123456789abcdef0123456789abcdef.webp',
      '/media/news/no-existe.webp',
      '/media/jwt-secret',
      '/media/../jwt-secret',
      `/media/news/${'a'.repeat(5000)}.webp`,
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message, url).toMatch(/^(Imagen|Ruta) no encontrada\.$/);
    }
    const missing = await t.app.inject({
      url: '/media/news/0123456789abcdef0123456789abcdef.webp',
    });
    expect(missing.json()).toEqual({ message: SERVER_ERRORS.mediaNotFound });
  });

  it('replaced by a new image leave no object behind', async () => {
    const news = await newNews(await pngImage());
    const res = await send('PUT', `/api/news/${news.id}`, [
      { name: 'title', value: 'Salida a la sierra' },
      { name: 'description', value: 'Resumen breve' },
      { name: 'content', value: 'Con foto nueva.' },
      {
        field: 'image',
        filename: 'nueva.png',
        type: 'image/png',
        data: await pngImage(500, 500, '#16a085'),
      },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const keys = await s3.keys(bucket);
    expect(keys).not.toContain(keyOf(news.image_url));
    expect(keys).not.toContain(keyOf(news.thumb_url));
    expect(keys).toContain(keyOf(res.json().news.image_url));
    expect((await t.app.inject({ url: news.image_url })).statusCode).toBe(404);
  });
});

describe('crash reconciliation with STORAGE=s3', () => {
  it('deletes from the bucket the journaled objects no row points to, and keeps the others', async () => {
    const album = await newAlbum();
    const orphans = [newMediaKey('private/photos', 'webp'), newMediaKey('news', 'webp')];
    for (const key of orphans) await t.app.ctx.storage.save(key, Buffer.from(key), 'image/webp');
    // A process on another machine journaled them (and the album's cover) and died.
    const crashed = new MediaJournal(t.app.ctx.db, t.app.log, {
      owner: 'otra-maquina:4242:abc123',
    });
    await crashed.record([...orphans, keyOf(album.cover)]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const later = new MediaJournal(t.app.ctx.db, t.app.log, { leaseMs: 0 });
    expect(await later.reconcile(t.app.ctx.storage)).toEqual({ deleted: 2, kept: 1 });
    const keys = await s3.keys(bucket);
    for (const key of orphans) expect(keys).not.toContain(key);
    expect(keys).toContain(keyOf(album.cover));
    expect((await t.app.inject({ url: album.cover })).statusCode).toBe(200);
  });
});

describe('readiness with STORAGE=s3', () => {
  it('is ready with the bucket, and a 503 naming the storage when the bucket is not there', async () => {
    const ready = await t.app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: 'ok', storage: 'ok', disk: 'ok' });

    const lost = await buildTestApp({ storage: s3.config('no-existe-este-bucket') });
    try {
      const res = await lost.app.inject({ url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'error', database: 'ok', storage: 'error' });
    } finally {
      await lost.close();
    }
  });
});

describe('backups with STORAGE=s3', () => {
  it('copy every object of the bucket, and restore into a local DATA_DIR byte for byte', async () => {
    const album = await newAlbum();
    await uploadPhotos(album.id, [await phonePhoto()]);
    const work = mkdtempSync(join(tmpdir(), 'fogata-s3-backup-'));
    const target = mkdtempSync(join(tmpdir(), 'fogata-s3-restored-'));
    const targetPg = await createPgDatabase();
    try {
      const archive = join(work, 'copia.tar');
      const summary = await createBackup(
        {
          db: t.app.ctx.db,
          dataDir: t.config.dataDir,
          storage: t.app.ctx.storage,
          jwtSecret: t.config.jwtSecret,
        },
        archive,
      );
      expect(summary.files).toBe((await s3.keys(bucket)).length);

      const config = testConfig(target, { databaseUrl: targetPg?.url ?? null });
      const restored = await restoreBackup(config, archive, { force: false });
      expect(restored.missing).toBe(0);
      expect(readFileSync(join(target, 'jwt-secret'), 'utf8')).toBe(t.config.jwtSecret);

      const db = openDatabase(config);
      const local = new LocalStorage(mediaRoot(target));
      try {
        const keys = await referencedKeys(db);
        expect(keys.size).toBeGreaterThanOrEqual(4);
        expect(restored.files).toBe(keys.size);
        for (const key of keys) {
          const copy = await local.read(key);
          expect(copy, key).not.toBeNull();
          expect((await bytesOf(copy!.stream)).equals((await inBucket(key))!), key).toBe(true);
        }
      } finally {
        await db.kysely.destroy();
      }
    } finally {
      await targetPg?.drop();
      rmSync(work, { recursive: true, force: true });
      rmSync(target, { recursive: true, force: true });
    }
  });
});
