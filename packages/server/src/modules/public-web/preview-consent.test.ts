import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childrenChanged, facesChanged } from '../../media/renditions/face-changes.js';
import { TEST_PUBLIC_URL, type TestApp } from '../../test/build-app.js';
import { addFace, recordConsent } from '../../test/consent-factories.js';
import { postItemWithImage } from '../../test/content-factories.js';
import { COMPOSED_FACE, composedFacePicture, faceStateIn } from '../../test/face-pixels.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createChild } from '../../test/family-factories.js';
import { buildPublicWebApp, one, readHead } from '../../test/public-head.js';

/*
 * A shared link's preview under image consent (decision 116), on the bytes a link-preview bot
 * gets: the news item's page names as og:image a copy of the public image — a child without
 * 'Web pública' blurred, clear once it is given, blurred again when it is withdrawn — and a
 * preview URL stops serving when its copy is replaced.
 */

const BOTS = [
  'WhatsApp/2.23.20.0 A',
  'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  'TelegramBot (like TwitterBot)',
];

let t: TestApp;
let scouter: TestUser;
let original: Buffer;

beforeAll(async () => {
  t = await buildPublicWebApp();
  scouter = await createUser(t.app, { role: 'scouter' });
  original = await composedFacePicture();
});

afterAll(() => t?.close());

/**
 * What each preview bot gets for the news item's page: its title, description and image, the
 * same for all of them; and the image's bytes, checked against the size the head gives.
 */
async function preview(id: number) {
  const seen = new Set<string>();
  let found: { title?: string; description?: string; image: string } | null = null;
  for (const agent of BOTS) {
    const res = await t.app.inject({ url: `/news/${id}`, headers: { 'user-agent': agent } });
    expect(res.statusCode, agent).toBe(200);
    const head = readHead(res.body);
    found = {
      title: one(head, 'og:title'),
      description: one(head, 'og:description'),
      image: one(head, 'og:image') ?? '',
    };
    seen.add(JSON.stringify([head.titles, head.meta]));
  }
  expect(seen.size).toBe(1);
  const { image } = found!;
  expect(image.startsWith(`${TEST_PUBLIC_URL}/og/news/`)).toBe(true);
  const res = await t.app.inject({
    url: image.slice(TEST_PUBLIC_URL.length),
    headers: { 'user-agent': BOTS[0]! },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('image/jpeg');
  const head = readHead(
    (await t.app.inject({ url: `/news/${id}`, headers: { 'user-agent': BOTS[0]! } })).body,
  );
  const meta = await sharp(res.rawPayload).metadata();
  expect(meta.format).toBe('jpeg');
  expect([String(meta.width), String(meta.height)]).toEqual([
    one(head, 'og:image:width'),
    one(head, 'og:image:height'),
  ]);
  return { ...found!, path: image.slice(TEST_PUBLIC_URL.length), bytes: res.rawPayload };
}

/** Whether `bytes` show the face blurred or clear; away from it, the original. */
async function faceState(bytes: Buffer): Promise<'blurred' | 'clear' | 'unclear'> {
  const found = await faceStateIn(original, bytes);
  expect(found.far).toBeLessThan(3);
  return found.state;
}

describe("a shared link's preview under image consent", () => {
  it("shows a child's face only as 'Web pública' allows, and a replaced copy's URL stops serving", async () => {
    const id = await postItemWithImage(t.app, scouter.headers, original, {
      description: 'Diez días en el Pirineo con la Tropa.',
    });
    const first = await preview(id);
    expect(first.title).toBe('Campamento de verano');
    expect(first.description).toBe('Diez días en el Pirineo con la Tropa.');
    // No face known yet: the public copy as uploaded.
    expect(await faceState(first.bytes)).toBe('clear');

    // A child of the group, whose family has not allowed 'Web pública'.
    const child = await createChild(t.app);
    await addFace(t.app, { newsId: id }, COMPOSED_FACE, { childId: child });
    await facesChanged(t.app.ctx, 'news', [id]);
    const blurred = await preview(id);
    expect(blurred.image).not.toBe(first.image);
    expect(await faceState(blurred.bytes)).toBe('blurred');
    expect((await t.app.inject({ url: first.path })).statusCode).toBe(404);
    // The preview is the public copy a visitor gets, not a clearer one.
    const visitor = (await t.app.inject({ url: `/api/news/${id}` })).json();
    expect(blurred.image).toBe(
      `${TEST_PUBLIC_URL}/og/${visitor.image_url.slice('/media/'.length).replace(/\.webp$/, '.jpg')}`,
    );

    // Given: clear, under a new URL.
    await recordConsent(t.app, child, 'web', true);
    await childrenChanged(t.app.ctx, [child]);
    const clear = await preview(id);
    expect(clear.image).not.toBe(blurred.image);
    expect(await faceState(clear.bytes)).toBe('clear');
    expect((await t.app.inject({ url: blurred.path })).statusCode).toBe(404);

    // Withdrawn: the head names the blurred copy at once, and the clear one stops serving.
    await recordConsent(t.app, child, 'web', false);
    await childrenChanged(t.app.ctx, [child]);
    const again = await preview(id);
    expect(again.image).not.toBe(clear.image);
    expect(await faceState(again.bytes)).toBe('blurred');
    expect((await t.app.inject({ url: clear.path })).statusCode).toBe(404);
    // Nor does the feed name the clear copy any more.
    const feed = (await t.app.inject({ url: '/feed.xml' })).body;
    expect(feed).toContain(again.image);
    expect(feed).not.toContain(clear.image);
  });
});
