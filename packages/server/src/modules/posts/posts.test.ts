import { existsSync, readdirSync } from 'node:fs';
import { MSG, newsSummarySchema, SERVER_ERRORS, SERVER_SUCCESS } from '@fogata/shared';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FaceVisibility } from '../../access/face-visibility.js';
import type { InteractionTarget } from '../../db/schema.js';
import { UnavailableError } from '../../lib/unavailable.js';
import type { LocalStorage } from '../../media/storage/storage.js';
import { buildTestApp, type TestApp } from '../../test/build-app.js';
import { createExperience, createNews } from '../../test/content-factories.js';
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

/** A list item's id and counts. */
type Counted = { id: number; likes_count: number; comments_count: number; user_has_liked: boolean };

/**
 * What the tests of both kinds need to know of each: where it is, what its fields and messages
 * are called, valid texts for a form, and how to put one in the database directly.
 */
interface Kind {
  name: string;
  url: string;
  /** The public media folder of its images. */
  folder: string;
  /** The field of a create or update answer that holds the post. */
  result: 'news' | 'experience';
  /** How likes and comments name it, and the other kind (whose rows must not count). */
  target: InteractionTarget;
  other: InteractionTarget;
  /** The API's names of its image fields. */
  image: 'image_url' | 'image';
  thumb: 'thumb_url' | 'image_thumb';
  placeholder: 'placeholder' | 'image_placeholder';
  width: 'width' | 'image_width';
  height: 'height' | 'image_height';
  /** A valid form; an edit of it by multipart; another by JSON. */
  form: Record<string, string>;
  edit: Record<string, string>;
  json: Record<string, string>;
  add: (app: TestApp['app'], opts?: { createdAt?: string }) => Promise<{ id: number }>;
  messages: {
    created: string;
    updated: string;
    deleted: string;
    notFound: string;
    imageRequired: string;
  };
}

const NEWS: Kind = {
  name: 'news',
  url: '/api/news',
  folder: 'news',
  result: 'news',
  target: 'news',
  other: 'experience',
  image: 'image_url',
  thumb: 'thumb_url',
  placeholder: 'placeholder',
  width: 'width',
  height: 'height',
  form: {
    title: 'Salida a la sierra',
    description: 'Resumen breve',
    content: 'El sábado subimos a la sierra con la Tropa.',
  },
  edit: { title: 'Nuevo título' },
  json: { title: 'Por JSON', description: 'Otro resumen', content: 'Otro texto' },
  add: createNews,
  messages: {
    created: SERVER_SUCCESS.newsCreated,
    updated: SERVER_SUCCESS.newsUpdated,
    deleted: SERVER_SUCCESS.newsDeleted,
    notFound: SERVER_ERRORS.newsNotFound,
    imageRequired: MSG.imageRequired,
  },
};

const EXPERIENCES: Kind = {
  name: 'experiences',
  url: '/api/experiences',
  folder: 'experiences',
  result: 'experience',
  target: 'experience',
  other: 'news',
  image: 'image',
  thumb: 'image_thumb',
  placeholder: 'image_placeholder',
  width: 'image_width',
  height: 'image_height',
  form: {
    title: 'Ruta del Cares',
    description: 'Doce kilómetros entre paredes de roca.',
    category: 'ruta',
  },
  edit: { title: 'Zona de acampada del río', category: 'zona' },
  // A scouter may edit through the API too (decision 007); here by JSON, as an admin.
  json: { title: 'Por JSON', description: 'Otra', category: 'campamento' },
  add: createExperience,
  messages: {
    created: SERVER_SUCCESS.experienceCreated,
    updated: SERVER_SUCCESS.experienceUpdated,
    deleted: SERVER_SUCCESS.experienceDeleted,
    notFound: SERVER_ERRORS.experienceNotFound,
    imageRequired: MSG.experienceImageRequired,
  },
};

const storage = () => t.app.ctx.storage as LocalStorage;

/** The file behind a public media URL (`/media/news/….webp`). */
function fileOf(url: string): string {
  return storage().path(url.replace(/^\/media\//, ''));
}

/** The files stored in a public folder now. */
function filesIn(folder: string): string[] {
  const dir = `${storage().localRoot}/${folder}`;
  return existsSync(dir) ? readdirSync(dir) : [];
}

function image(data: Buffer, filename = 'imagen.png', type = 'image/png'): Part {
  return { field: 'image', filename, type, data };
}

/** `kind`'s valid form with `values` on top, as multipart text parts. */
function texts(kind: Kind, values: Record<string, string> = {}): Part[] {
  return Object.entries({ ...kind.form, ...values }).map(([name, value]) => ({ name, value }));
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

const create = (kind: Kind, parts: Part[], user?: TestUser | null) =>
  send('POST', kind.url, parts, user);

/** A post made through the API, with a real image. */
async function created(kind: Kind, values?: Record<string, string>, data?: Buffer) {
  const res = await create(kind, [...texts(kind, values), image(data ?? (await pngImage()))]);
  expect(res.statusCode, res.body).toBe(201);
  return res.json()[kind.result];
}

const inject = (options: InjectOptions) => t.app.inject(options);

describe.each([NEWS, EXPERIENCES])('$name', (kind) => {
  const { url } = kind;

  describe(`POST ${url}`, () => {
    it('serves the images publicly with long-lived immutable caching', async () => {
      const post = await created(kind);
      for (const [file, size] of [
        [post[kind.image], [300, 200]],
        [post[kind.thumb], [300, 200]],
      ] as const) {
        const res = await inject({ url: file });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/webp');
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        const meta = await sharp(res.rawPayload).metadata();
        expect([meta.width, meta.height]).toEqual(size);
      }
      const big = await created(kind, {}, await pngImage(1000, 2000));
      const thumb = await inject({ url: big[kind.thumb] });
      const meta = await sharp(thumb.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([240, 480]);
    });

    it('strips every metadata block (GPS included) from the stored variants', async () => {
      for (const photo of [await jpegWithGps(), await phonePhoto()]) {
        const post = await created(kind, {}, photo);
        const variants = [
          (await inject({ url: post[kind.image] })).rawPayload,
          (await inject({ url: post[kind.thumb] })).rawPayload,
          Buffer.from(post[kind.placeholder].split(',')[1], 'base64'),
        ];
        for (const variant of variants) expect(await metadataTraces(variant)).toEqual([]);
      }
      // The phone photo was stored sideways: orientation applied.
      const upright = await created(kind, {}, await phonePhoto());
      expect([upright[kind.width], upright[kind.height]]).toEqual([480, 640]);
    });

    it('answers 201 for a post it stored even if its public copy cannot be remade at once', async () => {
      // Right after the commit, the rule's copy fails (the disk filled up): the post is made, so
      // the answer says so, and its publication is in the ledger all the same.
      const rule = vi
        .spyOn(FaceVisibility.prototype, 'facesToBlur')
        .mockRejectedValueOnce(new UnavailableError('disk', new Error('ENOSPC')));
      let post: Record<string, string> & { id: number };
      try {
        post = await created(kind);
        expect(rule).toHaveBeenCalled();
      } finally {
        rule.mockRestore();
      }
      const ledger = await t.app.ctx.db.kysely
        .selectFrom('image_publications')
        .select('url')
        .where('image_kind', '=', kind.target)
        .where('image_id', '=', post.id)
        .execute();
      expect(ledger).toEqual([{ url: post[kind.image] }]);
    });

    it('requires the image on create with the spec message', async () => {
      const res = await create(kind, texts(kind));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: kind.messages.imageRequired,
        errors: [{ field: 'image', message: kind.messages.imageRequired }],
      });
      // JSON cannot carry the image: the same answer.
      const json = await inject({
        method: 'POST',
        url,
        headers: scouter.headers,
        payload: kind.form,
      });
      expect(json.statusCode).toBe(400);
      expect(json.json().message).toBe(kind.messages.imageRequired);
    });

    it('treats an empty file input as no image, and refuses two images', async () => {
      const empty = await create(kind, [
        ...texts(kind),
        image(Buffer.alloc(0), '', 'application/octet-stream'),
      ]);
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe(kind.messages.imageRequired);
      const png = await pngImage(60, 40);
      const two = await create(kind, [...texts(kind), image(png), image(png, 'otra.png')]);
      expect(two.statusCode).toBe(400);
      expect(two.json()).toEqual({ message: SERVER_ERRORS.tooManyFiles });
    });

    it('refuses an image that is not allowed, too big, unreadable or a pixel bomb; leaves nothing', async () => {
      const cases: [Part, number, string][] = [
        [image(Buffer.from('texto'), 'texto.jpg', 'image/jpeg'), 415, MSG.imageUnsupported],
        [image(Buffer.from('texto'), 'texto.png', 'image/png'), 415, MSG.imageUnsupported],
        [image(SVG_IMAGE, 'a.svg', 'image/svg+xml'), 415, MSG.imageUnsupported],
        [
          image(await truncatedJpeg(), 'roto.jpg', 'image/jpeg'),
          400,
          SERVER_ERRORS.imageUnreadable,
        ],
        [image(await pngClaimingHugeSize()), 400, SERVER_ERRORS.imageTooManyPixels],
        [image(Buffer.alloc(26 * 1024 * 1024), 'g.jpg', 'image/jpeg'), 413, MSG.imageTooLarge],
      ];
      const before = (await inject({ url })).json().length;
      const files = filesIn(kind.folder).length;
      for (const [part, status, message] of cases) {
        const res = await create(kind, [...texts(kind), part]);
        expect(res.statusCode, message).toBe(status);
        expect(res.json()).toEqual({ message });
      }
      expect((await inject({ url })).json()).toHaveLength(before);
      expect(filesIn(kind.folder)).toHaveLength(files);
    });

    it('is for scouters and admins: 401 without a session, 403 for a usuario', async () => {
      const png = await pngImage(60, 40);
      const anonymous = await create(kind, [...texts(kind), image(png)], null);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ message: SERVER_ERRORS.unauthenticated });
      const user = await create(kind, [...texts(kind), image(png)], usuario);
      expect(user.statusCode).toBe(403);
      expect(user.json()).toEqual({ message: SERVER_ERRORS.forbidden });
      expect((await create(kind, [...texts(kind), image(png)], admin)).statusCode).toBe(201);
    });
  });

  describe(`PUT ${url}/:id`, () => {
    it('edits the fields and keeps the image when none is sent (multipart or JSON)', async () => {
      const before = await created(kind);
      const res = await send('PUT', `${url}/${before.id}`, texts(kind, kind.edit));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(kind.messages.updated);
      expect(res.json()[kind.result]).toMatchObject({
        id: before.id,
        ...kind.edit,
        [kind.image]: before[kind.image],
        [kind.thumb]: before[kind.thumb],
        created_at: before.created_at,
      });
      expect(existsSync(fileOf(before[kind.image]))).toBe(true);

      const json = await inject({
        method: 'PUT',
        url: `${url}/${before.id}`,
        headers: admin.headers,
        payload: kind.json,
      });
      expect(json.statusCode, json.body).toBe(200);
      expect(json.json()[kind.result]).toMatchObject({
        ...kind.json,
        [kind.image]: before[kind.image],
      });
    });

    it('replaces the image with new keys and deletes the old files', async () => {
      const before = await created(kind);
      const oldFiles = [fileOf(before[kind.image]), fileOf(before[kind.thumb])];
      expect(oldFiles.every((f) => existsSync(f))).toBe(true);
      const res = await send('PUT', `${url}/${before.id}`, [
        ...texts(kind),
        image(await pngImage(800, 800, '#16a085')),
      ]);
      expect(res.statusCode).toBe(200);
      const post = res.json()[kind.result];
      expect(post[kind.image]).not.toBe(before[kind.image]);
      expect(post[kind.thumb]).not.toBe(before[kind.thumb]);
      expect([post[kind.width], post[kind.height]]).toEqual([800, 800]);
      expect(oldFiles.some((f) => existsSync(f))).toBe(false);
      expect(existsSync(fileOf(post[kind.image]))).toBe(true);
      expect((await inject({ url: before[kind.image] })).statusCode).toBe(404);
      expect((await inject({ url: post[kind.image] })).statusCode).toBe(200);
    });

    it('answers 404 for a post that does not exist, storing no file', async () => {
      const files = filesIn(kind.folder).length;
      const res = await send('PUT', `${url}/999999`, [...texts(kind), image(await pngImage())]);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: kind.messages.notFound });
      expect(filesIn(kind.folder)).toHaveLength(files);
    });

    it('is for scouters and admins', async () => {
      const post = await kind.add(t.app);
      const anonymous = await send('PUT', `${url}/${post.id}`, texts(kind), null);
      expect(anonymous.statusCode).toBe(401);
      const user = await send('PUT', `${url}/${post.id}`, texts(kind), usuario);
      expect(user.statusCode).toBe(403);
      expect(user.json()).toEqual({ message: SERVER_ERRORS.forbidden });
    });
  });

  describe(`GET ${url}`, () => {
    it('lists newest first, with counts and the requester’s own like', async () => {
      const separate = await buildTestApp();
      try {
        const app = separate.app;
        const ana = await createUser(app);
        const ben = await createUser(app);
        const older = await kind.add(app, { createdAt: '2030-01-01T00:00:00.000Z' });
        const newest = await kind.add(app, { createdAt: '2030-03-01T00:00:00.000Z' });
        const middle = await kind.add(app, { createdAt: '2030-02-01T00:00:00.000Z' });
        await createLike(app, kind.target, newest.id, ana.row.id);
        await createLike(app, kind.target, newest.id, ben.row.id);
        await createLike(app, kind.target, middle.id, ben.row.id);
        await createComment(app, kind.target, newest.id, ana.row.id);
        await createComment(app, kind.target, newest.id, ben.row.id);
        // Likes and comments on a photo or the other kind with the same id do not count.
        await createLike(app, 'photo', older.id, ana.row.id);
        await createLike(app, kind.other, older.id, ana.row.id);
        await createComment(app, kind.other, older.id, ana.row.id);

        const anonymous = await app.inject({ url });
        expect(anonymous.statusCode).toBe(200);
        const list = anonymous.json();
        expect(list.map((p: Counted) => p.id)).toEqual([newest.id, middle.id, older.id]);
        expect(
          list.map((p: Counted) => [p.likes_count, p.comments_count, p.user_has_liked]),
        ).toEqual([
          [2, 2, false],
          [1, 0, false],
          [0, 0, false],
        ]);
        expect(list[0][kind.image]).toMatch(new RegExp(`^/media/${kind.folder}/`));

        const asAna = (await app.inject({ url, headers: ana.headers })).json();
        expect(asAna.map((p: Counted) => p.user_has_liked)).toEqual([true, false, false]);
        const one = await app.inject({ url: `${url}/${middle.id}`, headers: ben.headers });
        expect(one.json()).toMatchObject({ likes_count: 1, user_has_liked: true });
      } finally {
        await separate.close();
      }
    });

    it('reads the list in the same number of queries for 1 item as for 30', async () => {
      const separate = await buildTestApp();
      try {
        const viewer = await createUser(separate.app);
        async function add(n: number) {
          for (let i = 0; i < n; i += 1) {
            const post = await kind.add(separate.app);
            await createLike(separate.app, kind.target, post.id, viewer.row.id);
            await createComment(separate.app, kind.target, post.id, viewer.row.id);
          }
        }
        const read = () =>
          countQueries(separate.app, () => separate.app.inject({ url, headers: viewer.headers }));
        await add(1);
        const small = await read();
        await add(29);
        const large = await read();
        expect(small.result.json()).toHaveLength(1);
        expect(large.result.json()).toHaveLength(30);
        expect(
          large.result
            .json()
            .every(
              (p: Counted) => p.likes_count === 1 && p.comments_count === 1 && p.user_has_liked,
            ),
        ).toBe(true);
        expect(large.queries).toBe(small.queries);
        // The session's user, then the posts with their counts.
        expect(large.queries).toBe(2);
        const anonymous = await countQueries(separate.app, () => separate.app.inject({ url }));
        expect(anonymous.queries).toBe(1);
      } finally {
        await separate.close();
      }
    });

    it('answers 404 with the Spanish message, 400 for a bad id, 401 for a bad token', async () => {
      const missing = await inject({ url: `${url}/999999` });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: kind.messages.notFound });
      for (const id of ['abc', '0']) {
        const bad = await inject({ url: `${url}/${id}` });
        expect(bad.statusCode, id).toBe(400);
        expect(bad.json().message).toBe('ID inválido.');
      }
      const badToken = await inject({ url, headers: { authorization: 'Bearer no-vale' } });
      expect(badToken.statusCode).toBe(401);
      expect(badToken.json()).toEqual({ message: SERVER_ERRORS.invalidToken });
    });
  });

  describe(`DELETE ${url}/:id`, () => {
    it('deletes the row, its files, likes and comments, and nothing of other content', async () => {
      const post = await created(kind);
      const files = [fileOf(post[kind.image]), fileOf(post[kind.thumb])];
      expect(files.every((f) => existsSync(f))).toBe(true);
      const fan = await createUser(t.app);
      await createLike(t.app, kind.target, post.id, fan.row.id);
      await createComment(t.app, kind.target, post.id, fan.row.id);
      const other = await kind.add(t.app);
      await createLike(t.app, kind.target, other.id, fan.row.id);
      // Rows of a photo and of the other kind with the same id survive (counted before, as
      // the other kind's tests may have left some on that id).
      await createLike(t.app, 'photo', post.id, fan.row.id);
      await createComment(t.app, kind.other, post.id, fan.row.id);
      const sameId = () =>
        Promise.all([
          interactionRows(t.app, 'photo', [post.id]),
          interactionRows(t.app, kind.other, [post.id]),
        ]);
      const survivors = await sameId();
      expect(survivors.every((n) => n >= 1)).toBe(true);

      const res = await inject({
        method: 'DELETE',
        url: `${url}/${post.id}`,
        headers: scouter.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: kind.messages.deleted });
      expect(files.filter((f) => existsSync(f))).toEqual([]);
      expect(await interactionRows(t.app, kind.target, [post.id])).toBe(0);
      expect(await interactionRows(t.app, kind.target, [other.id])).toBe(1);
      expect(await sameId()).toEqual(survivors);

      expect((await inject({ url: `${url}/${post.id}` })).statusCode).toBe(404);
      const again = await inject({
        method: 'DELETE',
        url: `${url}/${post.id}`,
        headers: admin.headers,
      });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ message: kind.messages.notFound });
    });

    it('is for scouters and admins', async () => {
      const post = await kind.add(t.app);
      const one = `${url}/${post.id}`;
      expect((await inject({ method: 'DELETE', url: one })).statusCode).toBe(401);
      const user = await inject({ method: 'DELETE', url: one, headers: usuario.headers });
      expect(user.statusCode).toBe(403);
      expect(user.json()).toEqual({ message: SERVER_ERRORS.forbidden });
      expect((await inject({ url: one })).statusCode).toBe(200);
    });
  });

  describe('likes and comments', () => {
    it('likes (201), refuses a second like (409), unlikes (200) and refuses a second unlike (404)', async () => {
      const post = await kind.add(t.app);
      const like = `${url}/${post.id}/like`;
      const anonymous = await inject({ method: 'POST', url: like });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ message: SERVER_ERRORS.unauthenticated });

      const liked = await inject({ method: 'POST', url: like, headers: usuario.headers });
      expect(liked.statusCode).toBe(201);
      expect(liked.json()).toEqual({ likeCount: 1, userHasLiked: true });
      const again = await inject({ method: 'POST', url: like, headers: usuario.headers });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: SERVER_ERRORS.likeExists });
      const read = await inject({ url: `${url}/${post.id}`, headers: usuario.headers });
      expect(read.json()).toMatchObject({ likes_count: 1, user_has_liked: true });

      const unlike = await inject({ method: 'DELETE', url: like, headers: usuario.headers });
      expect(unlike.statusCode).toBe(200);
      expect(unlike.json()).toEqual({ likeCount: 0, userHasLiked: false });
      const unlikeAgain = await inject({ method: 'DELETE', url: like, headers: usuario.headers });
      expect(unlikeAgain.statusCode).toBe(404);
      expect(unlikeAgain.json()).toEqual({ message: SERVER_ERRORS.likeMissing });

      for (const method of ['POST', 'DELETE'] as const) {
        const missing = await inject({
          method,
          url: `${url}/999999/like`,
          headers: usuario.headers,
        });
        expect(missing.statusCode, method).toBe(404);
        expect(missing.json()).toEqual({ message: kind.messages.notFound });
      }
    });

    it('comments: anyone reads, members write, the author, scouters and admins delete', async () => {
      const post = await kind.add(t.app);
      const comments = `${url}/${post.id}/comments`;
      const ana = await createUser(t.app, { name: 'Ana' });
      const ben = await createUser(t.app, { name: 'Ben' });
      const write = (user: TestUser | null, text: string) =>
        inject({
          method: 'POST',
          url: comments,
          headers: user?.headers,
          payload: { comment_text: text },
        });
      const remove = (user: TestUser, id: number) =>
        inject({ method: 'DELETE', url: `${comments}/${id}`, headers: user.headers });

      expect((await write(null, 'Hola')).statusCode).toBe(401);
      const empty = await write(ana, '   ');
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe(MSG.commentEmpty);

      const added = await write(ana, '¡Qué buena salida!');
      expect(added.statusCode).toBe(201);
      expect(added.json()).toMatchObject({
        author_name: 'Ana',
        comment_text: '¡Qué buena salida!',
        can_delete: true,
      });
      const second = await write(ben, 'Yo también fui');
      expect(second.statusCode).toBe(201);
      const third = await write(ana, 'Volveremos el año que viene');
      expect(third.statusCode).toBe(201);

      const list = await inject({ url: comments });
      expect(list.statusCode).toBe(200);
      expect(list.json().map((c: { comment_text: string }) => c.comment_text)).toEqual([
        'Volveremos el año que viene',
        'Yo también fui',
        '¡Qué buena salida!',
      ]);
      expect(list.json().every((c: { can_delete: boolean }) => !c.can_delete)).toBe(true);
      const asAdmin = await inject({ url: comments, headers: admin.headers });
      expect(asAdmin.json().every((c: { can_delete: boolean }) => c.can_delete)).toBe(true);
      expect((await inject({ url: `${url}/${post.id}` })).json().comments_count).toBe(3);

      const byOther = await remove(ben, added.json().id);
      expect(byOther.statusCode).toBe(403);
      expect(byOther.json()).toEqual({ message: SERVER_ERRORS.forbidden });
      const own = await remove(ana, added.json().id);
      expect(own.statusCode).toBe(200);
      expect(own.json()).toEqual({ message: SERVER_SUCCESS.commentDeleted });
      const gone = await remove(ana, added.json().id);
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toEqual({ message: SERVER_ERRORS.commentNotFound });
      expect((await remove(scouter, second.json().id)).statusCode).toBe(200);
      const byAdmin = await remove(admin, third.json().id);
      expect(byAdmin.statusCode).toBe(200);
      expect(byAdmin.json()).toEqual({ message: SERVER_SUCCESS.commentDeleted });
      expect((await inject({ url: comments })).json()).toEqual([]);

      const missing = await inject({ url: `${url}/999999/comments` });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: kind.messages.notFound });
      const missingPost = await inject({
        method: 'POST',
        url: `${url}/999999/comments`,
        headers: ana.headers,
        payload: { comment_text: 'Hola' },
      });
      expect(missingPost.statusCode).toBe(404);
      expect(missingPost.json()).toEqual({ message: kind.messages.notFound });
    });

    it('shows an anonymous visitor the first name only and no picture (decision 012)', async () => {
      const post = await kind.add(t.app);
      const comments = `${url}/${post.id}/comments`;
      const author = await createUser(t.app, { name: 'Lucía Fernández Ruiz' });
      await t.app.ctx.db.kysely
        .updateTable('users')
        .set({ avatar_key: 'avatars/0123456789abcdef0123456789abcdef.webp' })
        .where('id', '=', author.row.id)
        .execute();
      const posted = await inject({
        method: 'POST',
        url: comments,
        headers: author.headers,
        payload: { comment_text: 'Fue un campamento precioso.' },
      });
      expect(posted.statusCode).toBe(201);

      const anonymous = await inject({ url: comments });
      expect(anonymous.json()).toEqual([
        expect.objectContaining({ author_name: 'Lucía', author_avatar: null }),
      ]);
      expect(anonymous.body).not.toContain('Fernández');
      expect(anonymous.body).not.toContain('avatars/');

      const member = await inject({ url: comments, headers: usuario.headers });
      expect(member.json()).toEqual([
        expect.objectContaining({
          author_name: 'Lucía Fernández Ruiz',
          author_avatar: '/media/avatars/0123456789abcdef0123456789abcdef.webp',
        }),
      ]);
    });
  });
});

describe('news: a summary and a full text, all required', () => {
  it('creates a news item with public display copy, thumbnail and placeholder', async () => {
    const res = await create(NEWS, [
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
    const read = await inject({ url: `/api/news/${news.id}` });
    expect(read.statusCode).toBe(200);
    const { original_url: _original, ...everyone } = news;
    expect(read.json()).toEqual(everyone);
  });

  it('answers a missing text with «Faltan datos obligatorios» and the field messages', async () => {
    const png = await pngImage(60, 40);
    const noTitle = await create(NEWS, [...texts(NEWS, { title: '   ' }), image(png)]);
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json()).toEqual({
      message: MSG.missingRequiredData,
      errors: [{ field: 'title', message: MSG.titleRequired }],
    });

    const absent = await create(NEWS, [{ name: 'title', value: 'Solo título' }, image(png)]);
    expect(absent.statusCode).toBe(400);
    expect(absent.json()).toEqual({
      message: MSG.missingRequiredData,
      errors: [
        { field: 'description', message: MSG.descriptionRequired },
        { field: 'content', message: MSG.newsContentRequired },
      ],
    });

    const nothing = await create(NEWS, []);
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

  it('answers a text too long with its own message, and accepts the limits exactly', async () => {
    const png = await pngImage(60, 40);
    const cases: [Record<string, string>, string][] = [
      [{ title: 't'.repeat(151) }, MSG.contentTitleTooLong],
      [{ description: 'd'.repeat(301) }, MSG.newsSummaryTooLong],
      [{ content: 'c'.repeat(20_001) }, MSG.newsContentTooLong],
    ];
    for (const [values, message] of cases) {
      const res = await create(NEWS, [...texts(NEWS, values), image(png)]);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
      expect(res.json().errors).toEqual([{ field: Object.keys(values)[0], message }]);
    }
    const limits = {
      title: 't'.repeat(150),
      description: 'd'.repeat(300),
      content: 'c'.repeat(20_000),
    };
    const atLimits = await create(NEWS, [...texts(NEWS, limits), image(png)]);
    expect(atLimits.statusCode, atLimits.body).toBe(201);
  });

  it('takes the full content in any script (20000 characters of 3 bytes each)', async () => {
    const res = await create(NEWS, [
      ...texts(NEWS, { content: '漢'.repeat(20_000) }),
      image(await pngImage(60, 40)),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().news.content).toHaveLength(20_000);
  });

  it('validates an edit like create, without requiring the image', async () => {
    const before = await created(NEWS);
    const one = `/api/news/${before.id}`;
    const missing = await send('PUT', one, texts(NEWS, { content: ' ' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      message: MSG.missingRequiredData,
      errors: [{ field: 'content', message: MSG.newsContentRequired }],
    });
    // A JSON null is a missing text too.
    const nulled = await inject({
      method: 'PUT',
      url: one,
      headers: admin.headers,
      payload: { title: 'Título', description: 'Resumen', content: null },
    });
    expect(nulled.statusCode).toBe(400);
    expect(nulled.json()).toEqual({
      message: MSG.missingRequiredData,
      errors: [{ field: 'content', message: MSG.newsContentRequired }],
    });
    const long = await send('PUT', one, texts(NEWS, { title: 'x'.repeat(151) }));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(MSG.contentTitleTooLong);
    const bad = await send('PUT', one, [
      ...texts(NEWS),
      image(SVG_IMAGE, 'a.svg', 'image/svg+xml'),
    ]);
    expect(bad.statusCode).toBe(415);
    expect(bad.json()).toEqual({ message: MSG.imageUnsupported });
    const still = await inject({ url: one });
    expect(still.json()).toMatchObject({ title: before.title, image_url: before.image_url });
  });

  it('lists without the full text, which the item carries; `limit` gives the first only', async () => {
    const separate = await buildTestApp();
    try {
      const app = separate.app;
      const older = await createNews(app, { createdAt: '2030-01-01T00:00:00.000Z' });
      const newest = await createNews(app, { createdAt: '2030-03-01T00:00:00.000Z' });
      const middle = await createNews(app, { createdAt: '2030-02-01T00:00:00.000Z' });
      const list = (await app.inject({ url: '/api/news' })).json();
      expect(list.map((n: Counted) => n.id)).toEqual([newest.id, middle.id, older.id]);
      expect(Object.keys(list[0]).sort()).toEqual(Object.keys(newsSummarySchema.shape).sort());
      expect(list[0]).not.toHaveProperty('content');
      const one = await app.inject({ url: `/api/news/${middle.id}` });
      expect(one.json().content).toEqual(expect.any(String));
      expect(one.json().content.length).toBeGreaterThan(0);

      const limited = await app.inject({ url: '/api/news?limit=2' });
      expect(limited.statusCode).toBe(200);
      expect(limited.json().map((n: Counted) => n.id)).toEqual([newest.id, middle.id]);
      const all = await app.inject({ url: '/api/news?limit=100' });
      expect(all.json()).toHaveLength(3);
    } finally {
      await separate.close();
    }
  });

  it('refuses a limit outside 1–100 with a Spanish 400', async () => {
    for (const limit of ['0', '101', 'tres', '1.5']) {
      const res = await inject({ url: `/api/news?limit=${limit}` });
      expect(res.statusCode, limit).toBe(400);
      const body = res.json();
      expect(body.errors[0].field).toBe('limit');
      expect(body.message).toBe(body.errors[0].message);
      expect(body.message).not.toMatch(/expected|number|too (small|big)/i);
    }
  });
});

describe('experiences: a description and one of three categories', () => {
  it('creates an experience with public display copy, thumbnail and placeholder', async () => {
    const res = await create(EXPERIENCES, [
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
      original_url: expect.stringMatching(/^\/media\/p\/experiences\/[0-9a-f]{32}\.webp\?/),
    });

    const read = await inject({ url: `/api/experiences/${experience.id}` });
    expect(read.statusCode).toBe(200);
    const { original_url: _original, ...everyone } = experience;
    expect(read.json()).toEqual(everyone);

    const thumb = await inject({ url: experience.image_thumb });
    expect(thumb.statusCode).toBe(200);
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([160, 480]);
  });

  it('takes each of the three categories and refuses any other with the spec message', async () => {
    for (const category of ['ruta', 'campamento', 'zona']) {
      expect((await created(EXPERIENCES, { category })).category).toBe(category);
    }
    const png = await pngImage(60, 40);
    for (const category of ['all', 'Rutas', '', 'RUTA']) {
      const res = await create(EXPERIENCES, [...texts(EXPERIENCES, { category }), image(png)]);
      expect(res.statusCode, category).toBe(400);
      expect(res.json()).toEqual({
        message: MSG.experienceCategoryInvalid,
        errors: [{ field: 'category', message: MSG.experienceCategoryInvalid }],
      });
    }
    const absent = await create(EXPERIENCES, [
      { name: 'title', value: 'Sin categoría' },
      { name: 'description', value: 'Algo' },
      image(png),
    ]);
    expect(absent.statusCode).toBe(400);
    expect(absent.json().message).toBe(MSG.experienceCategoryInvalid);

    const before = await created(EXPERIENCES);
    const invalid = await send(
      'PUT',
      `/api/experiences/${before.id}`,
      texts(EXPERIENCES, { category: 'excursion' }),
    );
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe(MSG.experienceCategoryInvalid);
  });

  it('answers with the first field message, every field message in errors', async () => {
    const png = await pngImage(60, 40);
    const cases: [Record<string, string>, string][] = [
      [{ title: '   ' }, MSG.titleRequired],
      [{ title: 't'.repeat(151) }, MSG.contentTitleTooLong],
      [{ description: '' }, MSG.descriptionRequired],
      [{ description: 'd'.repeat(10_001) }, MSG.experienceDescriptionTooLong],
    ];
    for (const [values, message] of cases) {
      const res = await create(EXPERIENCES, [...texts(EXPERIENCES, values), image(png)]);
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toEqual({ message, errors: [{ field: Object.keys(values)[0], message }] });
    }
    const nothing = await create(EXPERIENCES, []);
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
    const limits = { title: 't'.repeat(150), description: 'd'.repeat(10_000) };
    const atLimits = await create(EXPERIENCES, [...texts(EXPERIENCES, limits), image(png)]);
    expect(atLimits.statusCode, atLimits.body).toBe(201);
  });

  it('lists each experience with its category', async () => {
    const separate = await buildTestApp();
    try {
      const app = separate.app;
      const older = await createExperience(app, {
        category: 'zona',
        createdAt: '2030-01-01T00:00:00.000Z',
      });
      const newer = await createExperience(app, {
        category: 'campamento',
        createdAt: '2030-02-01T00:00:00.000Z',
      });
      const list = (await app.inject({ url: '/api/experiences' })).json();
      expect(list.map((e: Counted & { category: string }) => [e.id, e.category])).toEqual([
        [newer.id, 'campamento'],
        [older.id, 'zona'],
      ]);
    } finally {
      await separate.close();
    }
  });
});

describe('/api/docs', () => {
  it('documents the news and experience routes in Spanish', async () => {
    const doc = (await inject({ url: '/api/docs/json' })).json();
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
