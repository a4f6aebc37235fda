import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { LIMITS, MSG, SERVER_ERRORS, SERVER_SUCCESS } from '@fogata/shared';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { faceScanIdle } from '../../media/face-search.js';
import { renditionsIdle } from '../../media/renditions/rendition-worker.js';
import type { LocalStorage } from '../../media/storage/storage.js';
import { uploadsTmpRoot } from '../../media/temp-uploads.js';
import { MEDIA_URL_BUCKET_SECONDS, MediaUrlSigner } from '../../media/url-signer.js';
import { buildTestApp, ErrorLog, type TestApp } from '../../test/build-app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import {
  countQueries,
  createAlbum,
  createComment,
  createLike,
  createPhoto,
  interactionRows,
} from '../../test/gallery-factories.js';
import {
  GPS_TAG_BYTES,
  metadataTraces,
  multipartParts,
  type Part,
  phonePhoto,
  pngClaimingHugeSize,
  pngImage,
  SVG_IMAGE,
  streamedZeroFiles,
  truncatedJpeg,
} from '../../test/images.js';

let t: TestApp;
let scouter: TestUser;
/** The app's error lines: a request expected to succeed shows them if it did not. */
const errors = new ErrorLog();
beforeAll(async () => {
  t = await buildTestApp({}, undefined, errors);
  scouter = await createUser(t.app, { role: 'scouter' });
});
afterAll(() => t.close());

const storage = () => t.app.ctx.storage as LocalStorage;

/** The storage key behind a signed URL (`/media/p/photos/….webp?…` → `private/photos/….webp`). */
function keyOf(url: string): string {
  return `private/${url.split('?')[0]!.replace(/^\/media\/p\//, '')}`;
}

/** Every file stored as members-only media right now. */
function privateFiles(): string[] {
  const root = storage().privateRoot;
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

async function photoRows(): Promise<number> {
  const row = await t.app.ctx.db.kysely
    .selectFrom('photos')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function image(filename: string, data: Buffer, type = 'image/jpeg'): Part {
  return { field: 'images', filename, type, data };
}

function upload(parts: Part[], user: TestUser = scouter) {
  const body = multipartParts(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/photos/upload',
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
}

async function fetchMedia(url: string): Promise<Buffer> {
  const res = await t.app.inject({ url });
  expect(res.statusCode, url).toBe(200);
  return res.rawPayload;
}

// A failed or interrupted upload leaves no temp file behind, nor does a successful one.
/**
 * Once the scan has looked at the photos uploaded, and their copies are up to date: the copy an
 * upload stores blurred whole, for families until its faces are looked for, is gone again.
 */
async function settled(): Promise<void> {
  await faceScanIdle(t.app.ctx);
  await renditionsIdle(t.app.ctx);
}

// What a test's uploads set going in the background ends with it: the next counts the files.
afterEach(settled);

afterEach(() => {
  const tmp = uploadsTmpRoot(t.config.dataDir);
  expect(existsSync(tmp) ? readdirSync(tmp) : []).toEqual([]);
});

describe('POST /api/photos/upload', () => {
  it('stores each image as display copy, thumbnail and placeholder, with albumId after the files', async () => {
    const album = await createAlbum(t.app);
    const wide = await pngImage(2400, 1600);
    const res = await upload([
      image('grande.png', wide, 'image/png'),
      image('pequeña.webp', await sharp(wide).resize(300).webp().toBuffer(), 'image/webp'),
      image('anim.gif', await sharp(wide).resize(200).gif().toBuffer(), 'image/gif'),
      { name: 'albumId', value: String(album.id) },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.message).toBe(SERVER_SUCCESS.photosUploaded(3));
    expect(body.failures).toEqual([]);
    expect(body.uploaded).toHaveLength(3);
    const [big, small, gif] = body.uploaded;
    // Until the scan has looked for its faces (right after the answer), a photo's URLs are the
    // viewer's own (`scope`), as for any photo with faces; the shared ones after.
    expect(big).toEqual({
      id: expect.any(Number),
      album_id: album.id,
      image_url: expect.stringMatching(
        /^\/media\/p\/photos\/[0-9a-f]{32}\.webp\?exp=\d+(&scope=u\d+)?&sig=[\w-]{43}$/,
      ),
      thumb_url: expect.stringMatching(
        /^\/media\/p\/photos\/[0-9a-f]{32}\.webp\?exp=\d+(&scope=u\d+)?&sig=/,
      ),
      width: 1920,
      height: 1280,
      placeholder: expect.stringMatching(/^data:image\/webp;base64,/),
      description: null,
      likes_count: 0,
      comments_count: 0,
      user_has_liked: false,
      hidden: false,
      created_at: expect.any(String),
    });
    // A few hundred bytes at most: it travels inline in every list.
    expect(big.placeholder.length).toBeLessThan(600);
    const thumb = await sharp(await fetchMedia(big.thumb_url)).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 480, 320]);
    const display = await sharp(await fetchMedia(big.image_url)).metadata();
    expect([display.format, display.width, display.height]).toEqual(['webp', 1920, 1280]);
    // Never enlarged.
    expect([small.width, small.height]).toEqual([300, 200]);
    expect([gif.width, gif.height]).toEqual([200, 133]);

    await faceScanIdle(t.app.ctx);
    const list = await t.app.inject({
      url: `/api/photos/album/${album.id}`,
      headers: scouter.headers,
    });
    expect(list.json().map((p: { id: number }) => p.id)).toEqual(
      [big.id, small.id, gif.id].sort((a, b) => b - a),
    );
    expect(list.json()[0].image_url).toMatch(
      /^\/media\/p\/photos\/[0-9a-f]{32}\.webp\?exp=\d+&sig=[\w-]{43}$/,
    );
  });

  it('applies the orientation and strips EXIF, GPS and XMP from every variant', async () => {
    const album = await createAlbum(t.app);
    const original = await phonePhoto();
    expect(original.includes(GPS_TAG_BYTES)).toBe(true);
    expect((await sharp(original).metadata()).xmp).toBeDefined();

    const res = await upload([
      { name: 'albumId', value: String(album.id) },
      image('movil.jpg', original),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const photo = res.json().uploaded[0];
    // Stored sideways (640×480) with orientation 6: shown upright as 480×640.
    expect([photo.width, photo.height]).toEqual([480, 640]);
    const placeholder = Buffer.from(photo.placeholder.split(',')[1], 'base64');
    for (const variant of [
      await fetchMedia(photo.image_url),
      await fetchMedia(photo.thumb_url),
      placeholder,
    ]) {
      expect(await metadataTraces(variant)).toEqual([]);
      expect((await sharp(variant).metadata()).orientation).toBeUndefined();
    }
    // The files on disk are exactly what is served.
    const onDisk = storage().path(keyOf(photo.image_url));
    expect(await metadataTraces(await sharp(onDisk).toBuffer())).toEqual([]);
  });

  it('turns each bad file into a failure entry while the good one lands', async () => {
    const album = await createAlbum(t.app);
    const before = privateFiles().length;
    const res = await upload([
      { name: 'albumId', value: String(album.id) },
      image('texto.jpg', Buffer.from('esto no es una imagen, es texto plano')),
      image('dibujo.svg', SVG_IMAGE, 'image/svg+xml'),
      image('cortada.jpg', await truncatedJpeg()),
      image('enorme.jpg', Buffer.alloc(26 * 1024 * 1024)),
      image('bomba.png', await pngClaimingHugeSize(), 'image/png'),
      image('buena.png', await pngImage(), 'image/png'),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.message).toBe(SERVER_SUCCESS.photosPartlyUploaded(1, 5));
    expect(body.uploaded).toHaveLength(1);
    expect(body.failures).toEqual([
      { file: 'texto.jpg', error: MSG.imageUnsupported },
      { file: 'dibujo.svg', error: MSG.imageUnsupported },
      { file: 'cortada.jpg', error: SERVER_ERRORS.imageUnreadable },
      { file: 'enorme.jpg', error: MSG.imageTooLarge },
      { file: 'bomba.png', error: SERVER_ERRORS.imageTooManyPixels },
    ]);
    // Two files (display and thumbnail) for the one that landed, nothing for the others.
    await settled();
    expect(privateFiles().length).toBe(before + 2);
  });

  it('answers 400 with the same shape when no file landed, storing nothing', async () => {
    const album = await createAlbum(t.app);
    const [files, rows] = [privateFiles().length, await photoRows()];
    const res = await upload([
      { name: 'albumId', value: String(album.id) },
      image('texto.jpg', Buffer.from('hola')),
      image('dibujo.svg', SVG_IMAGE, 'image/svg+xml'),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: SERVER_ERRORS.uploadAllFailed,
      uploaded: [],
      failures: [
        { file: 'texto.jpg', error: MSG.imageUnsupported },
        { file: 'dibujo.svg', error: MSG.imageUnsupported },
      ],
    });
    expect(privateFiles().length).toBe(files);
    expect(await photoRows()).toBe(rows);
  });

  it('refuses 11 files with 400 and stores none of them', async () => {
    const album = await createAlbum(t.app);
    const [files, rows] = [privateFiles().length, await photoRows()];
    const png = await pngImage(40, 30);
    const res = await upload([
      { name: 'albumId', value: String(album.id) },
      ...Array.from({ length: 11 }, (_, i) => image(`f${i}.png`, png, 'image/png')),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: MSG.imagesTooMany,
      errors: [{ field: 'images', message: MSG.imagesTooMany }],
    });
    expect(privateFiles().length).toBe(files);
    expect(await photoRows()).toBe(rows);

    const ten = await upload([
      { name: 'albumId', value: String(album.id) },
      ...Array.from({ length: LIMITS.imagesPerUpload }, (_, i) =>
        image(`f${i}.png`, png, 'image/png'),
      ),
    ]);
    expect(ten.statusCode).toBe(201);
    expect(ten.json().uploaded).toHaveLength(10);
  });

  it('refuses a body over 250 MB with 413, by its Content-Length or as it streams in', async () => {
    const album = await createAlbum(t.app);
    const [files, rows] = [privateFiles().length, await photoRows()];
    const declared = multipartParts([
      { name: 'albumId', value: String(album.id) },
      image('a.png', await pngImage(), 'image/png'),
    ]);
    const byHeader = await t.app.inject({
      method: 'POST',
      url: '/api/photos/upload',
      headers: {
        ...scouter.headers,
        ...declared.headers,
        'content-length': String(LIMITS.batchMaxBytes + 2 * 1024 * 1024),
      },
      payload: declared.payload,
    });
    expect(byHeader.statusCode).toBe(413);
    expect(byHeader.json()).toEqual({ message: SERVER_ERRORS.uploadTooLarge });

    // Ten zero-filled files of 25.2 MB, generated while read: no Content-Length to trust.
    const streamed = streamedZeroFiles(
      { albumId: String(album.id) },
      'images',
      10,
      LIMITS.imageMaxBytes + 200 * 1024,
    );
    const byCount = await t.app.inject({
      method: 'POST',
      url: '/api/photos/upload',
      headers: { ...scouter.headers, ...streamed.headers },
      payload: streamed.payload,
    });
    expect(byCount.statusCode).toBe(413);
    expect(byCount.json()).toEqual({ message: SERVER_ERRORS.uploadTooLarge });
    expect(privateFiles().length).toBe(files);
    expect(await photoRows()).toBe(rows);
  });

  it('leaves nothing behind when the body breaks off mid-file', async () => {
    const album = await createAlbum(t.app);
    const [files, rows] = [privateFiles().length, await photoRows()];
    const whole = multipartParts([
      { name: 'albumId', value: String(album.id) },
      image('a.png', await pngImage(), 'image/png'),
      image('b.png', await pngImage(600, 400), 'image/png'),
    ]);
    const cut = whole.payload.subarray(0, whole.payload.length - 2000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/photos/upload',
      headers: { ...scouter.headers, ...whole.headers },
      payload: Readable.from([cut]),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: SERVER_ERRORS.malformedMultipart });
    expect(privateFiles().length).toBe(files);
    expect(await photoRows()).toBe(rows);
  });

  it('handles uploads at the same time, one image decoded after another', async () => {
    const album = await createAlbum(t.app);
    const albumId = { name: 'albumId', value: String(album.id) };
    const [a, b, c] = await Promise.all([
      upload([
        albumId,
        image('rota.jpg', await truncatedJpeg()),
        image('a.png', await pngImage(), 'image/png'),
      ]),
      upload([albumId, image('b.png', await pngImage(500, 300), 'image/png')]),
      upload([albumId, image('c.jpg', await phonePhoto())]),
    ]);
    expect([a!.statusCode, b!.statusCode, c!.statusCode]).toEqual([201, 201, 201]);
    expect(a!.json().failures).toEqual([
      { file: 'rota.jpg', error: SERVER_ERRORS.imageUnreadable },
    ]);
    const list = await t.app.inject({
      url: `/api/photos/album/${album.id}`,
      headers: scouter.headers,
    });
    expect(list.json()).toHaveLength(3);
  });

  it('asks for the files, the album id, and an album that exists', async () => {
    const album = await createAlbum(t.app);
    const png = await pngImage(40, 30);
    const none = await upload([{ name: 'albumId', value: String(album.id) }]);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({
      message: MSG.imagesRequired,
      errors: [{ field: 'images', message: MSG.imagesRequired }],
    });
    // What a browser sends for an empty file input.
    const emptyInput = await upload([
      { name: 'albumId', value: String(album.id) },
      { field: 'images', filename: '', type: 'application/octet-stream', data: Buffer.alloc(0) },
    ]);
    expect(emptyInput.json().message).toBe(MSG.imagesRequired);

    for (const value of [null, '', 'abc', '0', '-4', '1.5']) {
      const parts: Part[] = [image('a.png', png, 'image/png')];
      if (value !== null) parts.unshift({ name: 'albumId', value });
      const res = await upload(parts);
      expect(res.statusCode, String(value)).toBe(400);
      expect(res.json()).toEqual({
        message: SERVER_ERRORS.albumIdRequired,
        errors: [{ field: 'albumId', message: SERVER_ERRORS.albumIdRequired }],
      });
    }
    const files = privateFiles().length;
    const missing = await upload([
      { name: 'albumId', value: '999999' },
      image('a.png', png, 'image/png'),
    ]);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: SERVER_ERRORS.albumNotFound });
    expect(privateFiles().length).toBe(files);

    const json = await t.app.inject({
      method: 'POST',
      url: '/api/photos/upload',
      headers: scouter.headers,
      payload: { albumId: album.id },
    });
    expect(json.statusCode).toBe(415);
  });
});

describe('signed media URLs', () => {
  async function uploadedPhoto() {
    const album = await createAlbum(t.app);
    const res = await upload([
      { name: 'albumId', value: String(album.id) },
      image('a.png', await pngImage(), 'image/png'),
    ]);
    const { id } = res.json().uploaded[0] as { id: number };
    // Its faces looked for: the URLs every member shares from then on.
    await faceScanIdle(t.app.ctx);
    const again = await t.app.inject({ url: `/api/photos/${id}`, headers: scouter.headers });
    return again.json() as { id: number; image_url: string; thumb_url: string };
  }

  it('serves a valid URL with its type and a private cache until it expires', async () => {
    const photo = await uploadedPhoto();
    const res = await t.app.inject({ url: photo.image_url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    const exp = Number(new URL(photo.image_url, 'http://x').searchParams.get('exp'));
    const now = Math.floor(Date.now() / 1000);
    expect(exp - now).toBeGreaterThan(MEDIA_URL_BUCKET_SECONDS - 5);
    expect(exp - now).toBeLessThanOrEqual(2 * MEDIA_URL_BUCKET_SECONDS);
    const maxAge = Number(
      /^private, max-age=(\d+), immutable$/.exec(String(res.headers['cache-control']))?.[1],
    );
    expect(Math.abs(maxAge - (exp - now))).toBeLessThanOrEqual(2);

    // The same URL for hours: the browser's cache keeps working.
    const again = await t.app.inject({ url: `/api/photos/${photo.id}`, headers: scouter.headers });
    expect(again.json().image_url).toBe(photo.image_url);
  });

  it('refuses a URL without signature, with a tampered one, or expired', async () => {
    const photo = await uploadedPhoto();
    const [path, query] = photo.image_url.split('?') as [string, string];
    const params = new URLSearchParams(query);
    const exp = params.get('exp')!;
    const sig = params.get('sig')!;
    const flip = (s: string) => (s.endsWith('A') ? `${s.slice(0, -1)}B` : `${s.slice(0, -1)}A`);
    const signer = new MediaUrlSigner(t.config.jwtSecret);
    const otherKey = keyOf(photo.thumb_url).replace('private/', '/media/p/');
    const refused = [
      path,
      `${path}?exp=${exp}`,
      `${path}?sig=${sig}`,
      `${path}?exp=${exp}&sig=${flip(sig)}`,
      `${path}?exp=${exp}&sig=${sig.slice(0, -1)}`,
      `${path}?exp=${Number(exp) + MEDIA_URL_BUCKET_SECONDS}&sig=${sig}`,
      `${path}?exp=abc&sig=${sig}`,
      // A signature is bound to its path.
      `${otherKey}?exp=${exp}&sig=${sig}`,
      // Signed by us, but expired a second ago.
      signer.urlFor(path, Math.floor(Date.now() / 1000) - 1),
      // Signed with another secret.
      new MediaUrlSigner('otro-secreto').url(keyOf(photo.image_url)),
      '/media/p/',
      '/media/p/photos/',
    ];
    for (const url of refused) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual({ message: SERVER_ERRORS.mediaLinkInvalid });
    }
  });

  it('answers 404 for a signed path with no file, and never serves private files publicly', async () => {
    const photo = await uploadedPhoto();
    const signer = new MediaUrlSigner(t.config.jwtSecret);
    const gone = signer.url(`private/photos/${'0'.repeat(32)}.webp`);
    const res = await t.app.inject({ url: gone });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: SERVER_ERRORS.mediaNotFound });
    // A well-signed path that is not a key of ours (traversal) is refused before any disk access.
    const traversal = signer.urlFor('/media/p/../media-private/photos/x.webp', 4_000_000_000);
    expect((await t.app.inject({ url: traversal })).statusCode).not.toBe(200);

    const file = keyOf(photo.image_url).replace('private/', '');
    for (const url of [
      `/media/${file}`,
      `/media/private/${file}`,
      `/media/../media-private/${file}`,
      `/media/%2e%2e/media-private/${file}`,
      `/media/..%2fmedia-private/${file}`,
      '/media/',
      '/media/photos/',
    ]) {
      const r = await t.app.inject({ url });
      expect(r.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(r.headers['content-type'] ?? '', url).not.toMatch(/^image\//);
    }
  });
});

describe('reading photos', () => {
  it('lists an album newest first, 404 for an album or photo that does not exist', async () => {
    const album = await createAlbum(t.app);
    const older = await createPhoto(t.app, album.id, { createdAt: '2025-01-01T10:00:00.000Z' });
    const newer = await createPhoto(t.app, album.id, { createdAt: '2025-01-02T10:00:00.000Z' });
    const list = await t.app.inject({
      url: `/api/photos/album/${album.id}`,
      headers: scouter.headers,
    });
    expect(list.json().map((p: { id: number }) => p.id)).toEqual([newer.id, older.id]);

    const missingAlbum = await t.app.inject({
      url: '/api/photos/album/999999',
      headers: scouter.headers,
    });
    expect(missingAlbum.statusCode).toBe(404);
    expect(missingAlbum.json()).toEqual({ message: SERVER_ERRORS.albumNotFound });
    const missingPhoto = await t.app.inject({
      url: '/api/photos/999999',
      headers: scouter.headers,
    });
    expect(missingPhoto.statusCode).toBe(404);
    expect(missingPhoto.json()).toEqual({ message: SERVER_ERRORS.photoNotFound });
  });

  it('reads a list in the same number of queries for 1 photo as for 30', async () => {
    const viewer = await createUser(t.app);
    const fan = await createUser(t.app);
    async function albumWith(n: number) {
      const album = await createAlbum(t.app);
      for (let i = 0; i < n; i += 1) {
        const photo = await createPhoto(t.app, album.id);
        await createLike(t.app, 'photo', photo.id, fan.row.id);
        if (i % 2 === 0) await createLike(t.app, 'photo', photo.id, viewer.row.id);
        await createComment(t.app, 'photo', photo.id, fan.row.id);
      }
      return album.id;
    }
    const one = await albumWith(1);
    const thirty = await albumWith(30);
    // A write before each read empties the read cache (decision 020): both come from the database.
    const read = async (id: number) => {
      await createUser(t.app);
      return countQueries(t.app, () =>
        t.app.inject({ url: `/api/photos/album/${id}`, headers: viewer.headers }),
      );
    };
    const small = await read(one);
    const large = await read(thirty);
    expect(small.result.json()).toHaveLength(1);
    const photos = large.result.json();
    expect(photos).toHaveLength(30);
    expect(photos.every((p: { likes_count: number }) => p.likes_count >= 1)).toBe(true);
    expect(photos.filter((p: { user_has_liked: boolean }) => p.user_has_liked)).toHaveLength(15);
    expect(photos.every((p: { comments_count: number }) => p.comments_count === 1)).toBe(true);
    expect(large.queries).toBe(small.queries);
    // The session's user, the album's existence, the photos with their counts.
    expect(large.queries).toBeLessThanOrEqual(3);
  });
});

describe('DELETE /api/photos/:id', () => {
  it('removes the photo, its files, its likes and its comments', async () => {
    const album = await createAlbum(t.app);
    const res = await upload([
      { name: 'albumId', value: String(album.id) },
      image('a.png', await pngImage(), 'image/png'),
    ]);
    const photo = res.json().uploaded[0];
    const files = [storage().path(keyOf(photo.image_url)), storage().path(keyOf(photo.thumb_url))];
    expect(files.every((f) => existsSync(f))).toBe(true);
    const user = await createUser(t.app);
    await createLike(t.app, 'photo', photo.id, user.row.id);
    await createComment(t.app, 'photo', photo.id, user.row.id);
    expect(await interactionRows(t.app, 'photo', [photo.id])).toBe(2);

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/photos/${photo.id}`,
      headers: scouter.headers,
    });
    // Its scan and its copies may still be at work on it (photo-delete-races.test.ts).
    expect(del.statusCode, errors.text()).toBe(200);
    expect(del.json()).toEqual({ message: SERVER_SUCCESS.photoDeleted });
    expect(files.some((f) => existsSync(f))).toBe(false);
    expect(await interactionRows(t.app, 'photo', [photo.id])).toBe(0);
    expect((await t.app.inject({ url: photo.image_url })).statusCode).toBe(404);

    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/photos/${photo.id}`,
      headers: scouter.headers,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: SERVER_ERRORS.photoNotFound });
  });
});
