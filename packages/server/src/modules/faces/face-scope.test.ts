import { FACE_OTHER_SECTION_LABEL, SERVER_ERRORS } from '@fogata/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FaceVisibility } from '../../access/face-visibility.js';
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
import { createAlbum, createPhoto } from '../../test/gallery-factories.js';

/*
 * Decision 106: a scouter names and changes only the faces of the children they manage. A
 * scouter of Tropa, on images every manager sees (a whole-group album, a news item), against a
 * face of a child of Unidad, who has no consent: the name never reaches them, and no change of
 * theirs lets the child show clear.
 */

let t: TestApp;
let admin: TestUser;
let tropaScouter: TestUser;
let unidad: { id: number; full_name: string; section_id: number };
let tropa: { id: number; full_name: string; section_id: number };
const box = { x: 0.1, y: 0.1, width: 0.2, height: 0.2 };

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.app, { role: 'admin' });
  tropaScouter = await createUser(t.app, { role: 'scouter' });
  const tropaSection = await createSection(t.app, { name: 'Tropa del alcance' });
  const unidadSection = await createSection(t.app, { name: 'Unidad del alcance' });
  await assignScouter(t.app, tropaScouter.row.id, [tropaSection]);
  unidad = await createChildRow(t.app, {
    sectionId: unidadSection,
    name: 'Úrsula Unidad Reservada',
  });
  tropa = await createChildRow(t.app, { sectionId: tropaSection, name: 'Tomás Tropa Visible' });
});
afterAll(() => t.close());

const as = (
  user: TestUser,
  method: 'GET' | 'PATCH' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: user.headers, ...(payload && { payload }) });

/** The face's row as stored: what every copy's blur is read from. */
const stored = (id: number) =>
  t.app.ctx.db.kysely
    .selectFrom('faces')
    .select(['status', 'child_id', 'blur_requested_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('names on faces', () => {
  it("a whole-group album's faces: the scouter's own child by name, another section's only as such", async () => {
    const album = await createAlbum(t.app);
    const photo = await createPhoto(t.app, album.id);
    const other = await addFace(t.app, { photoId: photo.id }, box, { childId: unidad.id });
    const own = await addFace(
      t.app,
      { photoId: photo.id },
      { ...box, x: 0.5 },
      { childId: tropa.id },
    );
    const res = await as(tropaScouter, 'GET', `/api/albums/${album.id}/faces`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(unidad.full_name);
    const faces = res.json()[1].faces;
    expect(faces.find((f: { id: number }) => f.id === other)).toMatchObject({
      status: 'child',
      child: null,
      changeable: false,
    });
    expect(faces.find((f: { id: number }) => f.id === own)).toMatchObject({
      child: { id: tropa.id, full_name: tropa.full_name },
      changeable: true,
    });
    // An admin manages every child.
    const byAdmin = await as(admin, 'GET', `/api/albums/${album.id}/faces`);
    expect(byAdmin.json()[1].faces[0]).toMatchObject({
      child: { id: unidad.id, full_name: unidad.full_name },
      changeable: true,
    });
  });

  it.each(['news', 'experiences'] as const)(
    "a %s image's faces name only the children the scouter manages",
    async (path) => {
      const item = path === 'news' ? await createNews(t.app) : await createExperience(t.app);
      const image = path === 'news' ? { newsId: item.id } : { experienceId: item.id };
      await addFace(t.app, image, box, { childId: unidad.id });
      await addFace(t.app, image, { ...box, x: 0.5 }, { childId: tropa.id });
      const res = await as(tropaScouter, 'GET', `/api/${path}/${item.id}/faces`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain(unidad.full_name);
      expect(
        res
          .json()[0]
          .faces.map((f: { child: unknown; changeable: boolean }) => [f.child, f.changeable]),
      ).toEqual([
        [null, false],
        [{ id: tropa.id, full_name: tropa.full_name }, true],
      ]);
    },
  );

  it('the label the screen shows instead is a shared text that names nobody', () => {
    expect(FACE_OTHER_SECTION_LABEL).toBe('Educando de otra sección');
  });
});

describe("changes to another section's child's face", () => {
  it.each([
    { status: 'adult' },
    { status: 'not_face' },
    { status: 'pending' },
    { status: 'child', child_id: 'own' },
  ])(
    'PATCH %o is a 403 and leaves the face as it was, blurred in the public image',
    async (body) => {
      const news = await createNews(t.app);
      const face = await addFace(t.app, { newsId: news.id }, box, { childId: unidad.id });
      const payload = body.child_id === 'own' ? { status: 'child', child_id: tropa.id } : body;
      const res = await as(tropaScouter, 'PATCH', `/api/faces/${face}`, payload);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({ message: SERVER_ERRORS.faceOtherSection });
      expect(await stored(face)).toEqual({
        status: 'child',
        child_id: unidad.id,
        blur_requested_at: null,
      });
      // The anonymous public copy still hides the child, who has no consent.
      const plan = (
        await new FaceVisibility(t.app.ctx.db.kysely).plans(null, 'news', [news.id])
      ).get(news.id);
      expect(plan?.viewer.map((f) => f.id)).toEqual([face]);
    },
  );

  it("undoing the family's blur is a 403; the request stays", async () => {
    const album = await createAlbum(t.app);
    const photo = await createPhoto(t.app, album.id);
    const face = await addFace(t.app, { photoId: photo.id }, box, { childId: unidad.id });
    const requested = nowIso();
    await t.app.ctx.db.kysely
      .updateTable('faces')
      .set({ blur_requested_at: requested })
      .where('id', '=', face)
      .execute();
    const res = await as(tropaScouter, 'DELETE', `/api/faces/${face}/blur`);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual({ message: SERVER_ERRORS.faceOtherSection });
    expect((await stored(face)).blur_requested_at).toBe(requested);
    // Who manages the child may.
    const byAdmin = await as(admin, 'DELETE', `/api/faces/${face}/blur`);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json()).toMatchObject({ blur_requested: false, changeable: true });
  });

  it('deleting a box drawn for that child is a 403', async () => {
    const album = await createAlbum(t.app);
    const face = await addFace(t.app, { albumId: album.id }, box, {
      childId: unidad.id,
      source: 'manual',
    });
    const res = await as(tropaScouter, 'DELETE', `/api/faces/${face}`);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual({ message: SERVER_ERRORS.faceOtherSection });
    expect(await stored(face)).toMatchObject({ child_id: unidad.id });
  });

  it('a face assigned to no child is reviewed as before, and the answer names no other child', async () => {
    const album = await createAlbum(t.app);
    const face = await addFace(t.app, { albumId: album.id }, box);
    const res = await as(tropaScouter, 'PATCH', `/api/faces/${face}`, { status: 'adult' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'adult', child: null, changeable: true });
    const assigned = await as(tropaScouter, 'PATCH', `/api/faces/${face}`, {
      status: 'child',
      child_id: tropa.id,
    });
    expect(assigned.json()).toMatchObject({ child: { id: tropa.id }, changeable: true });
  });
});

describe('an image of a section the scouter does not see', () => {
  it('its faces, and every change to them, are 404s', async () => {
    const album = await createAlbum(t.app);
    await setAudience(t.app, album.id, [unidad.section_id]);
    const photo = await createPhoto(t.app, album.id);
    const face = await addFace(t.app, { photoId: photo.id }, box);
    expect((await as(tropaScouter, 'GET', `/api/albums/${album.id}/faces`)).json()).toEqual({
      message: SERVER_ERRORS.albumNotFound,
    });
    for (const [method, url, payload] of [
      ['PATCH', `/api/faces/${face}`, { status: 'adult' }],
      ['DELETE', `/api/faces/${face}/blur`, undefined],
      ['DELETE', `/api/faces/${face}`, undefined],
    ] as const) {
      const res = await as(tropaScouter, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ message: SERVER_ERRORS.faceNotFound });
    }
    for (const url of ['/api/faces', '/api/faces/searched']) {
      const res = await as(tropaScouter, 'POST', url, {
        image: { kind: 'photo', id: photo.id },
        box,
      });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: SERVER_ERRORS.faceImageNotFound });
    }
  });
});
