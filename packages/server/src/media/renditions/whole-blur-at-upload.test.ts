import { existsSync, readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeGroupSetting } from '../../db/group-settings.js';
import { nowIso } from '../../lib/tokens.js';
import { UnavailableError } from '../../lib/unavailable.js';
import {
  ASTRONAUT,
  AWAY,
  CAMERAMAN,
  compareBox,
  groupPhoto,
  isBlurred,
} from '../../test/blur-pixels.js';
import { buildTestApp, type TestApp } from '../../test/build-app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createAlbum, uploadPhoto } from '../../test/gallery-factories.js';
import { storedBytes } from '../../test/images.js';
import { waitUntil } from '../../test/wait.js';
import { PENDING_PLACEHOLDER, WHOLE_IMAGE_BOX } from '../copies/copy-names.js';
import * as faceBlur from '../copies/face-blur.js';
import { toBlurredVariants } from '../copies/face-blur.js';
import { faceScanIdle } from '../face-search.js';
import type { LocalStorage } from '../storage/storage.js';

/*
 * A photo just uploaded is blurred whole for families until the scan has looked for its faces
 * (decision 099); that copy is made and stored by the upload itself (decision 200), so a family's
 * page finds it made and no request makes it. On the bytes: no face of the fixtures is left in
 * it. On SQLite, and on PostgreSQL with DATABASE_URL.
 */

// The whole-photo blur as the upload calls it, so that one test can make it fail.
vi.mock('../copies/face-blur.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../copies/face-blur.js')>();
  return { ...real, toWholeBlurVariants: vi.fn(real.toWholeBlurVariants) };
});

let t: TestApp;
let scouter: TestUser;
let member: TestUser;
let picture: Buffer;
/** Lets the held detector go (each test holds it anew). */
let release = () => {};

beforeAll(async () => {
  t = await buildTestApp();
  scouter = await createUser(t.app, { role: 'scouter' });
  member = await createUser(t.app);
  picture = await groupPhoto();
});
afterAll(async () => {
  release();
  await t.close();
});

const db = () => t.app.ctx.db.kysely;
const stored = (key: string) => storedBytes(t.app, key);

/** The scan is held on the photo until `release`: it stays unsearched meanwhile. */
function holdTheScan(): void {
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  t.app.ctx.faceDetector = async () => {
    await held;
    return [{ ...ASTRONAUT, score: 0.9 }];
  };
}

async function letTheScanGo(): Promise<void> {
  release();
  await faceScanIdle(t.app.ctx);
  t.app.ctx.faceDetector = async () => [];
}

function renditionsOf(photoId: number) {
  return db()
    .selectFrom('image_renditions')
    .selectAll()
    .where('kind', '=', 'photo')
    .where('image_id', '=', photoId)
    .execute();
}

async function cleanKeys(photoId: number) {
  return db()
    .selectFrom('photos')
    .select(['image_key', 'thumb_key'])
    .where('id', '=', photoId)
    .executeTakeFirstOrThrow();
}

/** Photo `photoId` as `user` gets it in its album's list. */
async function listed(user: TestUser, albumId: number, photoId: number) {
  const list = await t.app.inject({ url: `/api/photos/album/${albumId}`, headers: user.headers });
  expect(list.statusCode, list.body).toBe(200);
  const photo = (
    list.json() as { id: number; image_url: string; thumb_url: string; placeholder: string }[]
  ).find((p) => p.id === photoId);
  if (!photo) throw new Error('the photo is not in the list');
  return photo;
}

async function served(url: string): Promise<Buffer> {
  const res = await t.app.inject({ url });
  expect(res.statusCode, res.body).toBe(200);
  return res.rawPayload;
}

/** The storage key of a members-only media URL (`/media/p/<rest>?…` of `private/<rest>`). */
const keyOf = (url: string) =>
  new URL(url, 'http://x').pathname.replace(/^\/media\/p\//, 'private/');

describe('a photo just uploaded, its faces not looked for yet', () => {
  it('has its whole-photo blur stored by the upload: a member gets those very files, no face left in them', async () => {
    holdTheScan();
    try {
      const albumId = (await createAlbum(t.app)).id;
      const photoId = await uploadPhoto(t.app, scouter.headers, albumId, picture);

      // Stored before the upload answered, with its row: the copy of the whole photo blurred.
      const rows = await renditionsOf(photoId);
      expect(rows.map((row) => [row.blur_set, JSON.parse(row.boxes)])).toEqual([
        ['0', [WHOLE_IMAGE_BOX]],
      ]);
      const [row] = rows;
      if (!row) throw new Error('no copy');
      const clean = await cleanKeys(photoId);
      expect(row.source).toBe(clean.image_key);

      // The member's page names those files and its placeholder: nothing left to make.
      const photo = await listed(member, albumId, photoId);
      expect(keyOf(photo.image_url)).toBe(row.image_key);
      expect(keyOf(photo.thumb_url)).toBe(row.thumb_key);
      expect(photo.placeholder).toBe(row.placeholder);
      expect(photo.placeholder).not.toBe(PENDING_PLACEHOLDER);
      const display = await served(photo.image_url);
      const thumb = await served(photo.thumb_url);
      expect(display.equals(await stored(row.image_key))).toBe(true);
      expect(thumb.equals(await stored(row.thumb_key))).toBe(true);

      // No face of the fixtures, nor the grass, is left in either.
      const cleanDisplay = await stored(clean.image_key);
      const cleanThumb = await stored(clean.thumb_key);
      for (const box of [ASTRONAUT, CAMERAMAN, AWAY]) {
        expect(await isBlurred(display, cleanDisplay, box)).toBe(true);
        expect(await isBlurred(thumb, cleanThumb, box)).toBe(true);
      }
      const { width, height } = await sharp(display).metadata();
      expect([width, height]).toEqual([row.width, row.height]);

      // The same soft patch as the blur of the whole display copy made on demand, but for a few
      // grey levels (its cells are read from the thumbnail, compressed a little more).
      const onDemand = await toBlurredVariants(cleanDisplay, [WHOLE_IMAGE_BOX]);
      for (const box of [ASTRONAUT, CAMERAMAN, AWAY]) {
        expect((await compareBox(display, onDemand.display.data, box)).difference).toBeLessThan(6);
      }
    } finally {
      await letTheScanGo();
    }
  });

  it('is followed by the copy of its faces alone once the scan has looked: the whole-photo copy dropped', async () => {
    holdTheScan();
    let photoId = 0;
    let albumId = 0;
    let whole: Awaited<ReturnType<typeof renditionsOf>>[number] | undefined;
    try {
      albumId = (await createAlbum(t.app)).id;
      photoId = await uploadPhoto(t.app, scouter.headers, albumId, picture);
      [whole] = await renditionsOf(photoId);
    } finally {
      await letTheScanGo();
    }
    if (!whole) throw new Error('no copy');
    await waitUntil(
      'la copia de la foto entera se retira',
      async () => (await renditionsOf(photoId)).every((row) => row.blur_set !== '0'),
      30_000,
    );
    const photo = await listed(member, albumId, photoId);
    expect(keyOf(photo.image_url)).not.toBe(whole.image_key);
    const clean = await stored((await cleanKeys(photoId)).image_key);
    const display = await served(photo.image_url);
    expect(await isBlurred(display, clean, ASTRONAUT)).toBe(true);
    expect((await compareBox(display, clean, CAMERAMAN)).difference).toBeLessThan(3);
    expect(await t.app.ctx.storage.read(whole.image_key)).toBeNull();
  });

  it('makes none while image consent is off: nobody would be given it', async () => {
    await writeGroupSetting(db(), 'image_consent_enforced', false, null, nowIso());
    holdTheScan();
    try {
      const albumId = (await createAlbum(t.app)).id;
      const photoId = await uploadPhoto(t.app, scouter.headers, albumId, picture);
      expect(await renditionsOf(photoId)).toEqual([]);
    } finally {
      await letTheScanGo();
      await writeGroupSetting(db(), 'image_consent_enforced', true, null, nowIso());
    }
  });

  it('lands even when its blurred copy cannot be stored (a full disk): no copy file left, the copy made when first asked for', async () => {
    const storage = t.app.ctx.storage as LocalStorage;
    const save = storage.save.bind(storage);
    const full = vi.spyOn(storage, 'save').mockImplementation(async (key, ...rest) => {
      if (key.startsWith('private/renditions/')) {
        throw new UnavailableError('disk', new Error('ENOSPC'));
      }
      return save(key, ...rest);
    });
    holdTheScan();
    try {
      const albumId = (await createAlbum(t.app)).id;
      let photoId = 0;
      try {
        photoId = await uploadPhoto(t.app, scouter.headers, albumId, picture);
      } finally {
        full.mockRestore();
      }
      expect(await renditionsOf(photoId)).toEqual([]);
      const folder = dirname(storage.path(`private/renditions/photo-${photoId}/x.webp`));
      expect(existsSync(folder) ? readdirSync(folder) : []).toEqual([]);

      const photo = await listed(member, albumId, photoId);
      expect(photo.placeholder).toBe(PENDING_PLACEHOLDER);
      const clean = await stored((await cleanKeys(photoId)).image_key);
      const display = await served(photo.image_url);
      for (const box of [ASTRONAUT, CAMERAMAN, AWAY]) {
        expect(await isBlurred(display, clean, box)).toBe(true);
      }
    } finally {
      await letTheScanGo();
    }
  });

  it('lands even when its whole-photo blur cannot be made: the copy made when first asked for', async () => {
    const made = vi.mocked(faceBlur.toWholeBlurVariants);
    made.mockClear();
    made.mockRejectedValueOnce(new Error('vips: la imagen no se pudo leer'));
    holdTheScan();
    try {
      const albumId = (await createAlbum(t.app)).id;
      const photoId = await uploadPhoto(t.app, scouter.headers, albumId, picture);
      expect(made).toHaveBeenCalledTimes(1);
      expect(await renditionsOf(photoId)).toEqual([]);
      const photo = await listed(member, albumId, photoId);
      const clean = await stored((await cleanKeys(photoId)).image_key);
      expect(await isBlurred(await served(photo.image_url), clean, ASTRONAUT)).toBe(true);
    } finally {
      await letTheScanGo();
    }
  });
});
