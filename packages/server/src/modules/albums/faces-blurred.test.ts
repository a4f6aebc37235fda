import { SERVER_ERRORS } from '@fogata/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeGroupSetting } from '../../db/group-settings.js';
import { nowIso } from '../../lib/tokens.js';
import { PENDING_PLACEHOLDER } from '../../media/copies/copy-names.js';
import { faceScanIdle } from '../../media/face-search.js';
import { childrenChanged, facesChanged } from '../../media/renditions/face-changes.js';
import { renditionsIdle } from '../../media/renditions/rendition-worker.js';
import { viewerScope } from '../../media/url-signer.js';
import {
  ASTRONAUT,
  AWAY,
  CAMERAMAN,
  compareBox,
  dataUrlBytes,
  groupPhoto,
  isBlurred,
  isClear,
} from '../../test/blur-pixels.js';
import { buildTestApp, type TestApp } from '../../test/build-app.js';
import { addFace, recordConsent } from '../../test/consent-factories.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createChild, linkGuardian } from '../../test/family-factories.js';
import {
  countQueries,
  createAlbum,
  createPhoto,
  postAlbum,
  uploadPhoto,
} from '../../test/gallery-factories.js';
import { multipartParts, storedBytes } from '../../test/images.js';
import { readZip } from '../../test/zip.js';

/*
 * Image consent on the pixels, in the gallery: a group photo with two real faces goes up
 * through the API; each viewer's list, detail, files, placeholder and ZIP entry are compared in
 * each face box with the original. On SQLite, and on PostgreSQL with DATABASE_URL.
 */

let t: TestApp;
let scouter: TestUser;
/** A member with no children in the picture. */
let member: TestUser;
/** The astronaut's guardian. */
let family: TestUser;
let astronautChild: number;
let cameraChild: number;
let albumId: number;
let photoId: number;
/** The clean display copy, thumbnail and placeholder as stored. */
let clean: {
  image: Buffer;
  thumb: Buffer;
  imageKey: string;
  thumbKey: string;
  placeholder: string;
};
let astronautFace: number;
let cameraFace: number;

beforeAll(async () => {
  t = await buildTestApp();
  scouter = await createUser(t.app, { role: 'scouter' });
  member = await createUser(t.app);
  family = await createUser(t.app);
  astronautChild = await createChild(t.app, { guardians: [family.row.id] });
  cameraChild = await createChild(t.app);
  albumId = (await createAlbum(t.app, { withFiles: true })).id;
  photoId = await uploadPhoto(t.app, scouter.headers, albumId, await groupPhoto());
  // Its faces looked for (none, by this branch's detector) before the test draws them.
  await faceScanIdle(t.app.ctx);
  const row = await t.app.ctx.db.kysely
    .selectFrom('photos')
    .selectAll()
    .where('id', '=', photoId)
    .executeTakeFirstOrThrow();
  clean = {
    image: await stored(row.image_key),
    thumb: await stored(row.thumb_key),
    imageKey: row.image_key,
    thumbKey: row.thumb_key,
    placeholder: row.placeholder,
  };
  // The detector of this branch finds nothing: the faces as a manager would have drawn them.
  astronautFace = await addFace(t.app, { photoId }, ASTRONAUT, { childId: astronautChild });
  cameraFace = await addFace(t.app, { photoId }, CAMERAMAN, { childId: cameraChild });
});
afterAll(() => t.close());

const stored = (key: string) => storedBytes(t.app, key);

interface ApiPhoto {
  id: number;
  image_url: string;
  thumb_url: string;
  placeholder: string;
}

/** The photo as `user` gets it in the album's list (and checks the detail says the same). */
async function photoFor(user: TestUser): Promise<ApiPhoto> {
  const list = await t.app.inject({ url: `/api/photos/album/${albumId}`, headers: user.headers });
  expect(list.statusCode, list.body).toBe(200);
  const photo = (list.json() as ApiPhoto[]).find((p) => p.id === photoId);
  if (!photo) throw new Error('the photo is not in the list');
  const detail = await t.app.inject({ url: `/api/photos/${photoId}`, headers: user.headers });
  expect(detail.json()).toMatchObject({
    image_url: photo.image_url,
    thumb_url: photo.thumb_url,
    placeholder: photo.placeholder,
  });
  return photo;
}

/** The bytes behind a media URL (no session: images load by <img>), or the status. */
async function fetchMedia(url: string): Promise<{ status: number; body: Buffer }> {
  const res = await t.app.inject({ url });
  return { status: res.statusCode, body: res.rawPayload };
}

async function bytes(url: string): Promise<Buffer> {
  const res = await fetchMedia(url);
  expect(res.status, res.body.toString()).toBe(200);
  return res.body;
}

/** Which of the two faces `received` (a display copy) hides; and that the rest is untouched. */
async function faces(received: Buffer, original = clean.image) {
  expect(await isClear(received, original, AWAY)).toBe(true);
  const astronaut = await isBlurred(received, original, ASTRONAUT);
  const camera = await isBlurred(received, original, CAMERAMAN);
  // Each face is one or the other, never half-way.
  expect(astronaut || (await isClear(received, original, ASTRONAUT))).toBe(true);
  expect(camera || (await isClear(received, original, CAMERAMAN))).toBe(true);
  return { astronaut: astronaut ? 'blurred' : 'clear', camera: camera ? 'blurred' : 'clear' };
}

/** Which of the two faces the display copy `user` gets in the album hides. */
async function facesFor(user: TestUser) {
  return faces(await bytes((await photoFor(user)).image_url));
}

const keyOf = (url: string) => `private/${url.split('?')[0]?.replace(/^\/media\/p\//, '')}`;

async function setFace(
  id: number,
  changes: {
    status?: 'pending' | 'child' | 'adult' | 'not_face';
    child_id?: number | null;
    blur_requested_at?: string | null;
  },
) {
  await t.app.ctx.db.kysely.updateTable('faces').set(changes).where('id', '=', id).execute();
}

describe('a group photo with two children and no consent', () => {
  it('comes blurred to a member with no children in it, display and thumbnail, from the shared URL', async () => {
    const photo = await photoFor(member);
    expect(photo.image_url).toMatch(
      /^\/media\/p\/renditions\/photo-\d+\/[0-9a-f]{32}\.webp\?exp=\d+&sig=/,
    );
    expect(photo.image_url).not.toContain('scope=');
    expect(keyOf(photo.image_url)).not.toBe(clean.imageKey);
    // Not made yet: a plain grey placeholder, never the clean one.
    expect(photo.placeholder).toBe(PENDING_PLACEHOLDER);
    expect(await faces(await bytes(photo.image_url))).toEqual({
      astronaut: 'blurred',
      camera: 'blurred',
    });
    const thumb = await bytes(photo.thumb_url);
    expect(await isBlurred(thumb, clean.thumb, ASTRONAUT)).toBe(true);
    expect(await isBlurred(thumb, clean.thumb, CAMERAMAN)).toBe(true);
    expect(await isClear(thumb, clean.thumb, AWAY)).toBe(true);
    // Made once on demand: the placeholder is now the blurred copy's own.
    const again = await photoFor(member);
    expect(again.image_url).toBe(photo.image_url);
    expect(again.placeholder).not.toBe(PENDING_PLACEHOLDER);
    expect(again.placeholder).not.toBe(clean.placeholder);
    const small = dataUrlBytes(again.placeholder);
    const cleanSmall = dataUrlBytes(clean.placeholder);
    const grown = (b: Buffer) => sharp(b).resize(1024, 512, { fit: 'fill' }).png().toBuffer();
    const c = await compareBox(await grown(small), await grown(cleanSmall), ASTRONAUT);
    expect(c.difference).toBeGreaterThan(8);
  });

  it('never opens the clean files to that member, on a shared URL nor on their own', async () => {
    for (const key of [clean.imageKey, clean.thumbKey]) {
      const shared = await fetchMedia(t.app.ctx.mediaUrls.url(key));
      expect(shared.status).toBe(404);
      expect(shared.body.toString()).toContain(SERVER_ERRORS.mediaNotFound);
      const own = t.app.ctx.mediaUrls.url(key, undefined, viewerScope(member.row.id));
      expect((await fetchMedia(own)).status).toBe(404);
    }
  });

  it("shows the astronaut clear to the astronaut's family, on their own URL, and the other face blurred", async () => {
    const photo = await photoFor(family);
    expect(photo.image_url).toContain(`scope=u${family.row.id}`);
    expect(await faces(await bytes(photo.image_url))).toEqual({
      astronaut: 'clear',
      camera: 'blurred',
    });
    // The family's copy is theirs: a shared URL of it, or the member's URL, does not open it.
    const key = keyOf(photo.image_url);
    expect((await fetchMedia(t.app.ctx.mediaUrls.url(key))).status).toBe(404);
    const asMember = t.app.ctx.mediaUrls.url(key, undefined, viewerScope(member.row.id));
    expect((await fetchMedia(asMember)).status).toBe(404);
    // A more blurred copy is safe for them: the member's opens on the family's scope too.
    const memberKey = keyOf((await photoFor(member)).image_url);
    const more = t.app.ctx.mediaUrls.url(memberKey, undefined, viewerScope(family.row.id));
    expect((await fetchMedia(more)).status).toBe(200);
  });

  it('shows every face to a manager: the clean files, on their own URL', async () => {
    const photo = await photoFor(scouter);
    expect(keyOf(photo.image_url)).toBe(clean.imageKey);
    expect(photo.image_url).toContain(`scope=u${scouter.row.id}`);
    expect(photo.placeholder).toBe(clean.placeholder);
    expect(await faces(await bytes(photo.image_url))).toEqual({
      astronaut: 'clear',
      camera: 'clear',
    });
  });

  it('puts each viewer own copy in the ZIP', async () => {
    const entryFor = async (user: TestUser) => {
      const res = await t.app.inject({
        url: `/api/albums/${albumId}/download`,
        headers: user.headers,
      });
      expect(res.statusCode).toBe(200);
      const entries = readZip(res.rawPayload);
      // The factory's album has no other photo; its entry is the group photo.
      expect(entries).toHaveLength(1);
      return entries[0]?.data as Buffer;
    };
    expect(await faces(await entryFor(member))).toEqual({
      astronaut: 'blurred',
      camera: 'blurred',
    });
    expect(await faces(await entryFor(family))).toEqual({ astronaut: 'clear', camera: 'blurred' });
    expect(await faces(await entryFor(scouter))).toEqual({ astronaut: 'clear', camera: 'clear' });
  });
});

describe('consent given and withdrawn', () => {
  let cleanUrl: string;

  it('shows both faces clear, from the clean files on the shared URL, once both have gallery consent', async () => {
    await recordConsent(t.app, astronautChild, 'gallery', true);
    await recordConsent(t.app, cameraChild, 'gallery', true);
    // Another purpose does not count for the gallery.
    await recordConsent(t.app, cameraChild, 'web', false);
    const photo = await photoFor(member);
    expect(keyOf(photo.image_url)).toBe(clean.imageKey);
    expect(photo.image_url).not.toContain('scope=');
    expect(photo.placeholder).toBe(clean.placeholder);
    expect(await faces(await bytes(photo.image_url))).toEqual({
      astronaut: 'clear',
      camera: 'clear',
    });
    cleanUrl = photo.image_url;
  });

  it('stops the clean URL at once when consent is withdrawn, and blurs that face again', async () => {
    await recordConsent(t.app, cameraChild, 'gallery', false);
    expect((await fetchMedia(cleanUrl)).status).toBe(404);
    const photo = await photoFor(member);
    expect(keyOf(photo.image_url)).not.toBe(clean.imageKey);
    expect(await faces(await bytes(photo.image_url))).toEqual({
      astronaut: 'clear',
      camera: 'blurred',
    });
    // The family's URL of the clean file stops too: the other child's face is not theirs.
    const familyClean = t.app.ctx.mediaUrls.url(
      clean.imageKey,
      undefined,
      viewerScope(family.row.id),
    );
    expect((await fetchMedia(familyClean)).status).toBe(404);
  });

  it('re-renders within the worker run: the copies given now are made, the ones nobody gets are dropped, files and all', async () => {
    // Withdrawn for the astronaut too: the copies change again.
    await recordConsent(t.app, astronautChild, 'gallery', false);
    const before = await t.app.ctx.db.kysely.selectFrom('image_renditions').selectAll().execute();
    expect(before.length).toBeGreaterThan(0);
    // The app's own worker, woken by the change (no hand-run here): done well within a minute.
    const started = Date.now();
    await childrenChanged(t.app.ctx, [astronautChild]);
    await vi.waitFor(
      async () => {
        const left = await t.app.ctx.db.kysely.selectFrom('rendition_queue').selectAll().execute();
        expect(left).toEqual([]);
      },
      { timeout: 20_000, interval: 50 },
    );
    expect(Date.now() - started).toBeLessThan(20_000);
    const after = await t.app.ctx.db.kysely
      .selectFrom('image_renditions')
      .select(['blur_set', 'image_key', 'thumb_key'])
      .where('kind', '=', 'photo')
      .where('image_id', '=', photoId)
      .orderBy('blur_set')
      .execute();
    // The member's copy (both faces) and the astronaut's family's (the cameraman only).
    expect(after.map((row) => row.blur_set)).toEqual([
      `${astronautFace},${cameraFace}`,
      String(cameraFace),
    ]);
    const kept = new Set(after.map((row) => row.image_key));
    for (const row of before.filter((row) => !kept.has(row.image_key))) {
      expect(await t.app.ctx.storage.read(row.image_key)).toBeNull();
      expect(await t.app.ctx.storage.read(row.thumb_key)).toBeNull();
    }
    const queued = await t.app.ctx.db.kysely.selectFrom('rendition_queue').selectAll().execute();
    expect(queued).toEqual([]);
    // What the member is given now is one of those already made: its placeholder is real.
    const photo = await photoFor(member);
    expect(kept.has(keyOf(photo.image_url))).toBe(true);
    expect(photo.placeholder).not.toBe(PENDING_PLACEHOLDER);
  });
});

describe('faces not reviewed, adults, not faces, a family asking to blur, the setting off', () => {
  beforeAll(async () => {
    await recordConsent(t.app, astronautChild, 'gallery', true);
    await recordConsent(t.app, cameraChild, 'gallery', true);
  });

  it('blurs a face still to review, for everyone but managers', async () => {
    await setFace(cameraFace, { status: 'pending', child_id: null });
    expect(await facesFor(member)).toEqual({ astronaut: 'clear', camera: 'blurred' });
    expect(await facesFor(family)).toEqual({ astronaut: 'clear', camera: 'blurred' });
    expect(keyOf((await photoFor(scouter)).image_url)).toBe(clean.imageKey);
  });

  it('shows an adult, and a box that is not a face', async () => {
    await setFace(cameraFace, { status: 'adult' });
    expect(keyOf((await photoFor(member)).image_url)).toBe(clean.imageKey);
    await setFace(cameraFace, { status: 'not_face' });
    const photo = await photoFor(member);
    expect(keyOf(photo.image_url)).toBe(clean.imageKey);
    expect(await faces(await bytes(photo.image_url))).toEqual({
      astronaut: 'clear',
      camera: 'clear',
    });
  });

  it('blurs a child whose family asked to, for everyone (their family too) but managers, and with the setting off', async () => {
    await setFace(cameraFace, { status: 'child', child_id: cameraChild });
    await setFace(astronautFace, { blur_requested_at: nowIso() });
    await facesChanged(t.app.ctx, 'photo', [photoId]);
    for (const user of [member, family]) {
      expect(await facesFor(user)).toEqual({ astronaut: 'blurred', camera: 'clear' });
    }
    expect(keyOf((await photoFor(scouter)).image_url)).toBe(clean.imageKey);
    await writeGroupSetting(t.app.ctx.db.kysely, 'image_consent_enforced', false, null, nowIso());
    expect(await facesFor(member)).toEqual({ astronaut: 'blurred', camera: 'clear' });
  });

  it('with the setting off, shows faces with no consent and faces to review', async () => {
    await setFace(astronautFace, { blur_requested_at: null });
    await recordConsent(t.app, cameraChild, 'gallery', false);
    await setFace(astronautFace, { status: 'pending', child_id: null });
    const photo = await photoFor(member);
    expect(keyOf(photo.image_url)).toBe(clean.imageKey);
    expect(photo.image_url).not.toContain('scope=');
    await writeGroupSetting(t.app.ctx.db.kysely, 'image_consent_enforced', true, null, nowIso());
    expect((await fetchMedia(photo.image_url)).status).toBe(404);
  });
});

describe("a family's 'Dejar de difuminar' (decision 096), on the bytes", () => {
  const blurUrl = (childId: number) => `/api/profile/children/${childId}/photos/${photoId}/blur`;
  const ask = (user: TestUser, childId: number, method: 'POST' | 'DELETE') =>
    t.app.inject({ method, url: blurUrl(childId), headers: user.headers });

  it('shows the face clear again to a viewer its consent covers, and keeps it blurred where consent does not', async () => {
    // Both faces reviewed; the astronaut has gallery consent, the cameraman none.
    await setFace(astronautFace, {
      status: 'child',
      child_id: astronautChild,
      blur_requested_at: null,
    });
    await setFace(cameraFace, { status: 'child', child_id: cameraChild, blur_requested_at: null });
    await recordConsent(t.app, astronautChild, 'gallery', true);
    await recordConsent(t.app, cameraChild, 'gallery', false);
    const cameraFamily = await createUser(t.app);
    await linkGuardian(t.app, cameraFamily.row.id, cameraChild);

    // Both families press 'Difuminar a mi hijo/a en esta foto'.
    expect((await ask(family, astronautChild, 'POST')).statusCode).toBe(200);
    expect((await ask(cameraFamily, cameraChild, 'POST')).statusCode).toBe(200);
    expect(await facesFor(member)).toEqual({ astronaut: 'blurred', camera: 'blurred' });
    expect(await facesFor(family)).toEqual({ astronaut: 'blurred', camera: 'blurred' });

    // Both take it back.
    const res = await ask(family, astronautChild, 'DELETE');
    expect(res.statusCode, res.body).toBe(200);
    expect((await ask(cameraFamily, cameraChild, 'DELETE')).statusCode).toBe(200);
    // A member: the astronaut (consent) clear, the cameraman (no consent) still blurred.
    expect(await facesFor(member)).toEqual({ astronaut: 'clear', camera: 'blurred' });
    // Each family sees their own child again.
    expect(await facesFor(family)).toEqual({ astronaut: 'clear', camera: 'blurred' });
    expect(await facesFor(cameraFamily)).toEqual({ astronaut: 'clear', camera: 'clear' });
    // And the ZIP says the same to the member.
    const zip = await t.app.inject({
      url: `/api/albums/${albumId}/download`,
      headers: member.headers,
    });
    expect(await faces(readZip(zip.rawPayload)[0]?.data as Buffer)).toEqual({
      astronaut: 'clear',
      camera: 'blurred',
    });
  });
});

describe("an album's cover with a face", () => {
  it('comes blurred in the albums list to a member, clear to a manager', async () => {
    const { id } = await postAlbum(t.app, scouter.headers, await groupPhoto(), {
      title: 'Campamento con caras',
    });
    await faceScanIdle(t.app.ctx);
    const row = await t.app.ctx.db.kysely
      .selectFrom('albums')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const original = await stored(row.cover_key as string);
    await addFace(t.app, { albumId: id }, ASTRONAUT, { childId: cameraChild });
    const coverFor = async (user: TestUser) => {
      const list = await t.app.inject({ url: '/api/albums', headers: user.headers });
      const album = (
        list.json() as { id: number; cover: string; cover_placeholder: string }[]
      ).find((a) => a.id === id);
      if (!album) throw new Error('no album');
      const one = await t.app.inject({ url: `/api/albums/${id}`, headers: user.headers });
      expect(one.json().cover).toBe(album.cover);
      return album;
    };
    const shown = await coverFor(member);
    expect(keyOf(shown.cover)).not.toBe(row.cover_key);
    expect(shown.cover_placeholder).toBe(PENDING_PLACEHOLDER);
    const cover = await bytes(shown.cover);
    expect(await isBlurred(cover, original, ASTRONAUT)).toBe(true);
    expect(await isClear(cover, original, CAMERAMAN)).toBe(true);
    expect((await fetchMedia(t.app.ctx.mediaUrls.url(row.cover_key as string))).status).toBe(404);
    const managers = await coverFor(scouter);
    expect(keyOf(managers.cover)).toBe(row.cover_key);
    expect(await isClear(await bytes(managers.cover), original, ASTRONAUT)).toBe(true);

    // A new cover: the old one's copies are stale; the worker drops them, files and all.
    const [old] = await t.app.ctx.db.kysely
      .selectFrom('image_renditions')
      .selectAll()
      .where('kind', '=', 'album')
      .where('image_id', '=', id)
      .execute();
    expect(old?.source).toBe(row.cover_key);
    const edit = multipartParts([
      { field: 'cover', filename: 'otra.png', type: 'image/png', data: await groupPhoto() },
      { name: 'title', value: 'Campamento con caras' },
    ]);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/albums/${id}`,
      headers: { ...scouter.headers, ...edit.headers },
      payload: edit.payload,
    });
    expect(put.statusCode, put.body).toBe(200);
    await vi.waitFor(
      async () => {
        const rows = await t.app.ctx.db.kysely
          .selectFrom('image_renditions')
          .select('image_key')
          .where('image_key', '=', old?.image_key as string)
          .execute();
        expect(rows).toEqual([]);
        // The row goes in the worker's transaction, the file just after it commits.
        expect(await t.app.ctx.storage.read(old?.image_key as string)).toBeNull();
      },
      { timeout: 20_000, interval: 50 },
    );
    const renewed = await coverFor(member);
    expect(keyOf(renewed.cover)).not.toBe(keyOf(shown.cover));
  });
});

describe('the cost of a list', () => {
  /** The queries of `user`'s list of an album of `count` photos, each with two children's faces. */
  async function listQueries(user: TestUser, count: number, faces: boolean) {
    const album = await createAlbum(t.app, { withFiles: true });
    for (let i = 0; i < count; i += 1) {
      const photo = await createPhoto(t.app, album.id);
      if (!faces) continue;
      await addFace(t.app, { photoId: photo.id }, ASTRONAUT, { childId: astronautChild });
      await addFace(t.app, { photoId: photo.id }, CAMERAMAN, { childId: cameraChild });
    }
    // A write first: the read cache holds nothing for this list (decision 020). The copies it
    // queues are made before the count, so that only the list's own queries are counted.
    await recordConsent(t.app, cameraChild, 'press', false);
    await renditionsIdle(t.app.ctx);
    const { result, queries } = await countQueries(t.app, () =>
      t.app.inject({ url: `/api/photos/album/${album.id}`, headers: user.headers }),
    );
    expect(result.statusCode).toBe(200);
    expect(result.json()).toHaveLength(count);
    return queries;
  }

  it('reads the face rule in the same number of queries for 1 photo with faces as for 30', async () => {
    for (const user of [member, family]) {
      const small = await listQueries(user, 1, true);
      const large = await listQueries(user, 30, true);
      expect(large).toBe(small);
      // Before: the user, the album, the photos. Now also: faces and setting, the images not
      // searched yet (decision 099), the consents (two), the viewer's children, the copies made.
      expect(large).toBeLessThanOrEqual(3 + 7);
    }
  });

  it('reads no face rule for photos without faces: the list costs what it cost before', async () => {
    expect(await listQueries(member, 30, false)).toBeLessThanOrEqual(3);
    const plain = await createAlbum(t.app, { withFiles: true });
    await createPhoto(t.app, plain.id, { withFiles: true });
    const list = await t.app.inject({
      url: `/api/photos/album/${plain.id}`,
      headers: member.headers,
    });
    const [photo] = list.json() as ApiPhoto[];
    expect(photo?.image_url).toMatch(/^\/media\/p\/photos\//);
    expect((await fetchMedia(photo?.image_url as string)).status).toBe(200);
  });
});

describe('deleting', () => {
  it("deletes a photo's blurred copies, rows and files, with the photo", async () => {
    const album = await createAlbum(t.app, { withFiles: true });
    const id = await uploadPhoto(t.app, scouter.headers, album.id, await groupPhoto());
    await faceScanIdle(t.app.ctx);
    await addFace(t.app, { photoId: id }, ASTRONAUT);
    const list = await t.app.inject({
      url: `/api/photos/album/${album.id}`,
      headers: member.headers,
    });
    const [photo] = list.json() as ApiPhoto[];
    expect(await bytes(photo?.image_url as string)).not.toHaveLength(0);
    const copies = await t.app.ctx.db.kysely
      .selectFrom('image_renditions')
      .selectAll()
      .where('kind', '=', 'photo')
      .where('image_id', '=', id)
      .execute();
    expect(copies).toHaveLength(1);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/photos/${id}`,
      headers: scouter.headers,
    });
    expect(del.statusCode).toBe(200);
    const left = await t.app.ctx.db.kysely
      .selectFrom('image_renditions')
      .selectAll()
      .where('image_id', '=', id)
      .where('kind', '=', 'photo')
      .execute();
    expect(left).toEqual([]);
    expect(await t.app.ctx.storage.read(copies[0]?.image_key as string)).toBeNull();
    expect(await t.app.ctx.storage.read(copies[0]?.thumb_key as string)).toBeNull();
  });
});

describe('copies not made yet', () => {
  let album: number;
  let id: number;
  beforeAll(async () => {
    album = (await createAlbum(t.app, { withFiles: true })).id;
    id = await uploadPhoto(t.app, scouter.headers, album, await groupPhoto());
    await faceScanIdle(t.app.ctx);
    // The copy the upload stored blurred whole, for families until the scan looked, is dropped.
    await renditionsIdle(t.app.ctx);
    await addFace(t.app, { photoId: id }, CAMERAMAN);
  });
  const copies = () =>
    t.app.ctx.db.kysely
      .selectFrom('image_renditions')
      .selectAll()
      .where('kind', '=', 'photo')
      .where('image_id', '=', id)
      .execute();

  it('are made in the ZIP on the way, blurred', async () => {
    expect(await copies()).toEqual([]);
    const res = await t.app.inject({
      url: `/api/albums/${album}/download`,
      headers: member.headers,
    });
    expect(res.statusCode).toBe(200);
    const [entry] = readZip(res.rawPayload);
    const original = await stored(
      (
        await t.app.ctx.db.kysely
          .selectFrom('photos')
          .select('image_key')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).image_key,
    );
    expect(await isBlurred(entry?.data as Buffer, original, CAMERAMAN)).toBe(true);
    expect(await isClear(entry?.data as Buffer, original, AWAY)).toBe(true);
    expect(await copies()).toHaveLength(1);
  });

  it('answer many asking at the same time with one copy, recorded once', async () => {
    const [made] = await copies();
    await t.app.ctx.db.kysely
      .deleteFrom('image_renditions')
      .where('id', '=', made?.id as number)
      .execute();
    await t.app.ctx.storage.delete(made?.image_key as string);
    const list = await t.app.inject({ url: `/api/photos/album/${album}`, headers: member.headers });
    const [photo] = list.json() as ApiPhoto[];
    expect(photo?.placeholder).toBe(PENDING_PLACEHOLDER);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => fetchMedia(photo?.image_url as string)),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.toString('base64'))).size).toBe(1);
    expect(await copies()).toHaveLength(1);
  });
});
