import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeGroupSetting } from '../../db/group-settings.js';
import { buildTestApp, type TestApp } from '../../test/build-app.js';
import { addFace, recordConsent } from '../../test/consent-factories.js';
import { postItemWithImage } from '../../test/content-factories.js';
import { COMPOSED_FACE, composedFacePicture, faceStateIn } from '../../test/face-pixels.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createChild } from '../../test/family-factories.js';
import { viewerScope } from '../url-signer.js';
import { childrenChanged, facesChanged } from './face-changes.js';
import { PublicImagesRecheck } from './public-images.js';

/*
 * Public images under image consent (decision 085), on the bytes an anonymous visitor gets: a
 * news item's image with a child's face is blurred until 'Web pública' is granted, clear once it
 * is, blurred again when it is withdrawn; each change under a new URL, the old one a 404.
 */

const FACE = COMPOSED_FACE;

let t: TestApp;
let scouter: TestUser;
let original: Buffer;
beforeAll(async () => {
  t = await buildTestApp();
  scouter = await createUser(t.app, { role: 'scouter' });
  original = await composedFacePicture();
});
afterAll(() => t.close());

function createNewsWithImage(kind: 'news' | 'experiences' = 'news'): Promise<number> {
  return postItemWithImage(t.app, scouter.headers, original, { kind });
}

/** What an anonymous visitor is given: the image's URL from the item, and its bytes. */
async function visitorImage(kind: 'news' | 'experiences', id: number) {
  const item = (await t.app.inject({ url: `/api/${kind}/${id}` })).json();
  const url: string = item.image_url ?? item.image;
  const res = await t.app.inject({ url });
  expect(res.statusCode).toBe(200);
  return { url, thumbUrl: (item.thumb_url ?? item.image_thumb) as string, bytes: res.rawPayload };
}

/** Whether `bytes` show the face blurred (no detail left, far from the original) or clear. */
async function faceState(bytes: Buffer): Promise<'blurred' | 'clear' | 'unclear'> {
  const found = await faceStateIn(original, bytes);
  // Away from the face, the picture is the original but for compression, whatever happens.
  expect(found.far).toBeLessThan(3);
  return found.state;
}

describe('public images under image consent', () => {
  it('blurs a child without web consent for visitors, clears it once given, blurs it again when withdrawn; each time a new URL and the old one gone', async () => {
    const id = await createNewsWithImage();
    const first = await visitorImage('news', id);
    // No faces known yet: the upload as it came.
    expect(await faceState(first.bytes)).toBe('clear');

    const child = await createChild(t.app);
    await addFace(t.app, { newsId: id }, FACE, { childId: child });
    await facesChanged(t.app.ctx, 'news', [id]);

    const blurred = await visitorImage('news', id);
    expect(blurred.url).not.toBe(first.url);
    expect(await faceState(blurred.bytes)).toBe('blurred');
    expect((await t.app.inject({ url: first.url })).statusCode).toBe(404);
    expect((await t.app.inject({ url: first.thumbUrl })).statusCode).toBe(404);
    // A member with no child in it gets the same public copy.
    const member = await createUser(t.app, { role: 'usuario' });
    const asMember = (
      await t.app.inject({ url: `/api/news/${id}`, headers: member.headers })
    ).json();
    expect(asMember.image_url).toBe(blurred.url);
    // The list and the landing's first news give the same URL.
    const list = (await t.app.inject({ url: '/api/news?limit=3' })).json();
    expect(list.find((n: { id: number }) => n.id === id).image_url).toBe(blurred.url);

    // The clean original is kept, but at no public URL.
    const row = await t.app.ctx.db.kysely
      .selectFrom('news')
      .select(['image_original_key', 'image_blur_set'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.image_original_key).toMatch(/^private\/news\//);
    expect(row.image_blur_set).not.toBe('');
    expect((await t.app.inject({ url: `/media/${row.image_original_key}` })).statusCode).not.toBe(
      200,
    );

    await recordConsent(t.app, child, 'web', true);
    await childrenChanged(t.app.ctx, [child]);
    const clear = await visitorImage('news', id);
    expect(clear.url).not.toBe(blurred.url);
    expect(await faceState(clear.bytes)).toBe('clear');
    expect((await t.app.inject({ url: blurred.url })).statusCode).toBe(404);

    // Gallery consent alone does not make a public image clear: withdrawn 'web' blurs it again.
    await recordConsent(t.app, child, 'gallery', true);
    await recordConsent(t.app, child, 'web', false);
    await childrenChanged(t.app.ctx, [child]);
    const again = await visitorImage('news', id);
    expect(again.url).not.toBe(clear.url);
    expect(await faceState(again.bytes)).toBe('blurred');
    expect((await t.app.inject({ url: clear.url })).statusCode).toBe(404);
    expect((await t.app.inject({ url: clear.thumbUrl })).statusCode).toBe(404);

    // The ledger: the publication, then each new copy with the faces it blurred.
    const ledger = await t.app.ctx.db.kysely
      .selectFrom('image_publications')
      .select(['channel', 'blurred_faces', 'url', 'title'])
      .where('image_kind', '=', 'news')
      .where('image_id', '=', id)
      .orderBy('id')
      .execute();
    const faceId = row.image_blur_set;
    expect(ledger).toEqual([
      { channel: 'news', blurred_faces: '', url: first.url, title: 'Campamento de verano' },
      { channel: 'news', blurred_faces: faceId, url: blurred.url, title: 'Campamento de verano' },
      { channel: 'news', blurred_faces: '', url: clear.url, title: 'Campamento de verano' },
      { channel: 'news', blurred_faces: faceId, url: again.url, title: 'Campamento de verano' },
    ]);
  });

  it('leaves the URL alone when nothing it blurs changed', async () => {
    const id = await createNewsWithImage();
    await addFace(t.app, { newsId: id }, FACE, { status: 'adult' });
    await facesChanged(t.app.ctx, 'news', [id]);
    const before = await visitorImage('news', id);
    await facesChanged(t.app.ctx, 'news', [id]);
    const after = await visitorImage('news', id);
    expect(after.url).toBe(before.url);
    expect(await faceState(after.bytes)).toBe('clear');
  });

  it("with enforcement off shows faces, but a guardian's request blurs theirs; an experience alike", async () => {
    const admin = await createUser(t.app, { role: 'admin' });
    await writeGroupSetting(
      t.app.ctx.db.kysely,
      'image_consent_enforced',
      false,
      admin.row.id,
      new Date().toISOString(),
    );
    try {
      const id = await createNewsWithImage('experiences');
      const child = await createChild(t.app);
      const face = await addFace(t.app, { experienceId: id }, FACE, { childId: child });
      await facesChanged(t.app.ctx, 'experience', [id]);
      const shown = await visitorImage('experiences', id);
      expect(await faceState(shown.bytes)).toBe('clear');

      await t.app.ctx.db.kysely
        .updateTable('faces')
        .set({ blur_requested_at: new Date().toISOString(), blur_requested_by: admin.row.id })
        .where('id', '=', face)
        .execute();
      await facesChanged(t.app.ctx, 'experience', [id]);
      const hidden = await visitorImage('experiences', id);
      expect(await faceState(hidden.bytes)).toBe('blurred');
      expect((await t.app.inject({ url: shown.url })).statusCode).toBe(404);
    } finally {
      await writeGroupSetting(
        t.app.ctx.db.kysely,
        'image_consent_enforced',
        true,
        admin.row.id,
        new Date().toISOString(),
      );
    }
  });

  it('catches up within the minute on its own when no hook told it (the recheck)', async () => {
    const id = await createNewsWithImage();
    const child = await createChild(t.app);
    // Straight in the database: no facesChanged, no childrenChanged.
    await addFace(t.app, { newsId: id }, FACE, { childId: child });
    const before = await visitorImage('news', id);
    expect(await faceState(before.bytes)).toBe('clear');
    await new PublicImagesRecheck(t.app.ctx).runOnce();
    const after = await visitorImage('news', id);
    expect(after.url).not.toBe(before.url);
    expect(await faceState(after.bytes)).toBe('blurred');
    expect((await t.app.inject({ url: before.url })).statusCode).toBe(404);
  });

  it('gives who reviews faces the clean original, signed for them, and no one else', async () => {
    const id = await createNewsWithImage();
    const child = await createChild(t.app);
    await addFace(t.app, { newsId: id }, FACE, { childId: child });
    await facesChanged(t.app.ctx, 'news', [id]);

    const asScouter = (
      await t.app.inject({ url: `/api/news/${id}`, headers: scouter.headers })
    ).json();
    expect(asScouter.image_url).toMatch(/^\/media\/news\//);
    expect(asScouter.original_url).toMatch(
      new RegExp(`^/media/p/news/[0-9a-f]{32}\\.webp\\?exp=\\d+&scope=u${scouter.row.id}&sig=`),
    );
    const clean = await t.app.inject({ url: asScouter.original_url });
    expect(clean.statusCode).toBe(200);
    expect(await faceState(clean.rawPayload)).toBe('clear');
    expect(await faceState((await t.app.inject({ url: asScouter.image_url })).rawPayload)).toBe(
      'blurred',
    );

    // A member, a visitor: the public copy only; a URL signed for a member opens nothing.
    const member = await createUser(t.app, { role: 'usuario' });
    const asMember = (
      await t.app.inject({ url: `/api/news/${id}`, headers: member.headers })
    ).json();
    expect(asMember).not.toHaveProperty('original_url');
    expect((await t.app.inject({ url: `/api/news/${id}` })).json()).not.toHaveProperty(
      'original_url',
    );
    const key = (
      await t.app.ctx.db.kysely
        .selectFrom('news')
        .select('image_original_key')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).image_original_key as string;
    const forMember = t.app.ctx.mediaUrls.url(key, undefined, viewerScope(member.row.id));
    expect((await t.app.inject({ url: forMember })).statusCode).toBe(404);
    expect((await t.app.inject({ url: t.app.ctx.mediaUrls.url(key) })).statusCode).toBe(404);
  });

  it('deletes the private original with the item', async () => {
    const id = await createNewsWithImage();
    const row = await t.app.ctx.db.kysely
      .selectFrom('news')
      .select('image_original_key')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(await t.app.ctx.storage.read(row.image_original_key ?? '')).not.toBeNull();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/news/${id}`,
      headers: scouter.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(await t.app.ctx.storage.read(row.image_original_key ?? '')).toBeNull();
  });
});
