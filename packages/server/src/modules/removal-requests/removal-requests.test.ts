import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { LIMITS, MSG, SERVER_ERRORS, SERVER_SUCCESS } from '@fogata/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facesChanged } from '../../media/renditions/face-changes.js';
import { renditionsIdle } from '../../media/renditions/rendition-worker.js';
import type { LocalStorage } from '../../media/storage/storage.js';
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/build-app.js';
import { addFace } from '../../test/consent-factories.js';
import { createUser, type TestUser } from '../../test/factories.js';
import {
  createAlbum,
  createComment,
  createLike,
  createPhoto,
} from '../../test/gallery-factories.js';

/** Removal requests (decision 018), through HTTP on the test database. */
let t: TestApp;
let scouter: TestUser;
let admin: TestUser;
let asker: TestUser;
let other: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  scouter = await createUser(t.app, { role: 'scouter' });
  admin = await createUser(t.app, { role: 'admin' });
  asker = await createUser(t.app, { role: 'usuario', name: 'Marta Ruiz' });
  other = await createUser(t.app, { role: 'usuario' });
});
afterAll(() => t.close());

const get = (url: string, user: TestUser) => t.app.inject({ url, headers: user.headers });
const post = (url: string, user: TestUser, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: user.headers, payload });

/** A published album with one photo (real files), a like and a comment on it. */
async function photoInAlbum(title = 'Excursión al río') {
  const album = await createAlbum(t.app, { title });
  const photo = await createPhoto(t.app, album.id, { withFiles: true });
  await createLike(t.app, 'photo', photo.id, other.row.id);
  await createComment(t.app, 'photo', photo.id, other.row.id);
  return { album, photo };
}

async function ask(photoId: number, reason?: string) {
  const res = await post(`/api/photos/${photoId}/removal-request`, asker, reason ? { reason } : {});
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { message: string; request: { id: number; status: string } };
}

describe('asking for a photo to be hidden', () => {
  it('hides it from every other member at once: photo, list, counts, likes, comments and media', async () => {
    const { album, photo } = await photoInAlbum();
    const before = (await get(`/api/photos/${photo.id}`, other)).json();
    const answer = await ask(photo.id, 'Sale mi hijo y no queremos que se vea.');
    expect(answer.message).toBe(SERVER_SUCCESS.removalRequested);
    expect(answer.request.status).toBe('pending');

    for (const member of [other, asker]) {
      expect((await get(`/api/photos/${photo.id}`, member)).statusCode).toBe(404);
      expect((await get(`/api/photos/album/${album.id}`, member)).json()).toEqual([]);
      expect((await get(`/api/albums/${album.id}`, member)).json()).toMatchObject({
        photos_count: 0,
        likes_count: 0,
        comments_count: 0,
      });
      expect((await get(`/api/photos/${photo.id}/comments`, member)).statusCode).toBe(404);
      expect((await post(`/api/photos/${photo.id}/like`, member)).statusCode).toBe(404);
      const unlike = await t.app.inject({
        method: 'DELETE',
        url: `/api/photos/${photo.id}/like`,
        headers: member.headers,
      });
      expect(unlike.statusCode).toBe(404);
    }
    for (const url of [before.thumb_url, before.image_url]) {
      const media = await t.app.inject({ url });
      expect(media.statusCode).toBe(404);
      expect(media.json()).toEqual({ message: SERVER_ERRORS.mediaNotFound });
    }
    // Managers still see it, marked hidden, with links that open.
    const managed = (await get(`/api/photos/${photo.id}`, scouter)).json();
    expect(managed.hidden).toBe(true);
    expect((await t.app.inject({ url: managed.thumb_url })).statusCode).toBe(200);
    expect((await get(`/api/albums/${album.id}`, admin)).json().photos_count).toBe(1);
  });

  it('queues a mail to every scouter and admin, with the reason and a link to the requests', async () => {
    const { photo } = await photoInAlbum('Campamento de Pascua');
    // The queue's worker held back: a message's body is forgotten once it is sent, and the
    // worker may send one before we read the queue.
    await t.app.ctx.mailQueue.stop();
    await ask(photo.id, 'Motivo de prueba 123');
    const mails = await t.app.ctx.db.kysely
      .selectFrom('mail_queue')
      .select(['recipient', 'subject', 'text', 'link'])
      .where('text', 'like', '%Motivo de prueba 123%')
      .execute();
    t.app.ctx.mailQueue.start();
    expect(mails.map((m) => m.recipient).sort()).toEqual(
      expect.arrayContaining([scouter.email, admin.email]),
    );
    expect(mails.map((m) => m.recipient)).not.toContain(asker.email);
    expect(mails.map((m) => m.recipient)).not.toContain(other.email);
    expect(mails[0]?.text).toContain('Marta Ruiz');
    expect(mails[0]?.text).toContain('«Campamento de Pascua»');
    expect(mails[0]?.link).toBe(`${TEST_PUBLIC_URL}/admin/removal-requests`);
  });

  it('is a 404 for a photo the member cannot see, and validates the reason', async () => {
    const { photo } = await photoInAlbum();
    await ask(photo.id);
    expect((await post(`/api/photos/${photo.id}/removal-request`, other)).statusCode).toBe(404);
    expect((await post('/api/photos/999999/removal-request', other)).statusCode).toBe(404);
    const draft = await createAlbum(t.app);
    await t.app.ctx.db.kysely
      .updateTable('albums')
      .set({ status: 'draft' })
      .where('id', '=', draft.id)
      .execute();
    const inDraft = await createPhoto(t.app, draft.id);
    expect((await post(`/api/photos/${inDraft.id}/removal-request`, other)).statusCode).toBe(404);

    const fresh = await photoInAlbum();
    const long = await post(`/api/photos/${fresh.photo.id}/removal-request`, other, {
      reason: 'x'.repeat(LIMITS.removalReasonMax + 1),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual([{ field: 'reason', message: MSG.removalReasonTooLong }]);
    // Nothing was hidden by the refused request.
    expect((await get(`/api/photos/${fresh.photo.id}`, other)).statusCode).toBe(200);
  });

  it('lets the member follow their own requests, and no one else’s', async () => {
    const { photo } = await photoInAlbum('Acampada de otoño');
    const { request } = await ask(photo.id, 'Por favor');
    const mine = (await get('/api/removal-requests/mine', asker)).json() as { id: number }[];
    expect(mine[0]).toMatchObject({
      id: request.id,
      photo_id: photo.id,
      album_title: 'Acampada de otoño',
      reason: 'Por favor',
      status: 'pending',
      resolution_note: null,
    });
    const others = (await get('/api/removal-requests/mine', other)).json() as { id: number }[];
    expect(others.map((r) => r.id)).not.toContain(request.id);
  });
});

describe('resolving a request', () => {
  it('lists requests for managers with thumbnail, album, who asked and reason', async () => {
    const { photo } = await photoInAlbum('Día del árbol');
    const { request } = await ask(photo.id, 'Motivo');
    const list = (await get('/api/removal-requests', admin)).json() as Record<string, unknown>[];
    const row = list.find((r) => r.id === request.id);
    expect(row).toMatchObject({
      album_title: 'Día del árbol',
      requester_name: 'Marta Ruiz',
      reason: 'Motivo',
      status: 'pending',
    });
    expect((await t.app.inject({ url: row?.photo_thumb as string })).statusCode).toBe(200);
  });

  it('Mantener oculta keeps it hidden, even after the album is unpublished and published again', async () => {
    const { album, photo } = await photoInAlbum();
    const { request } = await ask(photo.id);
    const res = await post(`/api/removal-requests/${request.id}/resolve`, scouter, {
      action: 'keep',
      note: 'La retiramos.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: SERVER_SUCCESS.removalResolvedKept,
      request: { status: 'kept', resolution_note: 'La retiramos.' },
    });
    await post(`/api/albums/${album.id}/unpublish`, scouter);
    await post(`/api/albums/${album.id}/publish`, scouter);
    expect((await get(`/api/photos/${photo.id}`, other)).statusCode).toBe(404);
    expect((await get(`/api/photos/album/${album.id}`, other)).json()).toEqual([]);
    expect((await get('/api/removal-requests/mine', asker)).json()[0]).toMatchObject({
      status: 'kept',
      resolution_note: 'La retiramos.',
    });
  });

  it('Volver a mostrar shows it again with the note for the requester; then it is closed', async () => {
    const { photo } = await photoInAlbum();
    const { request } = await ask(photo.id);
    const res = await post(`/api/removal-requests/${request.id}/resolve`, admin, {
      action: 'show',
      note: 'No se reconoce a nadie.',
    });
    expect(res.json().message).toBe(SERVER_SUCCESS.removalResolvedShown);
    expect((await get(`/api/photos/${photo.id}`, other)).statusCode).toBe(200);
    expect((await get('/api/removal-requests/mine', asker)).json()[0]).toMatchObject({
      status: 'shown',
      resolution_note: 'No se reconoce a nadie.',
    });
    const again = await post(`/api/removal-requests/${request.id}/resolve`, admin, {
      action: 'keep',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: SERVER_ERRORS.removalRequestClosed });
  });

  it('Eliminar foto deletes its files, likes and comments; the request reads deleted', async () => {
    const { photo } = await photoInAlbum();
    const { request } = await ask(photo.id);
    const root = (t.app.ctx.storage as LocalStorage).privateRoot;
    const file = join(root, photo.thumbKey.replace(/^private\//, ''));
    expect(existsSync(file)).toBe(true);
    const res = await post(`/api/removal-requests/${request.id}/resolve`, scouter, {
      action: 'delete',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: SERVER_SUCCESS.removalResolvedDeleted,
      request: { status: 'deleted', photo_id: null, photo_thumb: null },
    });
    expect(existsSync(file)).toBe(false);
    expect((await get(`/api/photos/${photo.id}`, scouter)).statusCode).toBe(404);
    const left = await t.app.ctx.db.kysely
      .selectFrom('comments')
      .select('id')
      .where('target_type', '=', 'photo')
      .where('target_id', '=', photo.id)
      .execute();
    expect(left).toEqual([]);
    expect((await get('/api/removal-requests/mine', asker)).json()[0].status).toBe('deleted');
  });

  it('Eliminar foto takes its blurred copies with it, rows and files', async () => {
    const { photo } = await photoInAlbum('Copias que se van con la foto');
    // A face not reviewed: blurred for members, whose copy is made ahead.
    await addFace(t.app, { photoId: photo.id }, { x: 0.2, y: 0.2, width: 0.3, height: 0.3 });
    await facesChanged(t.app.ctx, 'photo', [photo.id]);
    await renditionsIdle(t.app.ctx);
    const copies = () =>
      t.app.ctx.db.kysely
        .selectFrom('image_renditions')
        .select(['image_key', 'thumb_key'])
        .where('kind', '=', 'photo')
        .where('image_id', '=', photo.id)
        .execute();
    const made = await copies();
    expect(made).toHaveLength(1);
    const root = (t.app.ctx.storage as LocalStorage).privateRoot;
    const files = made.flatMap((row) => [row.image_key, row.thumb_key]);
    const paths = files.map((key) => join(root, key.replace(/^private\//, '')));
    expect(paths.map((path) => existsSync(path))).toEqual([true, true]);
    const { request } = await ask(photo.id);
    const res = await post(`/api/removal-requests/${request.id}/resolve`, scouter, {
      action: 'delete',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await copies()).toEqual([]);
    expect(paths.map((path) => existsSync(path))).toEqual([false, false]);
  });

  it('reads deleted once the photo or its album is deleted another way; then it is closed', async () => {
    const first = await photoInAlbum('Álbum que se borra');
    const viaAlbum = await ask(first.photo.id);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/albums/${first.album.id}`,
      headers: admin.headers,
    });
    expect(del.statusCode, del.body).toBe(200);
    const second = await photoInAlbum();
    const viaPhoto = await ask(second.photo.id);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/photos/${second.photo.id}`,
      headers: scouter.headers,
    });
    const mine = (await get('/api/removal-requests/mine', asker)).json() as {
      id: number;
      status: string;
      album_title: string;
    }[];
    expect(mine.find((r) => r.id === viaAlbum.request.id)).toMatchObject({
      status: 'deleted',
      album_title: 'Álbum que se borra',
    });
    expect(mine.find((r) => r.id === viaPhoto.request.id)?.status).toBe('deleted');
    const late = await post(`/api/removal-requests/${viaPhoto.request.id}/resolve`, admin, {
      action: 'show',
    });
    expect(late.statusCode).toBe(409);
  });

  it('leaves each step in the audit trail', async () => {
    const { album, photo } = await photoInAlbum('Álbum auditado');
    const { request } = await ask(photo.id);
    await post(`/api/removal-requests/${request.id}/resolve`, admin, { action: 'keep' });
    await post(`/api/albums/${album.id}/unpublish`, scouter);
    await post(`/api/albums/${album.id}/publish`, scouter);
    const rows = await t.app.ctx.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'target_id', 'details'])
      .where((eb) =>
        eb.or([
          eb.and([eb('target_type', '=', 'photo'), eb('target_id', '=', photo.id)]),
          eb.and([eb('target_type', '=', 'hide_request'), eb('target_id', '=', request.id)]),
          eb.and([eb('target_type', '=', 'album'), eb('target_id', '=', album.id)]),
        ]),
      )
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.action, r.actor_id])).toEqual([
      ['photo.hidden', asker.row.id],
      ['hide_request.resolved', admin.row.id],
      ['album.unpublished', scouter.row.id],
      ['album.published', scouter.row.id],
    ]);
    expect(JSON.parse(rows[1]!.details!)).toEqual({ photo: String(photo.id), how: 'keep' });
  });

  it('is a 404 for a missing request and a 400 for an unknown action', async () => {
    expect(
      (await post('/api/removal-requests/999999/resolve', admin, { action: 'keep' })).statusCode,
    ).toBe(404);
    expect(
      (await post('/api/removal-requests/1/resolve', admin, { action: 'olvidar' })).statusCode,
    ).toBe(400);
  });
});
