import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeGroupSetting } from '../db/group-settings.js';
import { paddedRegion } from '../media/face-blur.js';
import { buildTestApp, type TestApp } from '../test/build-app.js';
import { addFace, recordConsent } from '../test/consent-factories.js';
import { createUser, type TestUser } from '../test/factories.js';
import { createChild } from '../test/family-factories.js';
import { multipartParts } from '../test/images.js';
import { childrenChanged, facesChanged } from './face-changes.js';

/*
 * Public images under image consent (decision 085), on the bytes an anonymous visitor gets: a
 * news item's image with a child's face is blurred until 'Web pública' is granted, clear once it
 * is, blurred again when it is withdrawn; each change under a new URL, the old one a 404.
 */

const astronaut = readFileSync(
  fileURLToPath(new URL('../../../../fixtures/faces/astronaut.png', import.meta.url)),
);
/** The composed picture: the 512 px astronaut at (64, 64) on a 1024×640 field. */
const W = 1024;
const H = 640;
/** Around the astronaut's face in the 512 px picture (face-blur.test's box), placed at (64, 64). */
const FACE = {
  x: (64 + 0.33 * 512) / W,
  y: (64 + 0.1 * 512) / H,
  width: (0.25 * 512) / W,
  height: (0.3 * 512) / H,
};

/** A group-photo-like image: the astronaut on a smoothly shaded field. */
async function composed(): Promise<Buffer> {
  const stripes = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y += 1) {
    for (let x = 0; x < W; x += 1) {
      const v = Math.round((200 * x) / W);
      stripes.set([v, Math.round((200 * y) / H), 255 - v], (y * W + x) * 3);
    }
  }
  return sharp(stripes, { raw: { width: W, height: H, channels: 3 } })
    .composite([{ input: astronaut, left: 64, top: 64 }])
    .png()
    .toBuffer();
}

/** The inner half of the face box (all face), in whole pixels of a W×H image. */
const inner = paddedRegion(
  {
    x: FACE.x + FACE.width / 4,
    y: FACE.y + FACE.height / 4,
    width: FACE.width / 2,
    height: FACE.height / 2,
  },
  W,
  H,
);
/** Far from the face: the field's right part. */
const corner = { left: W - 200, top: H - 200, width: 150, height: 150 };

async function grey(image: Buffer, region: typeof inner): Promise<Buffer> {
  return sharp(image).greyscale().extract(region).raw().toBuffer();
}

function meanDifference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return sum / a.length;
}

/** The mean absolute difference between neighbours: how much detail a region holds. */
function detail(pixels: Buffer, width: number): number {
  let sum = 0;
  let n = 0;
  for (let i = 0; i + 1 < pixels.length; i += 1) {
    if ((i + 1) % width === 0) continue;
    sum += Math.abs((pixels[i] ?? 0) - (pixels[i + 1] ?? 0));
    n += 1;
  }
  return sum / n;
}

let t: TestApp;
let scouter: TestUser;
let original: Buffer;
beforeAll(async () => {
  t = await buildTestApp();
  scouter = await createUser(t.app, { role: 'scouter' });
  original = await composed();
});
afterAll(() => t.close());

async function createNewsWithImage(kind: 'news' | 'experiences' = 'news'): Promise<number> {
  const parts = [
    { name: 'title', value: 'Campamento de verano' },
    { name: 'description', value: 'Resumen breve' },
    kind === 'news'
      ? { name: 'content', value: 'Diez días en el Pirineo.' }
      : { name: 'category', value: 'campamento' },
    { field: 'image', filename: 'grupo.png', type: 'image/png', data: original },
  ];
  const body = multipartParts(parts);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${kind}`,
    headers: { ...scouter.headers, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  const json = res.json();
  return (json.news ?? json.experience).id;
}

/** What an anonymous visitor is given: the image's URL from the item, and its bytes. */
async function visitorImage(kind: 'news' | 'experiences', id: number) {
  const item = (await t.app.inject({ url: `/api/${kind}/${id}` })).json();
  const url: string = item.image_url ?? item.image;
  const res = await t.app.inject({ url });
  expect(res.statusCode).toBe(200);
  return { url, thumbUrl: (item.thumb_url ?? item.image_thumb) as string, bytes: res.rawPayload };
}

/** Whether `bytes` show the face blurred (no detail left, far from the original). */
async function faceState(bytes: Buffer): Promise<'blurred' | 'clear'> {
  const before = await grey(original, inner);
  const after = await grey(bytes, inner);
  // Away from the face, the picture is the original but for compression, whatever happens.
  expect(meanDifference(await grey(original, corner), await grey(bytes, corner))).toBeLessThan(3);
  if (detail(after, inner.width) < 1.5 && meanDifference(before, after) > 10) return 'blurred';
  expect(meanDifference(before, after)).toBeLessThan(4);
  return 'clear';
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
