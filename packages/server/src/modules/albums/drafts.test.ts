import { SERVER_ERRORS, SERVER_SUCCESS } from '@fogata/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import {
  createAlbum,
  createComment,
  createPhoto,
  postAlbum,
} from '../../test/gallery-factories.js';
import { pngImage } from '../../test/images.js';

/** Drafts (decision 018), through HTTP on the test database. */
let t: TestApp;
let scouter: TestUser;
let admin: TestUser;
let member: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  scouter = await createUser(t.app, { role: 'scouter' });
  admin = await createUser(t.app, { role: 'admin' });
  member = await createUser(t.app, { role: 'usuario' });
});
afterAll(() => t.close());

const get = (url: string, user: TestUser) => t.app.inject({ url, headers: user.headers });
const post = (url: string, user: TestUser, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: user.headers, payload });

/** Creates an album through the API; `publish` as the modal sends it, or absent. */
async function createThroughApi(publish?: 'true' | 'false') {
  return postAlbum(t.app, scouter.headers, await pngImage(40, 30), {
    title: 'Campamento de verano',
    ...(publish && { publish }),
  });
}

/** A draft album with one photo (real files) and a comment on it. */
async function draftWithPhoto() {
  const album = await createThroughApi('false');
  const photo = await createPhoto(t.app, album.id, { withFiles: true });
  await createComment(t.app, 'photo', photo.id, scouter.row.id);
  return { album, photo };
}

describe('creating albums', () => {
  it('publishes at once without the field (SPEC) and with publish=true', async () => {
    expect((await createThroughApi()).published).toBe(true);
    expect((await createThroughApi('true')).published).toBe(true);
  });

  it('creates a draft with publish=false', async () => {
    expect((await createThroughApi('false')).published).toBe(false);
  });

  it('starts drafts by default with ALBUMS_DRAFT_BY_DEFAULT, and says so in /api/config', async () => {
    const other = await buildTestApp({ albumsDraftByDefault: true });
    try {
      const config = await other.app.inject({ url: '/api/config' });
      expect(config.json().albumsPublishByDefault).toBe(false);
      const manager = await createUser(other.app, { role: 'scouter' });
      const album = await postAlbum(other.app, manager.headers, await pngImage(40, 30), {
        title: 'Revisar antes',
      });
      expect(album.published).toBe(false);
    } finally {
      await other.close();
    }
    expect((await t.app.inject({ url: '/api/config' })).json().albumsPublishByDefault).toBe(true);
  });

  it('leaves albums made before the migration published (the column default)', async () => {
    const album = await createAlbum(t.app);
    expect((await get(`/api/albums/${album.id}`, member)).json().published).toBe(true);
  });
});

describe('a draft is invisible to a usuario by every route', () => {
  it('is missing from the list and a 404 for the album, its photos, comments, likes and media', async () => {
    const { album, photo } = await draftWithPhoto();
    const list = (await get('/api/albums', member)).json() as { id: number }[];
    expect(list.map((a) => a.id)).not.toContain(album.id);

    const notFound = [
      [await get(`/api/albums/${album.id}`, member), SERVER_ERRORS.albumNotFound],
      [await get(`/api/photos/album/${album.id}`, member), SERVER_ERRORS.albumNotFound],
      [await get(`/api/photos/${photo.id}`, member), SERVER_ERRORS.photoNotFound],
      [await get(`/api/photos/${photo.id}/comments`, member), SERVER_ERRORS.photoNotFound],
      [await post(`/api/photos/${photo.id}/like`, member), SERVER_ERRORS.photoNotFound],
      [
        await post(`/api/photos/${photo.id}/comments`, member, { comment_text: 'Hola' }),
        SERVER_ERRORS.photoNotFound,
      ],
    ] as const;
    for (const [res, message] of notFound) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual({ message });
    }
  });

  it('shows it to scouters and admins with published: false, and its photos', async () => {
    const { album, photo } = await draftWithPhoto();
    for (const manager of [scouter, admin]) {
      const list = (await get('/api/albums', manager)).json() as {
        id: number;
        published: boolean;
      }[];
      expect(list.find((a) => a.id === album.id)?.published).toBe(false);
      expect((await get(`/api/albums/${album.id}`, manager)).statusCode).toBe(200);
      const photos = (await get(`/api/photos/album/${album.id}`, manager)).json() as {
        id: number;
      }[];
      expect(photos.map((p) => p.id)).toEqual([photo.id]);
    }
  });

  it("refuses a member's media link to a draft's photo and cover; a manager's link opens it", async () => {
    // Published first: a member gets real links, then the album goes back to draft.
    const album = await createThroughApi('true');
    const photo = await createPhoto(t.app, album.id, { withFiles: true });
    const memberPhoto = (await get(`/api/photos/${photo.id}`, member)).json();
    expect((await t.app.inject({ url: memberPhoto.thumb_url })).statusCode).toBe(200);
    const memberAlbum = (await get(`/api/albums/${album.id}`, member)).json();
    expect(memberAlbum.cover_thumb).not.toContain('scope=');
    expect((await t.app.inject({ url: memberAlbum.cover_thumb })).statusCode).toBe(200);

    const res = await post(`/api/albums/${album.id}/unpublish`, scouter);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(SERVER_SUCCESS.albumUnpublished);
    const memberLinks = [
      memberPhoto.thumb_url,
      memberPhoto.image_url,
      memberAlbum.cover_thumb,
      memberAlbum.cover,
    ];
    for (const url of memberLinks) {
      const media = await t.app.inject({ url });
      expect(media.statusCode, url).toBe(404);
      expect(media.json()).toEqual({ message: SERVER_ERRORS.mediaNotFound });
    }
    const managerPhoto = (await get(`/api/photos/${photo.id}`, scouter)).json();
    expect(managerPhoto.thumb_url).toContain(`scope=u${scouter.row.id}`);
    expect((await t.app.inject({ url: managerPhoto.thumb_url })).statusCode).toBe(200);
    const managerAlbum = (await get(`/api/albums/${album.id}`, scouter)).json();
    expect((await t.app.inject({ url: managerAlbum.cover_thumb })).statusCode).toBe(200);
    // A forged scope on a member's link breaks its signature.
    const forged = `${memberPhoto.thumb_url}&scope=u${scouter.row.id}`;
    expect((await t.app.inject({ url: forged })).statusCode).toBe(403);
  });
});

describe('publishing', () => {
  it('makes a draft visible to every member at once, and back to draft', async () => {
    const { album, photo } = await draftWithPhoto();
    const res = await post(`/api/albums/${album.id}/publish`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: SERVER_SUCCESS.albumPublished,
      album: { id: album.id, published: true },
    });
    expect((await get(`/api/albums/${album.id}`, member)).json()).toMatchObject({
      photos_count: 1,
      comments_count: 1,
    });
    const photos = (await get(`/api/photos/album/${album.id}`, member)).json();
    const thumb = photos[0].thumb_url as string;
    expect((await t.app.inject({ url: thumb })).statusCode).toBe(200);

    expect((await post(`/api/albums/${album.id}/unpublish`, scouter)).json().album.published).toBe(
      false,
    );
    expect((await get(`/api/albums/${album.id}`, member)).statusCode).toBe(404);
    expect((await get(`/api/photos/${photo.id}`, member)).statusCode).toBe(404);
  });

  it('is a 404 for a missing album and a no-op for one already in that state', async () => {
    expect((await post('/api/albums/999999/publish', scouter)).statusCode).toBe(404);
    const album = await createThroughApi('true');
    const res = await post(`/api/albums/${album.id}/publish`, scouter);
    expect(res.statusCode).toBe(200);
    expect(res.json().album.published).toBe(true);
  });
});
