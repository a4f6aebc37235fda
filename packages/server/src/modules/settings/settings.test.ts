import { IMAGE_SETTINGS_MESSAGES, SERVER_ERRORS, SERVER_SUCCESS } from '@fogata/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { facesChanged } from '../../media/renditions/face-changes.js';
import { testAppPerFile } from '../../test/app-per-file.js';
import { addFace, recordConsent } from '../../test/consent-factories.js';
import { createNews } from '../../test/content-factories.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createChild } from '../../test/family-factories.js';
import { countQueries, createAlbum, createPhoto } from '../../test/gallery-factories.js';

const t = testAppPerFile();
let admin: TestUser;
beforeAll(async () => {
  admin = await createUser(t.app, { role: 'admin', name: 'Ana Admin' });
});

const BOX = { x: 0.1, y: 0.1, width: 0.2, height: 0.2 };

function patch(payload: Record<string, unknown>, user: TestUser = admin) {
  return t.app.inject({ method: 'PATCH', url: '/api/settings', headers: user.headers, payload });
}

async function settingsAudit() {
  return t.app.ctx.db.kysely
    .selectFrom('audit_log')
    .select(['actor_name', 'action', 'target_type', 'target_label', 'details'])
    .where('action', '=', 'settings.changed')
    .orderBy('id')
    .execute();
}

describe('the preview of applying image consent', () => {
  it('counts, per album and in all, the faces a member with no children would see blurred', async () => {
    const none = await createAlbum(t.app, { title: 'Sin caras' });
    await createPhoto(t.app, none.id);
    const camp = await createAlbum(t.app, { title: 'Campamento' });
    const [p1, p2] = [await createPhoto(t.app, camp.id), await createPhoto(t.app, camp.id)];
    const consented = await createChild(t.app);
    const refused = await createChild(t.app);
    const silent = await createChild(t.app);
    await recordConsent(t.app, consented, 'gallery', true);
    await recordConsent(t.app, refused, 'gallery', true);
    await recordConsent(t.app, refused, 'gallery', false);
    // Shown: an adult, not a face, a child with consent.
    await addFace(t.app, { photoId: p1.id }, BOX, { status: 'adult' });
    await addFace(t.app, { photoId: p1.id }, BOX, { status: 'not_face' });
    await addFace(t.app, { photoId: p1.id }, BOX, { childId: consented });
    // Blurred: pending review, consent withdrawn, no record, and a family's request.
    await addFace(t.app, { photoId: p2.id }, BOX);
    await addFace(t.app, { photoId: p2.id }, BOX, { childId: refused });
    await addFace(t.app, { photoId: p2.id }, BOX, { childId: silent });
    const requested = await addFace(t.app, { photoId: p2.id }, BOX, { childId: consented });
    await t.app.ctx.db.kysely
      .updateTable('faces')
      .set({ blur_requested_at: new Date().toISOString() })
      .where('id', '=', requested)
      .execute();
    // A public image: its face without 'Web pública' (gallery consent is not enough).
    const news = await createNews(t.app);
    await addFace(t.app, { newsId: news.id }, BOX, { childId: consented });

    const albums = await t.app.inject({
      url: '/api/settings/consent-preview/albums?page=1&limit=10',
      headers: admin.headers,
    });
    expect(albums.statusCode).toBe(200);
    expect(albums.headers['x-total-count']).toBe('2');
    expect(albums.json()).toEqual([
      { id: camp.id, title: 'Campamento', photos: 2, faces: 7, blurred: 4 },
      { id: none.id, title: 'Sin caras', photos: 1, faces: 0, blurred: 0 },
    ]);
    const second = await t.app.inject({
      url: '/api/settings/consent-preview/albums?page=2&limit=1',
      headers: admin.headers,
    });
    expect(second.json()).toEqual([
      { id: none.id, title: 'Sin caras', photos: 1, faces: 0, blurred: 0 },
    ]);

    const totals = await t.app.inject({
      url: '/api/settings/consent-preview',
      headers: admin.headers,
    });
    expect(totals.json()).toEqual({
      albums: 2,
      albums_with_blur: 1,
      faces: 7,
      blurred: 4,
      pending: 1,
      public_faces: 1,
      public_blurred: 1,
    });

    // A page reads in the same number of queries however many albums and faces it holds.
    const page = (limit: number) =>
      countQueries(t.app, () =>
        t.app.inject({
          url: `/api/settings/consent-preview/albums?page=1&limit=${limit}`,
          headers: admin.headers,
        }),
      );
    for (let i = 0; i < 5; i += 1) {
      const album = await createAlbum(t.app);
      const photo = await createPhoto(t.app, album.id);
      await addFace(t.app, { photoId: photo.id }, BOX, { childId: await createChild(t.app) });
    }
    await page(1); // The session's user is read once after the writes, then cached.
    const one = await page(1);
    const many = await page(20);
    expect(many.result.json()).toHaveLength(7);
    expect(many.queries).toBe(one.queries);
  });

  it('answers a bad page in Spanish', async () => {
    const res = await t.app.inject({
      url: '/api/settings/consent-preview/albums?page=0',
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].message).toBe(
      'La página debe ser un número entero de 1 en adelante.',
    );
  });
});

describe('the group settings', () => {
  it('reads them, changes them, and records each change in the audit trail', async () => {
    const before = await t.app.inject({ url: '/api/settings', headers: admin.headers });
    expect(before.json()).toEqual({ image_consent_enforced: true, publish_only_reviewed: false });

    const res = await patch({ publish_only_reviewed: true, image_consent_enforced: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: SERVER_SUCCESS.settingsSaved,
      settings: { image_consent_enforced: true, publish_only_reviewed: true },
    });
    // Only what changed is recorded.
    expect(await settingsAudit()).toEqual([
      {
        actor_name: 'Ana Admin',
        action: 'settings.changed',
        target_type: 'settings',
        target_label: 'publish_only_reviewed',
        details: JSON.stringify({ setting: 'publish_only_reviewed', from: 'off', to: 'on' }),
      },
    ]);
    await patch({ publish_only_reviewed: false });
    expect((await settingsAudit()).at(-1)?.details).toBe(
      JSON.stringify({ setting: 'publish_only_reviewed', from: 'on', to: 'off' }),
    );
  });

  it('refuses an empty change, a value that is not true or false, and other roles', async () => {
    const empty = await patch({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: IMAGE_SETTINGS_MESSAGES.settingsEmpty });
    const wrong = await patch({ image_consent_enforced: 'sí' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].message).toBe(IMAGE_SETTINGS_MESSAGES.settingInvalid);
    const scouter = await createUser(t.app, { role: 'scouter' });
    const denied = await patch({ image_consent_enforced: false }, scouter);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(SERVER_ERRORS.forbidden);
    expect((await t.app.inject({ url: '/api/settings' })).statusCode).toBe(401);
  });

  it('switching image consent off and on re-publishes public images with faces under new URLs', async () => {
    const news = await createNews(t.app, { withFiles: true });
    await addFace(t.app, { newsId: news.id }, BOX);
    await facesChanged(t.app.ctx, 'news', [news.id]);
    const blurred = (await t.app.inject({ url: `/api/news/${news.id}` })).json().image_url;

    expect((await patch({ image_consent_enforced: false })).statusCode).toBe(200);
    const shown = (await t.app.inject({ url: `/api/news/${news.id}` })).json().image_url;
    expect(shown).not.toBe(blurred);
    expect((await t.app.inject({ url: blurred })).statusCode).toBe(404);
    expect((await t.app.inject({ url: shown })).statusCode).toBe(200);

    expect((await patch({ image_consent_enforced: true })).statusCode).toBe(200);
    const again = (await t.app.inject({ url: `/api/news/${news.id}` })).json().image_url;
    expect(again).not.toBe(shown);
    expect((await t.app.inject({ url: shown })).statusCode).toBe(404);
    const row = await t.app.ctx.db.kysely
      .selectFrom('news')
      .select('image_blur_set')
      .where('id', '=', news.id)
      .executeTakeFirstOrThrow();
    expect(row.image_blur_set).not.toBe('');
  });

  it('will not switch image consent on while older images still wait for their faces', async () => {
    expect((await patch({ image_consent_enforced: false })).statusCode).toBe(200);
    const photo = await createPhoto(t.app, (await createAlbum(t.app)).id);
    await t.app.ctx.db.kysely
      .insertInto('face_scan_queue')
      .values({ photo_id: photo.id, created_at: new Date().toISOString() })
      .execute();
    const refused = await patch({ image_consent_enforced: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: IMAGE_SETTINGS_MESSAGES.scanUnfinished(1) });
    expect((await t.app.inject({ url: '/api/settings', headers: admin.headers })).json()).toEqual(
      expect.objectContaining({ image_consent_enforced: false }),
    );
    // Scanned (the queue is empty): it may.
    await t.app.ctx.db.kysely.deleteFrom('face_scan_queue').execute();
    expect((await patch({ image_consent_enforced: true })).statusCode).toBe(200);
  });
});
