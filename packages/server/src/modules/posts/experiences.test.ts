import { existsSync, readdirSync } from 'node:fs';
import { MSG, SERVER_ERRORS, SERVER_SUCCESS } from '@fogata/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStorage } from '../../media/storage/storage.js';
import { buildTestApp, type TestApp } from '../../test/build-app.js';
import { createExperience } from '../../test/content-factories.js';
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

/** The file behind a public media URL (`/media/experiences/….webp`). */
function fileOf(url: string): string {
  return storage().path(url.replace(/^\/media\//, ''));
}

/** The files stored in the public experiences folder now. */
function experienceFiles(): string[] {
  const dir = `${storage().localRoot}/experiences`;
  return existsSync(dir) ? readdirSync(dir) : [];
}

function image(data: Buffer, filename = 'imagen.png', type = 'image/png'): Part {
  return { field: 'image', filename, type, data };
}

type Texts = Partial<Record<'title' | 'description' | 'category', string>>;

function texts(values: Texts = {}): Part[] {
  const all = {
    title: 'Ruta del Cares',
    description: 'Doce kilómetros entre paredes de roca.',
    category: 'ruta',
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

const create = (parts: Part[], user?: TestUser | null) =>
  send('POST', '/api/experiences', parts, user);

async function createdExperience(values?: Texts, data?: Buffer) {
  const res = await create([...texts(values), image(data ?? (await pngImage()))]);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().experience;
}

describe('POST /api/experiences', () => {
  it('creates an experience with public display copy, thumbnail and placeholder', async () => {
    const res = await create([
      { name: 'title', value: '  Campamento de verano en Gredos ' },
      { name: 'description', value: 'Quince días junto a la laguna.' },
      { name: 'category', value: 'campamento' },
      image(await pngImage(1000, 3000)),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const { message, experience } = res.json();
    expect(message).toBe(SERVER_SUCCESS.experienceCreated);
    expect(experience).toEqual({
      id: expect.any(Number),
      title: 'Campamento de verano en Gredos',
      description: 'Quince días junto a la laguna.',
      category: 'campamento',
      image: expect.stringMatching(/^\/media\/experiences\/[0-9a-f]{32}\.webp$/),
      image_thumb: expect.stringMatching(/^\/media\/experiences\/[0-9a-f]{32}\.webp$/),
      image_placeholder: expect.stringMatching(/^data:image\/webp;base64,/),
      image_width: 640,
      image_height: 1920,
      created_at: expect.any(String),
      updated_at: experience.created_at,
      likes_count: 0,
      comments_count: 0,
      user_has_liked: false,
      // Its author reviews faces: the clean original too, signed for them (decision 085).
      original_url: expect.stringMatching(/^\/media\/p\/experiences\/[0-9a-f]{32}\.webp\?/),
    });

    const read = await t.app.inject({ url: `/api/experiences/${experience.id}` });
    expect(read.statusCode).toBe(200);
    const { original_url: _original, ...everyone } = experience;
    expect(read.json()).toEqual(everyone);

    const thumb = await t.app.inject({ url: experience.image_thumb });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([160, 480]);
    const display = await t.app.inject({ url: experience.image });
    expect(display.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('strips every metadata block (GPS included) from the stored variants', async () => {
    const experience = await createdExperience({}, await jpegWithGps());
    const variants = [
      (await t.app.inject({ url: experience.image })).rawPayload,
      (await t.app.inject({ url: experience.image_thumb })).rawPayload,
      Buffer.from(experience.image_placeholder.split(',')[1], 'base64'),
    ];
    for (const variant of variants) expect(await metadataTraces(variant)).toEqual([]);
  });

  it('takes each of the three categories and refuses any other with the spec message', async () => {
    for (const category of ['ruta', 'campamento', 'zona']) {
      expect((await createdExperience({ category })).category).toBe(category);
    }
    const png = await pngImage(60, 40);
    for (const category of ['all', 'Rutas', '', 'RUTA']) {
      const res = await create([...texts({ category }), image(png)]);
      expect(res.statusCode, category).toBe(400);
      expect(res.json()).toEqual({
        message: MSG.experienceCategoryInvalid,
        errors: [{ field: 'category', message: MSG.experienceCategoryInvalid }],
      });
    }
    const absent = await create([
      { name: 'title', value: 'Sin categoría' },
      { name: 'description', value: 'Algo' },
      image(png),
    ]);
    expect(absent.statusCode).toBe(400);
    expect(absent.json().message).toBe(MSG.experienceCategoryInvalid);
  });

  it('requires the image with the spec message', async () => {
    const res = await create(texts());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: MSG.experienceImageRequired,
      errors: [{ field: 'image', message: MSG.experienceImageRequired }],
    });
  });

  it('answers with the first field message, every field message in errors', async () => {
    const png = await pngImage(60, 40);
    const cases: [Texts, string][] = [
      [{ title: '   ' }, MSG.titleRequired],
      [{ title: 't'.repeat(151) }, MSG.contentTitleTooLong],
      [{ description: '' }, MSG.descriptionRequired],
      [{ description: 'd'.repeat(10_001) }, MSG.experienceDescriptionTooLong],
    ];
    for (const [values, message] of cases) {
      const res = await create([...texts(values), image(png)]);
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toEqual({
        message,
        errors: [{ field: Object.keys(values)[0], message }],
      });
    }
    const nothing = await create([]);
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toEqual({
      message: MSG.titleRequired,
      errors: [
        { field: 'title', message: MSG.titleRequired },
        { field: 'description', message: MSG.descriptionRequired },
        { field: 'category', message: MSG.experienceCategoryInvalid },
        { field: 'image', message: MSG.experienceImageRequired },
      ],
    });
    const atLimits = await create([
      ...texts({ title: 't'.repeat(150), description: 'd'.repeat(10_000) }),
      image(png),
    ]);
    expect(atLimits.statusCode, atLimits.body).toBe(201);
  });

  it('refuses an image that is not allowed, too big, unreadable or a pixel bomb; leaves nothing', async () => {
    const cases: [Part, number, string][] = [
      [image(Buffer.from('texto'), 'texto.png', 'image/png'), 415, MSG.imageUnsupported],
      [image(SVG_IMAGE, 'a.svg', 'image/svg+xml'), 415, MSG.imageUnsupported],
      [image(await truncatedJpeg(), 'roto.jpg', 'image/jpeg'), 400, SERVER_ERRORS.imageUnreadable],
      [image(await pngClaimingHugeSize()), 400, SERVER_ERRORS.imageTooManyPixels],
      [image(Buffer.alloc(26 * 1024 * 1024), 'g.jpg', 'image/jpeg'), 413, MSG.imageTooLarge],
    ];
    const before = (await t.app.inject({ url: '/api/experiences' })).json().length;
    const files = experienceFiles().length;
    for (const [part, status, message] of cases) {
      const res = await create([...texts(), part]);
      expect(res.statusCode, message).toBe(status);
      expect(res.json()).toEqual({ message });
    }
    expect((await t.app.inject({ url: '/api/experiences' })).json()).toHaveLength(before);
    expect(experienceFiles()).toHaveLength(files);
  });

  it('is for scouters and admins: 401 without a session, 403 for a usuario', async () => {
    const png = await pngImage(60, 40);
    const anonymous = await create([...texts(), image(png)], null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: SERVER_ERRORS.unauthenticated });
    const user = await create([...texts(), image(png)], usuario);
    expect(user.statusCode).toBe(403);
    expect(user.json()).toEqual({ message: SERVER_ERRORS.forbidden });
    expect((await create([...texts(), image(png)], admin)).statusCode).toBe(201);
  });
});

describe('PUT /api/experiences/:id', () => {
  it('edits texts and category and keeps the image when none is sent (multipart or JSON)', async () => {
    const created = await createdExperience();
    const res = await send('PUT', `/api/experiences/${created.id}`, [
      ...texts({ title: 'Zona de acampada del río', category: 'zona' }),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(SERVER_SUCCESS.experienceUpdated);
    expect(res.json().experience).toMatchObject({
      id: created.id,
      title: 'Zona de acampada del río',
      category: 'zona',
      image: created.image,
      image_thumb: created.image_thumb,
      created_at: created.created_at,
    });
    expect(existsSync(fileOf(created.image))).toBe(true);

    // A scouter may edit through the API too (decision 007); here by JSON, as an admin.
    const json = await t.app.inject({
      method: 'PUT',
      url: `/api/experiences/${created.id}`,
      headers: admin.headers,
      payload: { title: 'Por JSON', description: 'Otra', category: 'campamento' },
    });
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json().experience).toMatchObject({
      title: 'Por JSON',
      category: 'campamento',
      image: created.image,
    });

    const invalid = await send('PUT', `/api/experiences/${created.id}`, [
      ...texts({ category: 'excursion' }),
    ]);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe(MSG.experienceCategoryInvalid);
  });

  it('replaces the image with new keys and deletes the old files', async () => {
    const created = await createdExperience();
    const oldFiles = [fileOf(created.image), fileOf(created.image_thumb)];
    expect(oldFiles.every((f) => existsSync(f))).toBe(true);
    const res = await send('PUT', `/api/experiences/${created.id}`, [
      ...texts(),
      image(await pngImage(500, 400, '#8e44ad')),
    ]);
    expect(res.statusCode).toBe(200);
    const { experience } = res.json();
    expect(experience.image).not.toBe(created.image);
    expect([experience.image_width, experience.image_height]).toEqual([500, 400]);
    expect(oldFiles.some((f) => existsSync(f))).toBe(false);
    expect((await t.app.inject({ url: experience.image })).statusCode).toBe(200);
    expect((await t.app.inject({ url: created.image })).statusCode).toBe(404);
  });

  it('answers 404 for an experience that does not exist, storing no file', async () => {
    const files = experienceFiles().length;
    const res = await send('PUT', '/api/experiences/999999', [...texts(), image(await pngImage())]);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: SERVER_ERRORS.experienceNotFound });
    expect(experienceFiles()).toHaveLength(files);
  });

  it('is for scouters and admins', async () => {
    const created = await createExperience(t.app);
    const url = `/api/experiences/${created.id}`;
    expect((await send('PUT', url, texts(), null)).statusCode).toBe(401);
    const user = await send('PUT', url, texts(), usuario);
    expect(user.statusCode).toBe(403);
    expect(user.json()).toEqual({ message: SERVER_ERRORS.forbidden });
  });
});

describe('GET /api/experiences', () => {
  it('lists newest first, with counts and the requester’s own like', async () => {
    const separate = await buildTestApp();
    try {
      const app = separate.app;
      const ana = await createUser(app);
      const older = await createExperience(app, {
        category: 'zona',
        createdAt: '2030-01-01T00:00:00.000Z',
      });
      const newer = await createExperience(app, {
        category: 'campamento',
        createdAt: '2030-02-01T00:00:00.000Z',
      });
      await createLike(app, 'experience', older.id, ana.row.id);
      await createComment(app, 'experience', older.id, ana.row.id);
      await createComment(app, 'experience', older.id, ana.row.id);
      // Interactions on news with the same id do not count.
      await createLike(app, 'news', newer.id, ana.row.id);

      const anonymous = await app.inject({ url: '/api/experiences' });
      expect(anonymous.statusCode).toBe(200);
      expect(
        anonymous
          .json()
          .map(
            (e: {
              id: number;
              category: string;
              likes_count: number;
              comments_count: number;
              user_has_liked: boolean;
            }) => [e.id, e.category, e.likes_count, e.comments_count, e.user_has_liked],
          ),
      ).toEqual([
        [newer.id, 'campamento', 0, 0, false],
        [older.id, 'zona', 1, 2, false],
      ]);
      const asAna = (await app.inject({ url: '/api/experiences', headers: ana.headers })).json();
      expect(asAna.map((e: { user_has_liked: boolean }) => e.user_has_liked)).toEqual([
        false,
        true,
      ]);
    } finally {
      await separate.close();
    }
  });

  it('reads the list in the same number of queries for 1 item as for 30', async () => {
    const separate = await buildTestApp();
    try {
      const viewer = await createUser(separate.app);
      async function addExperiences(n: number) {
        for (let i = 0; i < n; i += 1) {
          const experience = await createExperience(separate.app);
          await createLike(separate.app, 'experience', experience.id, viewer.row.id);
          await createComment(separate.app, 'experience', experience.id, viewer.row.id);
        }
      }
      const read = () =>
        countQueries(separate.app, () =>
          separate.app.inject({ url: '/api/experiences', headers: viewer.headers }),
        );
      await addExperiences(1);
      const small = await read();
      await addExperiences(29);
      const large = await read();
      expect(small.result.json()).toHaveLength(1);
      expect(large.result.json()).toHaveLength(30);
      expect(
        large.result
          .json()
          .every(
            (e: { likes_count: number; comments_count: number; user_has_liked: boolean }) =>
              e.likes_count === 1 && e.comments_count === 1 && e.user_has_liked,
          ),
      ).toBe(true);
      expect(large.queries).toBe(small.queries);
      // The session's user, then the experiences with their counts.
      expect(large.queries).toBe(2);
    } finally {
      await separate.close();
    }
  });

  it('answers 404 with the Spanish message and 400 for a bad id', async () => {
    const missing = await t.app.inject({ url: '/api/experiences/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: SERVER_ERRORS.experienceNotFound });
    const bad = await t.app.inject({ url: '/api/experiences/0' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('ID inválido.');
  });
});

describe('DELETE /api/experiences/:id', () => {
  it('deletes the row, its files, likes and comments, and nothing of other content', async () => {
    const created = await createdExperience();
    const files = [fileOf(created.image), fileOf(created.image_thumb)];
    expect(files.every((f) => existsSync(f))).toBe(true);
    const fan = await createUser(t.app);
    await createLike(t.app, 'experience', created.id, fan.row.id);
    await createComment(t.app, 'experience', created.id, fan.row.id);
    const other = await createExperience(t.app);
    await createComment(t.app, 'experience', other.id, fan.row.id);
    await createComment(t.app, 'news', created.id, fan.row.id);

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/experiences/${created.id}`,
      headers: scouter.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: SERVER_SUCCESS.experienceDeleted });
    expect(files.filter((f) => existsSync(f))).toEqual([]);
    expect(await interactionRows(t.app, 'experience', [created.id])).toBe(0);
    expect(await interactionRows(t.app, 'experience', [other.id])).toBe(1);
    expect(await interactionRows(t.app, 'news', [created.id])).toBe(1);

    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/experiences/${created.id}`,
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: SERVER_ERRORS.experienceNotFound });
  });

  it('is for scouters and admins', async () => {
    const created = await createExperience(t.app);
    const url = `/api/experiences/${created.id}`;
    expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    const user = await t.app.inject({ method: 'DELETE', url, headers: usuario.headers });
    expect(user.statusCode).toBe(403);
    expect((await t.app.inject({ url })).statusCode).toBe(200);
  });
});

describe('likes and comments on experiences', () => {
  it('likes (201), refuses a second like (409), unlikes (200) and refuses a second unlike (404)', async () => {
    const experience = await createExperience(t.app);
    const url = `/api/experiences/${experience.id}/like`;
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    const like = await t.app.inject({ method: 'POST', url, headers: usuario.headers });
    expect(like.statusCode).toBe(201);
    expect(like.json()).toEqual({ likeCount: 1, userHasLiked: true });
    const again = await t.app.inject({ method: 'POST', url, headers: usuario.headers });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: SERVER_ERRORS.likeExists });
    const unlike = await t.app.inject({ method: 'DELETE', url, headers: usuario.headers });
    expect(unlike.statusCode).toBe(200);
    expect(unlike.json()).toEqual({ likeCount: 0, userHasLiked: false });
    const unlikeAgain = await t.app.inject({ method: 'DELETE', url, headers: usuario.headers });
    expect(unlikeAgain.statusCode).toBe(404);
    expect(unlikeAgain.json()).toEqual({ message: SERVER_ERRORS.likeMissing });
    const missing = await t.app.inject({
      method: 'DELETE',
      url: '/api/experiences/999999/like',
      headers: usuario.headers,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: SERVER_ERRORS.experienceNotFound });
  });

  it('comments: anyone reads, members write, the author, scouters and admins delete', async () => {
    const experience = await createExperience(t.app);
    const url = `/api/experiences/${experience.id}/comments`;
    const ana = await createUser(t.app, { name: 'Ana' });
    const ben = await createUser(t.app, { name: 'Ben' });
    const anonymousPost = await t.app.inject({
      method: 'POST',
      url,
      payload: { comment_text: 'Hola' },
    });
    expect(anonymousPost.statusCode).toBe(401);
    const added = await t.app.inject({
      method: 'POST',
      url,
      headers: ana.headers,
      payload: { comment_text: 'Volveremos el año que viene' },
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ author_name: 'Ana', can_delete: true });
    const list = await t.app.inject({ url });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject([
      { comment_text: 'Volveremos el año que viene', can_delete: false },
    ]);
    const asAdmin = await t.app.inject({ url, headers: admin.headers });
    expect(asAdmin.json()[0].can_delete).toBe(true);
    const read = await t.app.inject({ url: `/api/experiences/${experience.id}` });
    expect(read.json().comments_count).toBe(1);

    const commentUrl = `${url}/${added.json().id}`;
    const byOther = await t.app.inject({ method: 'DELETE', url: commentUrl, headers: ben.headers });
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json()).toEqual({ message: SERVER_ERRORS.forbidden });
    const byAdmin = await t.app.inject({
      method: 'DELETE',
      url: commentUrl,
      headers: admin.headers,
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toEqual({ message: SERVER_SUCCESS.commentDeleted });
    const gone = await t.app.inject({ method: 'DELETE', url: commentUrl, headers: ana.headers });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: SERVER_ERRORS.commentNotFound });

    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/experiences/999999/comments',
      headers: ana.headers,
      payload: { comment_text: 'Hola' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: SERVER_ERRORS.experienceNotFound });
  });
});
