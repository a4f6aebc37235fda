import { SERVER_ERRORS } from '@fogata/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewerScope } from '../media/url-signer.js';
import { buildTestApp, type TestApp } from '../test/build-app.js';
import { createUser } from '../test/factories.js';
import { createAlbum, createPhoto } from '../test/gallery-factories.js';
import { GalleryAccess, isRestrictedPhoto, seesRestricted } from './gallery-access.js';

/** The gallery's access pair on the test database (decision 041): one question, many ids. */
let t: TestApp;
let access: GalleryAccess;
const member = { id: 1, role: 'usuario' as const };
const scouter = { id: 2, role: 'scouter' as const };
let published: Awaited<ReturnType<typeof createAlbum>>;
let draft: Awaited<ReturnType<typeof createAlbum>>;
let shown: Awaited<ReturnType<typeof createPhoto>>;
let hidden: Awaited<ReturnType<typeof createPhoto>>;
let inDraft: Awaited<ReturnType<typeof createPhoto>>;

beforeAll(async () => {
  t = await buildTestApp();
  access = new GalleryAccess(t.app.ctx);
  const { kysely } = t.app.ctx.db;
  published = await createAlbum(t.app);
  draft = await createAlbum(t.app);
  await kysely.updateTable('albums').set({ status: 'draft' }).where('id', '=', draft.id).execute();
  shown = await createPhoto(t.app, published.id);
  hidden = await createPhoto(t.app, published.id);
  await kysely
    .updateTable('photos')
    .set({ hidden_at: new Date().toISOString() })
    .where('id', '=', hidden.id)
    .execute();
  inDraft = await createPhoto(t.app, draft.id);
});
afterAll(() => t.close());

describe('the policy', () => {
  it('lets scouters and admins see what is restricted, and nobody else', () => {
    expect(seesRestricted(scouter)).toBe(true);
    expect(seesRestricted({ id: 1, role: 'admin' })).toBe(true);
    expect(seesRestricted(member)).toBe(false);
    expect(seesRestricted(null)).toBe(false);
  });

  it('restricts a hidden photo and a photo of a draft', () => {
    expect(isRestrictedPhoto({ hidden_at: null, album_status: 'published' })).toBe(false);
    expect(
      isRestrictedPhoto({ hidden_at: '2026-01-01T00:00:00Z', album_status: 'published' }),
    ).toBe(true);
    expect(isRestrictedPhoto({ hidden_at: null, album_status: 'draft' })).toBe(true);
  });
});

describe('batched by ids', () => {
  it('answers which albums a viewer sees, missing ones never', async () => {
    const ids = [published.id, draft.id, 999_999];
    expect(await access.visibleAlbumIds(member, ids)).toEqual(new Set([published.id]));
    expect(await access.visibleAlbumIds(scouter, ids)).toEqual(new Set([published.id, draft.id]));
    expect(await access.visibleAlbumIds(member, [])).toEqual(new Set());
  });

  it('answers which photos a viewer sees', async () => {
    const ids = [shown.id, hidden.id, inDraft.id, 999_999];
    expect(await access.visiblePhotoIds(member, ids)).toEqual(new Set([shown.id]));
    expect(await access.visiblePhotoIds(null, ids)).toEqual(new Set([shown.id]));
    expect(await access.visiblePhotoIds(scouter, ids)).toEqual(
      new Set([shown.id, hidden.id, inDraft.id]),
    );
  });

  it('denies an album as if it did not exist', async () => {
    await expect(access.requireAlbum(member, draft.id)).rejects.toMatchObject({
      statusCode: 404,
      message: SERVER_ERRORS.albumNotFound,
    });
    await expect(access.requireAlbum(scouter, draft.id)).resolves.toBeUndefined();
  });

  it("opens a restricted file only with a manager's own URL", async () => {
    const manager = await createUser(t.app, { role: 'scouter' });
    const someone = await createUser(t.app, { role: 'usuario' });
    const keys = [
      shown.imageKey,
      shown.thumbKey,
      hidden.imageKey,
      inDraft.thumbKey,
      draft.coverKey,
      draft.coverThumbKey,
      published.coverKey,
    ];
    expect(await access.openableKeys(null, keys)).toEqual(
      new Set([shown.imageKey, shown.thumbKey, published.coverKey]),
    );
    expect(await access.openableKeys(viewerScope(manager.row.id), keys)).toEqual(new Set(keys));
    expect(await access.openableKeys(viewerScope(someone.row.id), keys)).toEqual(
      new Set([shown.imageKey, shown.thumbKey, published.coverKey]),
    );
    // An account that no longer exists opens nothing.
    expect(await access.openableKeys(viewerScope(999_999), keys)).toEqual(new Set());
  });
});
