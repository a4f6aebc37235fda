import { FACE_MESSAGES, MSG, SERVER_ERRORS, SERVER_SUCCESS } from '@fogata/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeGroupSetting } from '../../db/group-settings.js';
import { nowIso } from '../../lib/tokens.js';
import { buildTestApp, type TestApp } from '../../test/build-app.js';
import { addFace } from '../../test/consent-factories.js';
import { createExperience, createNews } from '../../test/content-factories.js';
import { createUser, type TestUser } from '../../test/factories.js';
import {
  assignScouter,
  createChildRow,
  createSection,
  setAudience,
} from '../../test/family-factories.js';
import { countQueries, createAlbum, createPhoto } from '../../test/gallery-factories.js';
import { AlbumsService } from '../albums/albums.service.js';

/*
 * Revisar caras (decisions 139, 077) through HTTP: an album's images with their
 * boxes, the children a manager may assign, marking, drawing and deleting boxes, the audit trail,
 * the count of faces to review on the album, and 'Publicar solo álbumes revisados'.
 */

let t: TestApp;
let admin: TestUser;
let scouter: TestUser;
let member: TestUser;
let lobatos: number;
let tropa: number;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.app, { role: 'admin' });
  scouter = await createUser(t.app, { role: 'scouter' });
  member = await createUser(t.app, { role: 'usuario' });
  lobatos = await createSection(t.app, { name: 'Lobatos de prueba', position: 1 });
  tropa = await createSection(t.app, { name: 'Tropa de prueba', position: 2 });
  await assignScouter(t.app, scouter.row.id, [lobatos]);
});
afterAll(() => t.close());

const get = (url: string, user: TestUser | null) =>
  t.app.inject({ url, headers: user?.headers ?? {} });
const send = (method: 'PATCH' | 'POST' | 'DELETE', url: string, user: TestUser, payload?: object) =>
  t.app.inject({ method, url, headers: user.headers, ...(payload && { payload }) });

const box = { x: 0.1, y: 0.1, width: 0.2, height: 0.2 };

async function auditEntries(action: string) {
  const rows = await t.app.ctx.db.kysely
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .orderBy('id')
    .execute();
  return rows;
}

describe('GET /api/albums/:id/faces', () => {
  it('lists the cover first, then the photos as uploaded, each with its faces; pages by images', async () => {
    const album = await createAlbum(t.app);
    const photos = [];
    for (let i = 0; i < 5; i++) photos.push(await createPhoto(t.app, album.id));
    await addFace(t.app, { albumId: album.id }, box);
    const a = await addFace(t.app, { photoId: photos[0]!.id }, { ...box, y: 0.5 });
    const b = await addFace(t.app, { photoId: photos[0]!.id }, box, { status: 'adult' });
    const res = await get(`/api/albums/${album.id}/faces?limit=3`, scouter);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-total-count']).toBe('6');
    const images = res.json();
    expect(images.map((i: { kind: string; id: number }) => [i.kind, i.id])).toEqual([
      ['album', album.id],
      ['photo', photos[0]!.id],
      ['photo', photos[1]!.id],
    ]);
    // As found (then as drawn): a face keeps its number.
    expect(images[1].faces.map((f: { id: number }) => f.id)).toEqual([a, b]);
    expect(images[1].faces[0]).toEqual({
      id: a,
      x: 0.1,
      y: 0.5,
      width: 0.2,
      height: 0.2,
      score: 0.9,
      source: 'detector',
      status: 'pending',
      child: null,
      changeable: true,
      blur_requested: false,
    });
    // Managers' signed URLs of the originals.
    expect(images[1].image_url).toMatch(/^\/media\/.+photos\/.+\?/);
    const page2 = (await get(`/api/albums/${album.id}/faces?limit=3&page=2`, scouter)).json();
    expect(page2.map((i: { id: number }) => i.id)).toEqual([
      photos[2]!.id,
      photos[3]!.id,
      photos[4]!.id,
    ]);
    const page3 = (await get(`/api/albums/${album.id}/faces?limit=3&page=3`, scouter)).json();
    expect(page3).toEqual([]);
  });

  it('reads a page in a constant number of queries, whatever the album holds', async () => {
    const small = await createAlbum(t.app);
    const big = await createAlbum(t.app);
    await createPhoto(t.app, small.id);
    for (let i = 0; i < 30; i++) {
      const photo = await createPhoto(t.app, big.id);
      await addFace(t.app, { photoId: photo.id }, box);
    }
    const count = async (id: number) =>
      (
        await countQueries(t.app, async () => {
          const res = await get(`/api/albums/${id}/faces?limit=100`, scouter);
          expect(res.statusCode).toBe(200);
        })
      ).queries;
    await count(small.id); // the session's user, read once
    expect(await count(big.id)).toBe(await count(small.id));
  });

  it('is a 404 to a scouter for another section album, a 403 to a member, a 400 on a bad limit', async () => {
    const album = await createAlbum(t.app);
    await setAudience(t.app, album.id, [tropa]);
    const other = await get(`/api/albums/${album.id}/faces`, scouter);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(SERVER_ERRORS.albumNotFound);
    expect((await get(`/api/albums/${album.id}/faces`, admin)).statusCode).toBe(200);
    expect((await get(`/api/albums/${album.id}/faces`, member)).statusCode).toBe(403);
    const bad = await get(`/api/albums/${album.id}/faces?limit=500`, admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MSG.pageSizeInvalid);
  });
});

describe('the children a face may be assigned to', () => {
  it("an album's audience, and a scouter only their sections'; active only", async () => {
    const ana = await createChildRow(t.app, { sectionId: lobatos, name: 'Ana Lobato' });
    const bruno = await createChildRow(t.app, { sectionId: tropa, name: 'Bruno Tropa' });
    await createChildRow(t.app, { sectionId: lobatos, name: 'Carla Baja', active: false });
    const group = await createAlbum(t.app);
    const forTropa = await createAlbum(t.app);
    await setAudience(t.app, forTropa.id, [tropa]);
    const ids = async (url: string, user: TestUser) => {
      const res = await get(url, user);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { id: number }[]).map((c) => c.id);
    };
    const groupForAdmin = await ids(`/api/albums/${group.id}/faces/children`, admin);
    expect(groupForAdmin).toEqual(expect.arrayContaining([ana.id, bruno.id]));
    const groupForScouter = await ids(`/api/albums/${group.id}/faces/children`, scouter);
    expect(groupForScouter).toContain(ana.id);
    expect(groupForScouter).not.toContain(bruno.id);
    const tropaForAdmin = await ids(`/api/albums/${forTropa.id}/faces/children`, admin);
    expect(tropaForAdmin).toContain(bruno.id);
    expect(tropaForAdmin).not.toContain(ana.id);
    const all = (await get(`/api/albums/${group.id}/faces/children`, admin)).json();
    expect(all.find((c: { id: number }) => c.id === ana.id)).toEqual({
      id: ana.id,
      full_name: 'Ana Lobato',
      section: 'Lobatos de prueba',
    });
    expect(all.map((c: { full_name: string }) => c.full_name)).not.toContain('Carla Baja');
  });
});

describe('PATCH /api/faces/:id', () => {
  it('assigns a child, an adult or not a face; records who and when; one audit entry without the name', async () => {
    const album = await createAlbum(t.app, { title: 'Acampada de Lobatos' });
    const photo = await createPhoto(t.app, album.id);
    const child = await createChildRow(t.app, { sectionId: lobatos, name: 'Diego Secreto' });
    const face = await addFace(t.app, { photoId: photo.id }, box);
    const before = (await auditEntries('faces.reviewed')).length;
    const res = await send('PATCH', `/api/faces/${face}`, scouter, {
      status: 'child',
      child_id: child.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: face,
      status: 'child',
      child: { id: child.id, full_name: 'Diego Secreto' },
    });
    const row = await t.app.ctx.db.kysely
      .selectFrom('faces')
      .selectAll()
      .where('id', '=', face)
      .executeTakeFirstOrThrow();
    expect(row.reviewed_by).toBe(scouter.row.id);
    expect(row.reviewed_at).not.toBeNull();
    const entries = await auditEntries('faces.reviewed');
    expect(entries).toHaveLength(before + 1);
    const entry = entries.at(-1);
    expect(entry).toMatchObject({
      actor_id: scouter.row.id,
      target_type: 'album',
      target_id: album.id,
      target_label: 'Acampada de Lobatos',
    });
    expect(JSON.parse(entry?.details ?? '{}')).toEqual({
      image: 'foto',
      photo_id: String(photo.id),
      change: 'educando',
    });
    expect(JSON.stringify(entry)).not.toContain('Diego');

    const adult = await send('PATCH', `/api/faces/${face}`, scouter, { status: 'adult' });
    expect(adult.json()).toMatchObject({ status: 'adult', child: null });
    const back = await send('PATCH', `/api/faces/${face}`, scouter, { status: 'pending' });
    expect(back.json()).toMatchObject({ status: 'pending', child: null });
  });

  it('refuses what is not a review, with the reason in Spanish', async () => {
    const album = await createAlbum(t.app);
    const face = await addFace(t.app, { albumId: album.id }, box);
    const cases: [object, string][] = [
      [{ status: 'child' }, FACE_MESSAGES.childRequired],
      [{ status: 'adult', child_id: 3 }, FACE_MESSAGES.childRequired],
      [{ status: 'niño' }, FACE_MESSAGES.statusInvalid],
      [{}, FACE_MESSAGES.statusInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await send('PATCH', `/api/faces/${face}`, admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it("refuses a child from outside the album's audience or the scouter's sections", async () => {
    const forLobatos = await createAlbum(t.app);
    await setAudience(t.app, forLobatos.id, [lobatos]);
    const face = await addFace(t.app, { albumId: forLobatos.id }, box);
    const inTropa = await createChildRow(t.app, { sectionId: tropa });
    const res = await send('PATCH', `/api/faces/${face}`, admin, {
      status: 'child',
      child_id: inTropa.id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SERVER_ERRORS.faceChildNotOffered);
    // The whole group's album: the scouter still only assigns their own sections' children.
    const group = await createAlbum(t.app);
    const groupFace = await addFace(t.app, { albumId: group.id }, box);
    const notTheirs = await send('PATCH', `/api/faces/${groupFace}`, scouter, {
      status: 'child',
      child_id: inTropa.id,
    });
    expect(notTheirs.statusCode).toBe(400);
    const byAdmin = await send('PATCH', `/api/faces/${groupFace}`, admin, {
      status: 'child',
      child_id: inTropa.id,
    });
    expect(byAdmin.statusCode).toBe(200);
  });

  it("is a 404 for a missing face, and for a face on another section's album", async () => {
    expect((await send('PATCH', '/api/faces/999999', admin, { status: 'adult' })).json()).toEqual({
      message: SERVER_ERRORS.faceNotFound,
    });
    const album = await createAlbum(t.app);
    await setAudience(t.app, album.id, [tropa]);
    const face = await addFace(t.app, { albumId: album.id }, box);
    const res = await send('PATCH', `/api/faces/${face}`, scouter, { status: 'adult' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(SERVER_ERRORS.faceNotFound);
  });
});

describe('POST and DELETE /api/faces', () => {
  it('draws a box on a photo (manual, pending) and deletes it; a detected one is not deleted', async () => {
    const album = await createAlbum(t.app);
    const photo = await createPhoto(t.app, album.id);
    const res = await send('POST', '/api/faces', scouter, {
      image: { kind: 'photo', id: photo.id },
      box: { x: 0.7, y: 0.1, width: 0.3, height: 0.25 },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      source: 'manual',
      status: 'pending',
      score: null,
      x: 0.7,
      width: 0.3,
    });
    const drawn = res.json().id as number;
    const detected = await addFace(t.app, { photoId: photo.id }, box);
    const refused = await send('DELETE', `/api/faces/${detected}`, scouter);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SERVER_ERRORS.faceDetectorNotDeletable);
    const deleted = await send('DELETE', `/api/faces/${drawn}`, scouter);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe(SERVER_SUCCESS.faceDeleted);
    const left = await t.app.ctx.db.kysely
      .selectFrom('faces')
      .select('id')
      .where('photo_id', '=', photo.id)
      .execute();
    expect(left.map((f) => f.id)).toEqual([detected]);
    const changes = (await auditEntries('faces.reviewed'))
      .slice(-2)
      .map((e) => JSON.parse(e.details ?? '{}').change);
    expect(changes).toEqual(['dibujada', 'borrada']);
  });

  it('refuses a box outside the image, too small, or on an image the manager may not see', async () => {
    const album = await createAlbum(t.app);
    const cases: [object, string][] = [
      [{ x: 0.9, y: 0.1, width: 0.2, height: 0.2 }, FACE_MESSAGES.boxOutside],
      [{ x: 0.1, y: 0.1, width: 0.001, height: 0.2 }, FACE_MESSAGES.boxTooSmall],
      [{ x: -0.1, y: 0.1, width: 0.2, height: 0.2 }, FACE_MESSAGES.boxInvalid],
      [{ x: 0.1, y: 1.5, width: 0.2, height: 0.2 }, FACE_MESSAGES.boxInvalid],
      [{ x: '0.1', y: 0.1, width: 0.2, height: 0.2 }, FACE_MESSAGES.boxInvalid],
    ];
    for (const [b, message] of cases) {
      const res = await send('POST', '/api/faces', admin, {
        image: { kind: 'album', id: album.id },
        box: b,
      });
      expect(res.statusCode, JSON.stringify(b)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const badKind = await send('POST', '/api/faces', admin, {
      image: { kind: 'avatar', id: 1 },
      box,
    });
    expect(badKind.json().message).toBe(FACE_MESSAGES.imageInvalid);
    // A body without the image or the box at all says which, in the same words.
    const empty = await send('POST', '/api/faces', admin, { photo_id: 1, x: 0.9 });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([
      { field: 'image', message: FACE_MESSAGES.imageInvalid },
      { field: 'box', message: FACE_MESSAGES.boxInvalid },
    ]);
    const missing = await send('POST', '/api/faces', admin, {
      image: { kind: 'news', id: 999999 },
      box,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(SERVER_ERRORS.faceImageNotFound);
    const hidden = await createAlbum(t.app);
    await setAudience(t.app, hidden.id, [tropa]);
    const notSeen = await send('POST', '/api/faces', scouter, {
      image: { kind: 'album', id: hidden.id },
      box,
    });
    expect(notSeen.statusCode).toBe(404);
  });
});

describe('news and experience images', () => {
  it('lists the one image with its faces, and offers every active child', async () => {
    const news = await createNews(t.app, { title: 'Fiesta de fin de ronda' });
    const experience = await createExperience(t.app);
    const face = await addFace(t.app, { newsId: news.id }, box);
    const res = await get(`/api/news/${news.id}/faces`, scouter);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject([{ kind: 'news', id: news.id, faces: [{ id: face }] }]);
    expect(res.json()[0].image_url).toBe(`/media/${news.imageKey}`);
    const exp = await get(`/api/experiences/${experience.id}/faces`, admin);
    expect(exp.json()).toMatchObject([{ kind: 'experience', id: experience.id, faces: [] }]);
    expect((await get('/api/news/999999/faces', admin)).statusCode).toBe(404);
    const bruno = await createChildRow(t.app, { sectionId: tropa });
    const children = (await get(`/api/news/${news.id}/faces/children`, admin)).json();
    expect(children.map((c: { id: number }) => c.id)).toContain(bruno.id);
    const assigned = await send('PATCH', `/api/faces/${face}`, admin, {
      status: 'child',
      child_id: bruno.id,
    });
    expect(assigned.statusCode).toBe(200);
    const entry = (await auditEntries('faces.reviewed')).at(-1);
    expect(entry).toMatchObject({
      target_type: 'news',
      target_id: news.id,
      target_label: 'Fiesta de fin de ronda',
    });
  });
});

describe('faces still to review on the album', () => {
  it('counts the cover and the photos (hidden too) for managers, in the list and the album; members never see it', async () => {
    const album = await createAlbum(t.app);
    const photo = await createPhoto(t.app, album.id);
    const hidden = await createPhoto(t.app, album.id);
    await t.app.ctx.db.kysely
      .updateTable('photos')
      .set({ hidden_at: nowIso() })
      .where('id', '=', hidden.id)
      .execute();
    await addFace(t.app, { albumId: album.id }, box);
    await addFace(t.app, { photoId: photo.id }, box);
    await addFace(t.app, { photoId: photo.id }, box, { status: 'adult' });
    await addFace(t.app, { photoId: hidden.id }, box);
    const one = (await get(`/api/albums/${album.id}`, scouter)).json();
    expect(one.faces_to_review).toBe(3);
    const list = (await get('/api/albums', admin)).json();
    expect(list.find((a: { id: number }) => a.id === album.id).faces_to_review).toBe(3);
    const forMember = (await get('/api/albums', member)).json();
    expect(forMember.find((a: { id: number }) => a.id === album.id)).not.toHaveProperty(
      'faces_to_review',
    );
    expect((await get(`/api/albums/${album.id}`, member)).json()).not.toHaveProperty(
      'faces_to_review',
    );
  });

  it('reads the album list in the same number of queries with or without faces', async () => {
    // The service itself: the HTTP answer may come from the read cache.
    const service = new AlbumsService(t.app.ctx);
    const count = async () => (await countQueries(t.app, () => service.list(admin.row))).queries;
    const before = await count();
    const album = await createAlbum(t.app);
    for (let i = 0; i < 5; i++) {
      const photo = await createPhoto(t.app, album.id);
      await addFace(t.app, { photoId: photo.id }, box);
    }
    expect(await count()).toBe(before);
  });
});

describe('Publicar solo álbumes revisados', () => {
  it('blocks publishing a draft with faces to review while the setting is on', async () => {
    const album = await createAlbum(t.app);
    await t.app.ctx.db.kysely
      .updateTable('albums')
      .set({ status: 'draft', published_at: null })
      .where('id', '=', album.id)
      .execute();
    const photo = await createPhoto(t.app, album.id);
    const a = await addFace(t.app, { photoId: photo.id }, box);
    const b = await addFace(t.app, { albumId: album.id }, box);
    const db = t.app.ctx.db.kysely;
    await writeGroupSetting(db, 'publish_only_reviewed', true, admin.row.id, nowIso());
    try {
      const blocked = await send('POST', `/api/albums/${album.id}/publish`, scouter);
      expect(blocked.statusCode).toBe(409);
      expect(blocked.json().message).toBe(
        'Quedan 2 caras por revisar en este álbum: revísalas antes de publicarlo.',
      );
      await send('PATCH', `/api/faces/${a}`, scouter, { status: 'not_face' });
      const oneLeft = await send('POST', `/api/albums/${album.id}/publish`, scouter);
      expect(oneLeft.json().message).toBe(
        'Queda 1 cara por revisar en este álbum: revísala antes de publicarlo.',
      );
      const still = (await get(`/api/albums/${album.id}`, scouter)).json();
      expect(still.published).toBe(false);
      await send('PATCH', `/api/faces/${b}`, scouter, { status: 'adult' });
      const ok = await send('POST', `/api/albums/${album.id}/publish`, scouter);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().album.published).toBe(true);
      // Back to draft is never blocked.
      await addFace(t.app, { photoId: photo.id }, box);
      const unpublish = await send('POST', `/api/albums/${album.id}/unpublish`, scouter);
      expect(unpublish.statusCode).toBe(200);
    } finally {
      await writeGroupSetting(db, 'publish_only_reviewed', false, admin.row.id, nowIso());
    }
    // With the setting off, faces to review do not hold an album back.
    const free = await send('POST', `/api/albums/${album.id}/publish`, scouter);
    expect(free.statusCode).toBe(200);
  });
});

describe('GET /api/faces/scan-progress', () => {
  it('counts the stored images and those the scan has still to look at', async () => {
    const res = await get('/api/faces/scan-progress', admin);
    expect(res.statusCode).toBe(200);
    const before = res.json();
    const album = await createAlbum(t.app);
    const photo = await createPhoto(t.app, album.id);
    await t.app.ctx.db.kysely
      .insertInto('face_scan_queue')
      .values({ photo_id: photo.id, created_at: nowIso() })
      .execute();
    const given = await createPhoto(t.app, album.id);
    await t.app.ctx.db.kysely
      .insertInto('face_scan_queue')
      .values({ photo_id: given.id, created_at: nowIso(), gave_up_at: nowIso(), attempts: 3 })
      .execute();
    const after = (await get('/api/faces/scan-progress', admin)).json();
    expect(after).toEqual({
      total: before.total + 3,
      remaining: before.remaining + 1,
      given_up: before.given_up + 1,
    });
    expect((await get('/api/faces/scan-progress', scouter)).statusCode).toBe(403);
  });
});
