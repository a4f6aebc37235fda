import { SERVER_ERRORS, SERVER_SUCCESS } from '@fogata/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeGroupSetting } from '../../db/group-settings.js';
import { nowIso } from '../../lib/tokens.js';
import { faceScanIdle } from '../../media/face-search.js';
import {
  ASTRONAUT,
  AWAY,
  CAMERAMAN,
  groupPhoto,
  isBlurred,
  isClear,
} from '../../test/blur-pixels.js';
import { buildTestApp, type TestApp } from '../../test/build-app.js';
import { postItemWithImage } from '../../test/content-factories.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createAlbum, uploadPhoto } from '../../test/gallery-factories.js';
import { storedBytes } from '../../test/images.js';
import { waitUntil } from '../../test/wait.js';
import { DEFAULT_FACE_SCAN, FaceScanner, SCAN_MAX_ATTEMPTS } from './face-scan.js';

/*
 * Least exposure for images whose faces could not be looked for (decision 099), on the bytes a
 * viewer receives: when the detector fails on it, a member gets the photo blurred whole (a
 * manager the original) until the background scan finds its faces, or, once the scan has given
 * up, until a manager has looked at it in 'Revisar caras'. A news image the same, for a visitor.
 * On SQLite, and on PostgreSQL with DATABASE_URL.
 */

let t: TestApp;
let scouter: TestUser;
let admin: TestUser;
let member: TestUser;
let picture: Buffer;

const broken = async () => {
  throw new Error('modelo roto');
};

beforeAll(async () => {
  t = await buildTestApp();
  scouter = await createUser(t.app, { role: 'scouter' });
  admin = await createUser(t.app, { role: 'admin' });
  member = await createUser(t.app);
  picture = await groupPhoto();
});
afterAll(() => t.close());

const db = () => t.app.ctx.db.kysely;

const stored = (key: string) => storedBytes(t.app, key);

async function bytes(url: string): Promise<Buffer> {
  const res = await t.app.inject({ url });
  expect(res.statusCode, res.body).toBe(200);
  return res.rawPayload;
}

/** Photo `photoId`'s display copy as stored (what a manager gets). */
async function cleanCopy(photoId: number): Promise<Buffer> {
  const row = await db()
    .selectFrom('photos')
    .select('image_key')
    .where('id', '=', photoId)
    .executeTakeFirstOrThrow();
  return stored(row.image_key);
}

/**
 * Uploads the group photo to a new album with the detector failing on the scan's first try (the
 * photo waits for a retry); its id and clean copy.
 */
async function uploadUnsearched(): Promise<{ albumId: number; photoId: number; clean: Buffer }> {
  const albumId = (await createAlbum(t.app)).id;
  t.app.ctx.faceDetector = broken;
  try {
    const photoId = await uploadPhoto(t.app, scouter.headers, albumId, picture);
    await faceScanIdle(t.app.ctx);
    return { albumId, photoId, clean: await cleanCopy(photoId) };
  } finally {
    t.app.ctx.faceDetector = async () => [];
  }
}

/** The display copy of photo `photoId` as `user` is given it in the album's list. */
async function displayFor(user: TestUser, albumId: number, photoId: number): Promise<Buffer> {
  const list = await t.app.inject({ url: `/api/photos/album/${albumId}`, headers: user.headers });
  expect(list.statusCode, list.body).toBe(200);
  const photo = (list.json() as { id: number; image_url: string }[]).find((p) => p.id === photoId);
  if (!photo) throw new Error('the photo is not in the list');
  return bytes(photo.image_url);
}

/** Whether `received` is blurred all over: both faces and the grass far from them. */
async function blurredWhole(received: Buffer, clean: Buffer): Promise<boolean> {
  return (
    (await isBlurred(received, clean, ASTRONAUT)) &&
    (await isBlurred(received, clean, CAMERAMAN)) &&
    (await isBlurred(received, clean, AWAY))
  );
}

async function clear(received: Buffer, clean: Buffer): Promise<boolean> {
  return (
    (await isClear(received, clean, ASTRONAUT)) &&
    (await isClear(received, clean, CAMERAMAN)) &&
    (await isClear(received, clean, AWAY))
  );
}

function markSearched(user: TestUser, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/faces/searched',
    headers: user.headers,
    payload: payload as Record<string, unknown>,
  });
}

describe('a photo the detector failed on', () => {
  it('is blurred whole for a member and clear for a manager until a manager marks it looked at; then clear for the member', async () => {
    const { albumId, photoId, clean } = await uploadUnsearched();
    expect(await blurredWhole(await displayFor(member, albumId, photoId), clean)).toBe(true);
    expect(await clear(await displayFor(scouter, albumId, photoId), clean)).toBe(true);

    // Revisar caras says so.
    const review = await t.app.inject({
      url: `/api/albums/${albumId}/faces`,
      headers: scouter.headers,
    });
    expect(review.json()).toContainEqual(
      expect.objectContaining({ kind: 'photo', id: photoId, searched: false }),
    );

    const audits = async () =>
      (
        await db()
          .selectFrom('audit_log')
          .select('details')
          .where('action', '=', 'faces.reviewed')
          .execute()
      )
        .map((row) => JSON.parse(String(row.details)))
        .filter((details) => details.photo_id === String(photoId));
    const res = await markSearched(scouter, { image: { kind: 'photo', id: photoId } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: SERVER_SUCCESS.imageSearched });
    expect(await clear(await displayFor(member, albumId, photoId), clean)).toBe(true);
    const after = await t.app.inject({
      url: `/api/albums/${albumId}/faces`,
      headers: scouter.headers,
    });
    expect(after.json()).toContainEqual(
      expect.objectContaining({ kind: 'photo', id: photoId, searched: true }),
    );
    expect(await audits()).toEqual([expect.objectContaining({ change: 'imagen revisada a mano' })]);

    // Saying it again changes nothing, and records nothing.
    expect(
      (await markSearched(scouter, { image: { kind: 'photo', id: photoId } })).statusCode,
    ).toBe(200);
    expect(await audits()).toHaveLength(1);
  });

  it('stays blurred whole after the background scan gives up on it, and does not hold back the setting', async () => {
    const { albumId, photoId, clean } = await uploadUnsearched();
    const scanner = new FaceScanner(t.app.ctx, { retryMs: 0 });
    t.app.ctx.faceDetector = broken;
    try {
      const outcomes = [];
      // The first try was the one woken by the upload.
      let now = Date.now() + DEFAULT_FACE_SCAN.retryMs;
      for (let i = 1; i < SCAN_MAX_ATTEMPTS; i += 1) {
        now += 1000;
        outcomes.push(await scanner.runOnce(new Date(now)));
      }
      expect(outcomes.at(-1)).toBe('dropped');
    } finally {
      t.app.ctx.faceDetector = async () => [];
    }
    expect(await blurredWhole(await displayFor(member, albumId, photoId), clean)).toBe(true);
    // Only a manager can clear it now: the album counts it among its faces to review.
    const toReview = async () =>
      (await t.app.inject({ url: `/api/albums/${albumId}`, headers: scouter.headers })).json()
        .faces_to_review;
    expect(await toReview()).toBe(1);
    const progress = (
      await t.app.inject({ url: '/api/faces/scan-progress', headers: admin.headers })
    ).json();
    expect(progress).toMatchObject({ remaining: 0, given_up: 1 });
    // An admin may switch consent off and on again: nothing is waiting for the scan.
    for (const value of [false, true]) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/settings',
        headers: admin.headers,
        payload: { image_consent_enforced: value },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await markSearched(admin, { image: { kind: 'photo', id: photoId } });
    expect(await toReview()).toBe(0);
  });

  it('is found by the scan later: blurred whole until then, its faces alone after', async () => {
    const { albumId, photoId, clean } = await uploadUnsearched();
    expect(await blurredWhole(await displayFor(member, albumId, photoId), clean)).toBe(true);
    t.app.ctx.faceDetector = async () => [{ ...ASTRONAUT, score: 0.9 }];
    try {
      const retry = new Date(Date.now() + DEFAULT_FACE_SCAN.retryMs + 1000);
      expect(await new FaceScanner(t.app.ctx).runOnce(retry)).toBe('scanned');
    } finally {
      t.app.ctx.faceDetector = async () => [];
    }
    const received = await displayFor(member, albumId, photoId);
    expect(await isBlurred(received, clean, ASTRONAUT)).toBe(true);
    expect(await isClear(received, clean, CAMERAMAN)).toBe(true);
    expect(await isClear(received, clean, AWAY)).toBe(true);
  });

  it('is shown as stored while image consent is off (a group that upgraded)', async () => {
    const { albumId, photoId, clean } = await uploadUnsearched();
    await writeGroupSetting(db(), 'image_consent_enforced', false, admin.row.id, nowIso());
    try {
      expect(await clear(await displayFor(member, albumId, photoId), clean)).toBe(true);
    } finally {
      await writeGroupSetting(db(), 'image_consent_enforced', true, admin.row.id, nowIso());
    }
    await markSearched(scouter, { image: { kind: 'photo', id: photoId } });
  });
});

describe('a photo just uploaded', () => {
  it('is answered before its faces are found: blurred whole for a member until the scan finds them, then its faces alone', async () => {
    // A detector that holds on until the test lets it go: the upload must not wait for it.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let looking = 0;
    t.app.ctx.faceDetector = async () => {
      looking += 1;
      await held;
      return [{ ...ASTRONAUT, score: 0.9 }];
    };
    try {
      const albumId = (await createAlbum(t.app)).id;
      // Answered while the detector still holds on.
      const photoId = await uploadPhoto(t.app, scouter.headers, albumId, picture);
      const clean = await cleanCopy(photoId);
      const queuedRows = () =>
        db().selectFrom('face_scan_queue').select('id').where('photo_id', '=', photoId).execute();
      expect(await queuedRows()).toHaveLength(1);
      const before = await displayFor(member, albumId, photoId);
      expect(await blurredWhole(before, clean)).toBe(true);
      expect(await clear(await displayFor(scouter, albumId, photoId), clean)).toBe(true);

      // The scan was woken by the upload and is looking; once it has, the copy is made again.
      await waitUntil('el detector mira la foto', () => looking > 0, 30_000);
      release();
      await faceScanIdle(t.app.ctx);
      expect(await queuedRows()).toHaveLength(0);
      const faces = await db()
        .selectFrom('faces')
        .select(['status', 'source'])
        .where('photo_id', '=', photoId)
        .execute();
      expect(faces).toEqual([{ status: 'pending', source: 'detector' }]);
      const after = await displayFor(member, albumId, photoId);
      expect(await isBlurred(after, clean, ASTRONAUT)).toBe(true);
      expect(await isClear(after, clean, CAMERAMAN)).toBe(true);
      expect(await isClear(after, clean, AWAY)).toBe(true);
    } finally {
      release();
      t.app.ctx.faceDetector = async () => [];
    }
  });
});

describe('a news image the detector failed on', () => {
  it('goes public blurred whole; once looked at, clear under a new URL and the old one gone', async () => {
    t.app.ctx.faceDetector = broken;
    let id: number;
    try {
      id = await postItemWithImage(t.app, scouter.headers, picture);
    } finally {
      t.app.ctx.faceDetector = async () => [];
    }
    const row = await db()
      .selectFrom('news')
      .select(['image_original_key'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const clean = await stored(row.image_original_key ?? '');
    const visitorUrl = async () =>
      (await t.app.inject({ url: `/api/news/${id}` })).json().image_url as string;
    const first = await visitorUrl();
    expect(await blurredWhole(await bytes(first), clean)).toBe(true);

    const res = await markSearched(scouter, { image: { kind: 'news', id } });
    expect(res.statusCode, res.body).toBe(200);
    const second = await visitorUrl();
    expect(second).not.toBe(first);
    expect(await clear(await bytes(second), clean)).toBe(true);
    expect((await t.app.inject({ url: first })).statusCode).toBe(404);
  });
});

describe('POST /api/faces/searched', () => {
  it('refuses bad input in Spanish, an unknown image with a 404 and a member with a 403', async () => {
    for (const payload of [
      {},
      { image: 'foto' },
      { image: { kind: 'video', id: 1 } },
      { image: { kind: 'photo', id: -1 } },
    ]) {
      const res = await markSearched(scouter, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('La imagen no es válida.');
    }
    const missing = await markSearched(scouter, { image: { kind: 'photo', id: 999_999 } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(SERVER_ERRORS.faceImageNotFound);
    expect((await markSearched(member, { image: { kind: 'photo', id: 1 } })).statusCode).toBe(403);
  });
});
