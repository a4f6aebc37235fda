import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ASTRONAUT,
  AWAY,
  CAMERAMAN,
  groupPhoto,
  isBlurred,
  isClear,
} from '../../test/blur-pixels.js';
import { buildTestApp, type TestApp } from '../../test/build-app.js';
import { addFace, recordConsent } from '../../test/consent-factories.js';
import { postItemWithImage } from '../../test/content-factories.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createChild, unlinkGuardian } from '../../test/family-factories.js';
import { storedBytes } from '../../test/images.js';
import { childrenChanged, facesChanged } from './face-changes.js';

/*
 * A family's own copy of a public image (decision 100), on the bytes each viewer receives: a news
 * item's or an experience's group photo with two children, neither with 'Web pública'. A visitor
 * and a member with no child in it get the public copy, both faces blurred; the astronaut's
 * guardian gets a copy of their own, their child clear and the other still blurred, at a URL
 * signed for them that stops opening once they are no longer the child's guardian. On SQLite, and
 * on PostgreSQL with DATABASE_URL.
 */

let t: TestApp;
let scouter: TestUser;
let family: TestUser;
let member: TestUser;
let picture: Buffer;

beforeAll(async () => {
  t = await buildTestApp();
  scouter = await createUser(t.app, { role: 'scouter' });
  family = await createUser(t.app);
  member = await createUser(t.app);
  picture = await groupPhoto();
});
afterAll(() => t.close());

type Kind = 'news' | 'experiences';
const FIELDS = {
  news: { image: 'image_url', thumb: 'thumb_url' },
  experiences: { image: 'image', thumb: 'image_thumb' },
} as const;

const stored = (key: string) => storedBytes(t.app, key);

async function bytes(url: string): Promise<Buffer> {
  const res = await t.app.inject({ url });
  expect(res.statusCode, res.body).toBe(200);
  return res.rawPayload;
}

/** An item with the group photo, both faces assigned: the astronaut is `family`'s child. */
async function itemWithTwoChildren(kind: Kind) {
  const id = await postItemWithImage(t.app, scouter.headers, picture, { kind });
  const own = await createChild(t.app, { guardians: [family.row.id] });
  const other = await createChild(t.app);
  const faceKind = kind === 'news' ? 'news' : 'experience';
  const ref = kind === 'news' ? { newsId: id } : { experienceId: id };
  await addFace(t.app, ref, ASTRONAUT, { childId: own });
  await addFace(t.app, ref, CAMERAMAN, { childId: other });
  await facesChanged(t.app.ctx, faceKind, [id]);
  const row = await t.app.ctx.db.kysely
    .selectFrom(kind)
    .select('image_original_key')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { id, own, other, clean: await stored(row.image_original_key ?? '') };
}

/** The image URLs of item `id` as `user` (or a visitor) gets them, in its detail and its list. */
async function urlsFor(kind: Kind, id: number, user: TestUser | null) {
  const headers = user?.headers ?? {};
  const detail = (await t.app.inject({ url: `/api/${kind}/${id}`, headers })).json();
  const list = (await t.app.inject({ url: `/api/${kind}`, headers })).json();
  const inList = list.find((item: { id: number }) => item.id === id);
  const { image, thumb } = FIELDS[kind];
  expect(inList[image]).toBe(detail[image]);
  expect(inList[thumb]).toBe(detail[thumb]);
  return { image: detail[image] as string, thumb: detail[thumb] as string };
}

async function faces(received: Buffer, clean: Buffer) {
  expect(await isClear(received, clean, AWAY)).toBe(true);
  const state = async (box: typeof ASTRONAUT) =>
    (await isBlurred(received, clean, box))
      ? 'blurred'
      : (await isClear(received, clean, box))
        ? 'clear'
        : 'unclear';
  return { astronaut: await state(ASTRONAUT), camera: await state(CAMERAMAN) };
}

describe("a family's own copy of a public image", () => {
  for (const kind of ['news', 'experiences'] as const) {
    it(`${kind}: the guardian sees their child clear and the other blurred, at a URL of their own; a visitor and another member get the public copy`, async () => {
      const { id, clean } = await itemWithTwoChildren(kind);
      const visitor = await urlsFor(kind, id, null);
      expect(visitor.image).toMatch(/^\/media\/(news|experiences)\//);
      expect(await faces(await bytes(visitor.image), clean)).toEqual({
        astronaut: 'blurred',
        camera: 'blurred',
      });
      expect(await urlsFor(kind, id, member)).toEqual(visitor);

      const own = await urlsFor(kind, id, family);
      const folder = kind === 'news' ? 'news' : 'experience';
      expect(own.image).toMatch(
        new RegExp(
          `^/media/p/renditions/${folder}-${id}/[0-9a-f]{32}\\.webp\\?exp=\\d+&scope=u${family.row.id}&sig=`,
        ),
      );
      expect(await faces(await bytes(own.image), clean)).toEqual({
        astronaut: 'clear',
        camera: 'blurred',
      });
      expect((await t.app.inject({ url: own.thumb })).statusCode).toBe(200);
    });
  }

  it('stops opening once the family is no longer the guardian, and is not needed once the child has web consent', async () => {
    const { id, own: child, other, clean } = await itemWithTwoChildren('news');
    const own = await urlsFor('news', id, family);
    await bytes(own.image);
    await unlinkGuardian(t.app, family.row.id, child);
    await childrenChanged(t.app.ctx, [child]);
    expect((await t.app.inject({ url: own.image })).statusCode).toBe(404);
    expect((await t.app.inject({ url: own.thumb })).statusCode).toBe(404);
    const after = await urlsFor('news', id, family);
    expect(after).toEqual(await urlsFor('news', id, null));

    // Another family: consent for the web clears the child for everyone, so no copy of its own.
    const parent = await createUser(t.app);
    await t.app.ctx.db.kysely
      .insertInto('guardians')
      .values({ user_id: parent.row.id, child_id: other, created_at: new Date().toISOString() })
      .execute();
    await childrenChanged(t.app.ctx, [other]);
    const theirs = await urlsFor('news', id, parent);
    expect(theirs.image).toMatch(/^\/media\/p\/renditions\//);
    expect(await faces(await bytes(theirs.image), clean)).toEqual({
      astronaut: 'blurred',
      camera: 'clear',
    });
    await recordConsent(t.app, other, 'web', true);
    await childrenChanged(t.app.ctx, [other]);
    const public_ = await urlsFor('news', id, null);
    expect(await urlsFor('news', id, parent)).toEqual(public_);
    expect(await faces(await bytes(public_.image), clean)).toEqual({
      astronaut: 'blurred',
      camera: 'clear',
    });
    // A link of their own handed out before shows no more than they may see now.
    expect(await faces(await bytes(theirs.image), clean)).toEqual({
      astronaut: 'blurred',
      camera: 'clear',
    });
  });

  it("goes with the family's account: deleting it deletes their copies", async () => {
    const parent = await createUser(t.app);
    const { id, own: child } = await itemWithTwoChildren('news');
    await t.app.ctx.db.kysely
      .insertInto('guardians')
      .values({ user_id: parent.row.id, child_id: child, created_at: new Date().toISOString() })
      .execute();
    const theirs = await urlsFor('news', id, parent);
    await bytes(theirs.image);
    const copies = () =>
      t.app.ctx.db.kysely
        .selectFrom('image_renditions')
        .select(['image_key', 'thumb_key'])
        .where('kind', '=', 'news')
        .where('image_id', '=', id)
        .execute();
    const before = await copies();
    expect(before).toHaveLength(1);
    const admin = await createUser(t.app, { role: 'admin' });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${parent.row.id}`,
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await copies()).toEqual([]);
    expect(await t.app.ctx.storage.read(before[0]?.image_key ?? '')).toBeNull();
  });

  it('goes with its item: deleting the news item deletes the copies', async () => {
    const { id } = await itemWithTwoChildren('news');
    const own = await urlsFor('news', id, family);
    await bytes(own.image);
    const copies = await t.app.ctx.db.kysely
      .selectFrom('image_renditions')
      .select(['image_key', 'thumb_key'])
      .where('kind', '=', 'news')
      .where('image_id', '=', id)
      .execute();
    expect(copies).toHaveLength(1);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/news/${id}`,
      headers: scouter.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const key of [copies[0]?.image_key, copies[0]?.thumb_key]) {
      expect(await t.app.ctx.storage.read(key ?? '')).toBeNull();
    }
    expect((await t.app.inject({ url: own.image })).statusCode).toBe(404);
  });
});
