import { existsSync, readdirSync } from 'node:fs';
import { MSG, newsSummarySchema, SERVER_ERRORS, SERVER_SUCCESS } from '@fogata/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStorage } from '../../media/storage/storage.js';
import { buildTestApp, type TestApp } from '../../test/build-app.js';
import { createNews } from '../../test/content-factories.js';
import { createUser, type TestUser } from '../../test/factories.js';
import {
  countQueries,
  createComment,
  createLike,
  interactionRows,
} from '../../test/gallery-factories.js';
import {
  jpegWithGps,
  metadataTraces,
  multipartParts,
  type Part,
  phonePhoto,
  pngClaimingHugeSize,
  pngImage,
  SVG_IMAGE,
  truncatedJpeg,
} from '../../test/images.js';

let t: TestApp;
let scouter: TestUser;
let admin: TestUser;
let usuario: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  scouter = await createUser(t.app, { role: 'scouter' });
  admin = await createUser(t.app, { role: 'admin' });
  usuario = await createUser(t.app, { role: 'usuario' });
});
afterAll(() => t.close());

const storage = () => t.app.ctx.storage as LocalStorage;

/** The file behind a public media URL (`/media/news/….webp`). */
function fileOf(url: string): string {
  return storage().path(url.replace(/^\/media\//, ''));
}

/** The files stored in the public news folder now. */
function newsFiles(): string[] {
  const dir = `${storage().localRoot}/news`;
  return existsSync(dir) ? readdirSync(dir) : [];
}

function image(data: Buffer, filename = 'imagen.png', type = 'image/png'): Part {
  return { field: 'image', filename, type, data };
}

function texts(values: Partial<Record<'title' | 'description' | 'content', string>> = {}): Part[] {
  const all = {
    title: 'Salida a la sierra',
    description: 'Resumen breve',
    content: 'El sábado subimos a la sierra con la Tropa.',
    ...values,
  };
  return Object.entries(all).map(([name, value]) => ({ name, value }));
}

function send(method: 'POST' | 'PUT', url: string, parts: Part[], user: TestUser | null = scouter) {
  const body = multipartParts(parts);
  return t.app.inject({
    method,
    url,
    headers: { ...user?.headers, ...body.headers },
    payload: body.payload,
  });
}

const create = (parts: Part[], user?: TestUser | null) => send('POST', '/api/news', parts, user);

async function createdNews(values?: Parameters<typeof texts>[0], data?: Buffer) {
  const res = await create([...texts(values), image(data ?? (await pngImage()))]);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().news;
}

describe('POST /api/news', () => {
  it('creates a news item with public display copy, thumbnail and placeholder', async () => {
    const res = await create([
      { name: 'title', value: '  Campamento de Semana Santa  ' },
      { name: 'description', value: '  Cuatro días en Gredos ' },
      { name: 'content', value: 'Acampamos junto al río.' },
      image(await pngImage(2400, 1200)),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const { message, news } = res.json();
    expect(message).toBe(SERVER_SUCCESS.newsCreated);
    expect(news).toEqual({
      id: expect.any(Number),
      title: 'Campamento de Semana Santa',
      description: 'Cuatro días en Gredos',
      content: 'Acampamos junto al río.',
      image_url: expect.stringMatching(/^\/media\/news\/[0-9a-f]{32}\.webp$/),
      thumb_url: expect.stringMatching(/^\/media\/news\/[0-9a-f]{32}\.webp$/),
      placeholder: expect.stringMatching(/^data:image\/webp;base64,/),
      width: 1920,
      height: 960,
      created_at: expect.any(String),
      updated_at: news.created_at,
      likes_count: 0,
      comments_count: 0,
      user_has_liked: false,
      // Its author reviews faces: the clean original too, signed for them (decision 085).
      original_url: expect.stringMatching(/^\/media\/p\/news\/[0-9a-f]{32}\.webp\?/),
    });
    expect(news.thumb_url).not.toBe(news.image_url);

    // Anyone reads it, with no session (and no original).
    const read = await t.app.inject({ url: `/api/news/${news.id}` });
    expect(read.statusCode).toBe(200);
    const { original_url: _original, ...everyone } = news;
    expect(read.json()).toEqual(everyone);
  });

  it('serves the images publicly with long-lived immutable caching', async () => {
    const news = await createdNews();
    for (const [url, size] of [
      [news.image_url, [300, 200]],
      [news.thumb_url, [300, 200]],
    ] as const) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual(size);
    }
    const big = await createdNews({}, await pngImage(1000, 2000));
    const thumb = await t.app.inject({ url: big.thumb_url });
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([240, 480]);
  });

  it('strips every metadata block (GPS included) from the stored variants', async () => {
    for (const photo of [await jpegWithGps(), await phonePhoto()]) {
      const news = await createdNews({}, photo);
      const variants = [
        (await t.app.inject({ url: news.image_url })).rawPayload,
        (await t.app.inject({ url: news.thumb_url })).rawPayload,
        Buffer.from(news.placeholder.split(',')[1], 'base64'),
      ];
      for (const variant of variants) expect(await metadataTraces(variant)).toEqual([]);
    }
    // The phone photo was stored sideways: orientation applied.
    const upright = await createdNews({}, await phonePhoto());
    expect([upright.width, upright.height]).toEqual([480, 640]);
  });

  it('answers a missing text with «Faltan datos obligatorios» and the field messages', async () => {
    const png = await pngImage(60, 40);
    const noTitle = await create([...texts({ title: '   ' }), image(png)]);
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json()).toEqual({
      message: MSG.missingRequiredData,
      errors: [{ field: 'title', message: MSG.titleRequired }],
    });

    const absent = await create([{ name: 'title', value: 'Solo título' }, image(png)]);
    expect(absent.statusCode).toBe(400);
    expect(absent.json()).toEqual({
      message: MSG.missingRequiredData,
      errors: [
        { field: 'description', message: MSG.descriptionRequired },
        { field: 'content', message: MSG.newsContentRequired },
      ],
    });

    const nothing = await create([]);
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toEqual({
      message: MSG.missingRequiredData,
      errors: [
        { field: 'title', message: MSG.titleRequired },
        { field: 'description', message: MSG.descriptionRequired },
        { field: 'content', message: MSG.newsContentRequired },
        { field: 'image', message: MSG.imageRequired },
      ],
    });
  });

  it('requires the image on create with the spec message', async () => {
    const res = await create(texts());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: MSG.imageRequired,
      errors: [{ field: 'image', message: MSG.imageRequired }],
    });
    // JSON cannot carry the image: the same answer.
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/news',
      headers: scouter.headers,
      payload: { title: 'A', description: 'B', content: 'C' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(MSG.imageRequired);
  });

  it('answers a text too long with its own message, and accepts the limits exactly', async () => {
    const png = await pngImage(60, 40);
    const cases: [Parameters<typeof texts>[0], string][] = [
      [{ title: 't'.repeat(151) }, MSG.contentTitleTooLong],
      [{ description: 'd'.repeat(301) }, MSG.newsSummaryTooLong],
      [{ content: 'c'.repeat(20_001) }, MSG.newsContentTooLong],
    ];
    for (const [values, message] of cases) {
      const res = await create([...texts(values), image(png)]);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
      expect(res.json().errors).toEqual([{ field: Object.keys(values!)[0], message }]);
    }
    const atLimits = await create([
      ...texts({
        title: 't'.repeat(150),
        description: 'd'.repeat(300),
        content: 'c'.repeat(20_000),
      }),
      image(png),
    ]);
    expect(atLimits.statusCode, atLimits.body).toBe(201);
  });

  it('takes the full content in any script (20000 characters of 3 bytes each)', async () => {
    const res = await create([
      ...texts({ content: '漢'.repeat(20_000) }),
      image(await pngImage(60, 40)),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().news.content).toHaveLength(20_000);
  });

  it('treats an empty file input as no image, and refuses two images', async () => {
    const empty = await create([
      ...texts(),
      image(Buffer.alloc(0), '', 'application/octet-stream'),
    ]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(MSG.imageRequired);
    const png = await pngImage(60, 40);
    const two = await create([...texts(), image(png), image(png, 'otra.png')]);
    expect(two.statusCode).toBe(400);
    expect(two.json()).toEqual({ message: SERVER_ERRORS.tooManyFiles });
  });

  it('refuses an image that is not allowed, too big, unreadable or a pixel bomb; leaves nothing', async () => {
    const cases: [Part, number, string][] = [
      [image(Buffer.from('texto'), 'texto.jpg', 'image/jpeg'), 415, MSG.imageUnsupported],
      [image(SVG_IMAGE, 'a.svg', 'image/svg+xml'), 415, MSG.imageUnsupported],
      [image(await truncatedJpeg(), 'roto.jpg', 'image/jpeg'), 400, SERVER_ERRORS.imageUnreadable],
      [image(await pngClaimingHugeSize()), 400, SERVER_ERRORS.imageTooManyPixels],
      [image(Buffer.alloc(26 * 1024 * 1024), 'g.jpg', 'image/jpeg'), 413, MSG.imageTooLarge],
    ];
    const before = (await t.app.inject({ url: '/api/news' })).json().length;
    const files = newsFiles().length;
    for (const [part, status, message] of cases) {
      const res = await create([...texts(), part]);
      expect(res.statusCode, message).toBe(status);
      expect(res.json()).toEqual({ message });
    }
    expect((await t.app.inject({ url: '/api/news' })).json()).toHaveLength(before);
    expect(newsFiles()).toHaveLength(files);
  });

  it('is for scouters and admins: 401 without a session, 403 for a usuario', async () => {
    const png = await pngImage(60, 40);
    const anonymous = await create([...texts(), image(png)], null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: SERVER_ERRORS.unauthenticated });
    const user = await create([...texts(), image(png)], usuario);
    expect(user.statusCode).toBe(403);
    expect(user.json()).toEqual({ message: SERVER_ERRORS.forbidden });
    const byAdmin = await create([...texts(), image(png)], admin);
    expect(byAdmin.statusCode).toBe(201);
  });
});

describe('PUT /api/news/:id', () => {
  it('edits the texts and keeps the image when none is sent (multipart or JSON)', async () => {
    const created = await createdNews();
    const res = await send('PUT', `/api/news/${created.id}`, texts({ title: 'Nuevo título' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(SERVER_SUCCESS.newsUpdated);
    expect(res.json().news).toMatchObject({
      id: created.id,
      title: 'Nuevo título',
      image_url: created.image_url,
      thumb_url: created.thumb_url,
      created_at: created.created_at,
    });
    expect(existsSync(fileOf(created.image_url))).toBe(true);

    const json = await t.app.inject({
      method: 'PUT',
      url: `/api/news/${created.id}`,
      headers: admin.headers,
      payload: { title: 'Por JSON', description: 'Otro resumen', content: 'Otro texto' },
    });
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json().news).toMatchObject({
      title: 'Por JSON',
      description: 'Otro resumen',
      content: 'Otro texto',
      image_url: created.image_url,
    });
  });

  it('validates like create, without requiring the image', async () => {
    const created = await createdNews();
    const missing = await send('PUT', `/api/news/${created.id}`, texts({ content: ' ' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      message: MSG.missingRequiredData,
      errors: [{ field: 'content', message: MSG.newsContentRequired }],
    });
    // A JSON null is a missing text too.
    const nulled = await t.app.inject({
      method: 'PUT',
      url: `/api/news/${created.id}`,
      headers: admin.headers,
      payload: { title: 'Título', description: 'Resumen', content: null },
    });
    expect(nulled.statusCode).toBe(400);
    expect(nulled.json()).toEqual({
      message: MSG.missingRequiredData,
      errors: [{ field: 'content', message: MSG.newsContentRequired }],
    });
    const long = await send('PUT', `/api/news/${created.id}`, texts({ title: 'x'.repeat(151) }));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(MSG.contentTitleTooLong);
    const bad = await send('PUT', `/api/news/${created.id}`, [
      ...texts(),
      image(SVG_IMAGE, 'a.svg', 'image/svg+xml'),
    ]);
    expect(bad.statusCode).toBe(415);
    expect(bad.json()).toEqual({ message: MSG.imageUnsupported });
    const still = await t.app.inject({ url: `/api/news/${created.id}` });
    expect(still.json()).toMatchObject({ title: created.title, image_url: created.image_url });
  });

  it('replaces the image with new keys and deletes the old files', async () => {
    const created = await createdNews();
    const oldFiles = [fileOf(created.image_url), fileOf(created.thumb_url)];
    expect(oldFiles.every((f) => existsSync(f))).toBe(true);
    const res = await send('PUT', `/api/news/${created.id}`, [
      ...texts(),
      image(await pngImage(800, 800, '#16a085')),
    ]);
    expect(res.statusCode).toBe(200);
    const { news } = res.json();
    expect(news.image_url).not.toBe(created.image_url);
    expect(news.thumb_url).not.toBe(created.thumb_url);
    expect([news.width, news.height]).toEqual([800, 800]);
    expect(oldFiles.some((f) => existsSync(f))).toBe(false);
    expect(existsSync(fileOf(news.image_url))).toBe(true);
    expect((await t.app.inject({ url: created.image_url })).statusCode).toBe(404);
    expect((await t.app.inject({ url: news.image_url })).statusCode).toBe(200);
  });

  it('answers 404 for a news item that does not exist, storing no file', async () => {
    const files = newsFiles().length;
    const res = await send('PUT', '/api/news/999999', [...texts(), image(await pngImage())]);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: SERVER_ERRORS.newsNotFound });
    expect(newsFiles()).toHaveLength(files);
  });

  it('is for scouters and admins', async () => {
    const created = await createNews(t.app);
    const anonymous = await send('PUT', `/api/news/${created.id}`, texts(), null);
    expect(anonymous.statusCode).toBe(401);
    const user = await send('PUT', `/api/news/${created.id}`, texts(), usuario);
    expect(user.statusCode).toBe(403);
    expect(user.json()).toEqual({ message: SERVER_ERRORS.forbidden });
  });
});

describe('GET /api/news', () => {
  it('lists newest first, with counts and the requester’s own like', async () => {
    const separate = await buildTestApp();
    try {
      const app = separate.app;
      const ana = await createUser(app);
      const ben = await createUser(app);
      const older = await createNews(app, { createdAt: '2030-01-01T00:00:00.000Z' });
      const newest = await createNews(app, { createdAt: '2030-03-01T00:00:00.000Z' });
      const middle = await createNews(app, { createdAt: '2030-02-01T00:00:00.000Z' });
      await createLike(app, 'news', newest.id, ana.row.id);
      await createLike(app, 'news', newest.id, ben.row.id);
      await createLike(app, 'news', middle.id, ben.row.id);
      await createComment(app, 'news', newest.id, ana.row.id);
      // Likes and comments on a photo or an experience with the same id do not count.
      await createLike(app, 'photo', older.id, ana.row.id);
      await createComment(app, 'experience', older.id, ana.row.id);

      const anonymous = await app.inject({ url: '/api/news' });
      expect(anonymous.statusCode).toBe(200);
      const list = anonymous.json();
      expect(list.map((n: { id: number }) => n.id)).toEqual([newest.id, middle.id, older.id]);
      expect(
        list.map((n: { likes_count: number; comments_count: number; user_has_liked: boolean }) => [
          n.likes_count,
          n.comments_count,
          n.user_has_liked,
        ]),
      ).toEqual([
        [2, 1, false],
        [1, 0, false],
        [0, 0, false],
      ]);
      expect(list[0].image_url).toMatch(/^\/media\/news\//);

      const asAna = (await app.inject({ url: '/api/news', headers: ana.headers })).json();
      expect(asAna.map((n: { user_has_liked: boolean }) => n.user_has_liked)).toEqual([
        true,
        false,
        false,
      ]);
      // The list leaves out the full text; the item itself carries it.
      expect(Object.keys(list[0]).sort()).toEqual(Object.keys(newsSummarySchema.shape).sort());
      expect(list[0]).not.toHaveProperty('content');
      const one = await app.inject({ url: `/api/news/${middle.id}`, headers: ben.headers });
      expect(one.json()).toMatchObject({ likes_count: 1, user_has_liked: true });
      expect(one.json().content).toEqual(expect.any(String));
      expect(one.json().content.length).toBeGreaterThan(0);

      const limited = await app.inject({ url: '/api/news?limit=2' });
      expect(limited.statusCode).toBe(200);
      expect(limited.json().map((n: { id: number }) => n.id)).toEqual([newest.id, middle.id]);
      const all = await app.inject({ url: '/api/news?limit=100' });
      expect(all.json()).toHaveLength(3);
    } finally {
      await separate.close();
    }
  });

  it('refuses a limit outside 1–100 with a Spanish 400', async () => {
    for (const limit of ['0', '101', 'tres', '1.5']) {
      const res = await t.app.inject({ url: `/api/news?limit=${limit}` });
      expect(res.statusCode, limit).toBe(400);
      const body = res.json();
      expect(body.errors[0].field).toBe('limit');
      expect(body.message).toBe(body.errors[0].message);
      expect(body.message).not.toMatch(/expected|number|too (small|big)/i);
    }
  });

  it('reads the list in the same number of queries for 1 item as for 30', async () => {
    const separate = await buildTestApp();
    try {
      const viewer = await createUser(separate.app);
      async function addNews(n: number) {
        for (let i = 0; i < n; i += 1) {
          const news = await createNews(separate.app);
          await createLike(separate.app, 'news', news.id, viewer.row.id);
          await createComment(separate.app, 'news', news.id, viewer.row.id);
        }
      }
      const read = () =>
        countQueries(separate.app, () =>
          separate.app.inject({ url: '/api/news', headers: viewer.headers }),
        );
      await addNews(1);
      const small = await read();
      await addNews(29);
      const large = await read();
      expect(small.result.json()).toHaveLength(1);
      expect(large.result.json()).toHaveLength(30);
      expect(
        large.result
          .json()
          .every(
            (n: { likes_count: number; comments_count: number; user_has_liked: boolean }) =>
              n.likes_count === 1 && n.comments_count === 1 && n.user_has_liked,
          ),
      ).toBe(true);
      expect(large.queries).toBe(small.queries);
      // The session's user, then the news with their counts.
      expect(large.queries).toBe(2);
      const anonymous = await countQueries(separate.app, () =>
        separate.app.inject({ url: '/api/news' }),
      );
      expect(anonymous.queries).toBe(1);
    } finally {
      await separate.close();
    }
  });

  it('answers 404 with the Spanish message, 400 for a bad id, 401 for a bad token', async () => {
    const missing = await t.app.inject({ url: '/api/news/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: SERVER_ERRORS.newsNotFound });
    const bad = await t.app.inject({ url: '/api/news/abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('ID inválido.');
    const badToken = await t.app.inject({
      url: '/api/news',
      headers: { authorization: 'Bearer no-vale' },
    });
    expect(badToken.statusCode).toBe(401);
    expect(badToken.json()).toEqual({ message: SERVER_ERRORS.invalidToken });
  });
});

describe('DELETE /api/news/:id', () => {
  it('deletes the row, its files, likes and comments, and nothing of other content', async () => {
    const created = await createdNews();
    const files = [fileOf(created.image_url), fileOf(created.thumb_url)];
    expect(files.every((f) => existsSync(f))).toBe(true);
    const fan = await createUser(t.app);
    await createLike(t.app, 'news', created.id, fan.row.id);
    await createComment(t.app, 'news', created.id, fan.row.id);
    const other = await createNews(t.app);
    await createLike(t.app, 'news', other.id, fan.row.id);
    // A photo-type row with the same id survives.
    await createLike(t.app, 'photo', created.id, fan.row.id);

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/news/${created.id}`,
      headers: scouter.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: SERVER_SUCCESS.newsDeleted });
    expect(files.filter((f) => existsSync(f))).toEqual([]);
    expect(await interactionRows(t.app, 'news', [created.id])).toBe(0);
    expect(await interactionRows(t.app, 'news', [other.id])).toBe(1);
    expect(await interactionRows(t.app, 'photo', [created.id])).toBe(1);

    const read = await t.app.inject({ url: `/api/news/${created.id}` });
    expect(read.statusCode).toBe(404);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/news/${created.id}`,
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: SERVER_ERRORS.newsNotFound });
  });

  it('is for scouters and admins', async () => {
    const created = await createNews(t.app);
    const url = `/api/news/${created.id}`;
    expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    const user = await t.app.inject({ method: 'DELETE', url, headers: usuario.headers });
    expect(user.statusCode).toBe(403);
    expect(user.json()).toEqual({ message: SERVER_ERRORS.forbidden });
    expect((await t.app.inject({ url })).statusCode).toBe(200);
  });
});

describe('likes and comments on news', () => {
  it('likes (201), refuses a second like (409), unlikes (200) and refuses a second unlike (404)', async () => {
    const news = await createNews(t.app);
    const url = `/api/news/${news.id}/like`;
    const anonymous = await t.app.inject({ method: 'POST', url });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: SERVER_ERRORS.unauthenticated });

    const like = await t.app.inject({ method: 'POST', url, headers: usuario.headers });
    expect(like.statusCode).toBe(201);
    expect(like.json()).toEqual({ likeCount: 1, userHasLiked: true });
    const again = await t.app.inject({ method: 'POST', url, headers: usuario.headers });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: SERVER_ERRORS.likeExists });
    const read = await t.app.inject({ url: `/api/news/${news.id}`, headers: usuario.headers });
    expect(read.json()).toMatchObject({ likes_count: 1, user_has_liked: true });

    const unlike = await t.app.inject({ method: 'DELETE', url, headers: usuario.headers });
    expect(unlike.statusCode).toBe(200);
    expect(unlike.json()).toEqual({ likeCount: 0, userHasLiked: false });
    const unlikeAgain = await t.app.inject({ method: 'DELETE', url, headers: usuario.headers });
    expect(unlikeAgain.statusCode).toBe(404);
    expect(unlikeAgain.json()).toEqual({ message: SERVER_ERRORS.likeMissing });

    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/news/999999/like',
      headers: usuario.headers,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: SERVER_ERRORS.newsNotFound });
  });

  it('comments: anyone reads, members write, the author, scouters and admins delete', async () => {
    const news = await createNews(t.app);
    const url = `/api/news/${news.id}/comments`;
    const ana = await createUser(t.app, { name: 'Ana' });
    const ben = await createUser(t.app, { name: 'Ben' });

    const anonymousPost = await t.app.inject({
      method: 'POST',
      url,
      payload: { comment_text: 'Hola' },
    });
    expect(anonymousPost.statusCode).toBe(401);
    const empty = await t.app.inject({
      method: 'POST',
      url,
      headers: ana.headers,
      payload: { comment_text: '   ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(MSG.commentEmpty);

    const added = await t.app.inject({
      method: 'POST',
      url,
      headers: ana.headers,
      payload: { comment_text: '¡Qué buena salida!' },
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      author_name: 'Ana',
      comment_text: '¡Qué buena salida!',
      can_delete: true,
    });
    const second = await t.app.inject({
      method: 'POST',
      url,
      headers: ben.headers,
      payload: { comment_text: 'Yo también fui' },
    });
    expect(second.statusCode).toBe(201);

    const list = await t.app.inject({ url });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((c: { comment_text: string }) => c.comment_text)).toEqual([
      'Yo también fui',
      '¡Qué buena salida!',
    ]);
    expect(list.json().every((c: { can_delete: boolean }) => !c.can_delete)).toBe(true);
    const read = await t.app.inject({ url: `/api/news/${news.id}` });
    expect(read.json().comments_count).toBe(2);

    const byOther = await t.app.inject({
      method: 'DELETE',
      url: `${url}/${added.json().id}`,
      headers: ben.headers,
    });
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json()).toEqual({ message: SERVER_ERRORS.forbidden });
    const own = await t.app.inject({
      method: 'DELETE',
      url: `${url}/${added.json().id}`,
      headers: ana.headers,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ message: SERVER_SUCCESS.commentDeleted });
    const byScouter = await t.app.inject({
      method: 'DELETE',
      url: `${url}/${second.json().id}`,
      headers: scouter.headers,
    });
    expect(byScouter.statusCode).toBe(200);
    expect((await t.app.inject({ url })).json()).toEqual([]);

    const missing = await t.app.inject({ url: '/api/news/999999/comments' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: SERVER_ERRORS.newsNotFound });
  });
});

describe('/api/docs', () => {
  it('documents the news and experience routes in Spanish', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    for (const path of [
      '/api/news',
      '/api/news/{id}',
      '/api/news/{id}/like',
      '/api/news/{id}/comments',
      '/api/experiences',
      '/api/experiences/{id}',
      '/api/experiences/{id}/comments/{commentId}',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    expect(doc.paths['/api/news'].get.tags).toEqual(['noticias']);
    expect(doc.paths['/api/news'].get.description).toMatch(
      /^Todas las noticias, las más recientes/,
    );
    expect(doc.paths['/api/news'].post.description).toContain('Faltan datos obligatorios');
    expect(doc.paths['/api/experiences'].post.description).toContain('ruta, campamento, zona');
    expect(doc.paths['/api/experiences/{id}'].delete.description).toBe(
      'Borra la experiencia, su imagen, sus me gusta y sus comentarios.',
    );
  });
});

describe('comment authors as an anonymous visitor sees them (decision 012)', () => {
  it('shows the first name only and no picture; a member sees the full name and picture', async () => {
    const news = await createNews(t.app);
    const url = `/api/news/${news.id}/comments`;
    const author = await createUser(t.app, { name: 'Lucía Fernández Ruiz' });
    await t.app.ctx.db.kysely
      .updateTable('users')
      .set({ avatar_key: 'avatars/0123456789abcdef0123456789abcdef.webp' })
      .where('id', '=', author.row.id)
      .execute();
    const posted = await t.app.inject({
      method: 'POST',
      url,
      headers: author.headers,
      payload: { comment_text: 'Fue un campamento precioso.' },
    });
    expect(posted.statusCode).toBe(201);

    const anonymous = await t.app.inject({ url });
    expect(anonymous.json()).toEqual([
      expect.objectContaining({ author_name: 'Lucía', author_avatar: null }),
    ]);
    expect(anonymous.body).not.toContain('Fernández');
    expect(anonymous.body).not.toContain('avatars/');

    const member = await t.app.inject({ url, headers: usuario.headers });
    expect(member.json()).toEqual([
      expect.objectContaining({
        author_name: 'Lucía Fernández Ruiz',
        author_avatar: '/media/avatars/0123456789abcdef0123456789abcdef.webp',
      }),
    ]);
  });
});
