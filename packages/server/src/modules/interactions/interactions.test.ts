import { MSG, SERVER_ERRORS, SERVER_SUCCESS } from '@fogata/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../test/app-per-file.js';
import { buildTestApp, type TestApp } from '../../test/build-app.js';
import { createUser } from '../../test/factories.js';
import {
  createAlbum,
  createComment,
  createLike,
  createPhoto,
} from '../../test/gallery-factories.js';
import { pngImage } from '../../test/images.js';
import { registerInteractionRoutes } from './interactions.routes.js';

const t = testAppPerFile();

async function newPhoto() {
  const album = await createAlbum(t.app);
  return createPhoto(t.app, album.id);
}

describe('likes on photos', () => {
  it('likes, refuses a second like with 409, unlikes, and refuses a second unlike with 404', async () => {
    const photo = await newPhoto();
    const ana = await createUser(t.app);
    const ben = await createUser(t.app);
    await createLike(t.app, 'photo', photo.id, ben.row.id);
    const url = `/api/photos/${photo.id}/like`;

    const like = await t.app.inject({ method: 'POST', url, headers: ana.headers });
    expect(like.statusCode).toBe(201);
    expect(like.json()).toEqual({ likeCount: 2, userHasLiked: true });

    const again = await t.app.inject({ method: 'POST', url, headers: ana.headers });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: SERVER_ERRORS.likeExists });

    const read = await t.app.inject({ url: `/api/photos/${photo.id}`, headers: ana.headers });
    expect(read.json()).toMatchObject({ likes_count: 2, user_has_liked: true });
    const readByOther = await t.app.inject({
      url: `/api/photos/${photo.id}`,
      headers: (await createUser(t.app)).headers,
    });
    expect(readByOther.json()).toMatchObject({ likes_count: 2, user_has_liked: false });

    const unlike = await t.app.inject({ method: 'DELETE', url, headers: ana.headers });
    expect(unlike.statusCode).toBe(200);
    expect(unlike.json()).toEqual({ likeCount: 1, userHasLiked: false });

    const unlikeAgain = await t.app.inject({ method: 'DELETE', url, headers: ana.headers });
    expect(unlikeAgain.statusCode).toBe(404);
    expect(unlikeAgain.json()).toEqual({ message: SERVER_ERRORS.likeMissing });
  });

  it('two likes at once: one lands, the other is a 409 (the unique constraint decides)', async () => {
    const photo = await newPhoto();
    const ana = await createUser(t.app);
    const url = `/api/photos/${photo.id}/like`;
    const results = await Promise.all(
      Array.from({ length: 4 }, () => t.app.inject({ method: 'POST', url, headers: ana.headers })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const rows = await t.app.ctx.db.kysely
      .selectFrom('likes')
      .selectAll()
      .where('target_id', '=', photo.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('answers 404 for a photo that does not exist, and 400 for a bad id', async () => {
    const ana = await createUser(t.app);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/photos/999999/like',
      headers: ana.headers,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: SERVER_ERRORS.photoNotFound });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/photos/abc/like',
      headers: ana.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('id');
  });
});

describe('comments on photos', () => {
  it('adds a trimmed comment with its author, newest first', async () => {
    const photo = await newPhoto();
    const ana = await createUser(t.app, { name: 'Ana Scout' });
    // An avatar, to see it comes back as the author's current public URL.
    const avatar = await pngImage(40, 40);
    const body = new FormData();
    body.append('avatar', new Blob([avatar], { type: 'image/png' }), 'a.png');
    const profile = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/me',
      headers: ana.headers,
      payload: body,
    });
    expect(profile.statusCode).toBe(200);
    const avatarUrl: string = profile.json().user.avatar_url;

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/photos/${photo.id}/comments`,
      headers: ana.headers,
      payload: { comment_text: '   ¡Qué buena foto!  ' },
    });
    expect(res.statusCode).toBe(201);
    const comment = res.json();
    expect(comment).toEqual({
      id: expect.any(Number),
      user_id: ana.row.id,
      author_name: 'Ana Scout',
      author_avatar: avatarUrl,
      comment_text: '¡Qué buena foto!',
      created_at: expect.any(String),
      updated_at: comment.created_at,
      can_delete: true,
    });

    const list = await t.app.inject({
      url: `/api/photos/${photo.id}/comments`,
      headers: ana.headers,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([comment]);
    const photoRead = await t.app.inject({ url: `/api/photos/${photo.id}`, headers: ana.headers });
    expect(photoRead.json().comments_count).toBe(1);
  });

  it('accepts 500 characters and refuses 501 and blank text with their Spanish messages', async () => {
    const photo = await newPhoto();
    const ana = await createUser(t.app);
    const url = `/api/photos/${photo.id}/comments`;
    const ok = await t.app.inject({
      method: 'POST',
      url,
      headers: ana.headers,
      payload: { comment_text: 'a'.repeat(500) },
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().comment_text).toHaveLength(500);

    const long = await t.app.inject({
      method: 'POST',
      url,
      headers: ana.headers,
      payload: { comment_text: 'a'.repeat(501) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({
      message: MSG.commentTooLong,
      errors: [{ field: 'comment_text', message: MSG.commentTooLong }],
    });

    for (const payload of [{ comment_text: '   ' }, { comment_text: '' }, {}]) {
      const blank = await t.app.inject({ method: 'POST', url, headers: ana.headers, payload });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().message).toBe(MSG.commentEmpty);
    }
  });

  it('pages newest first with page and limit; a limit over 50 is lowered to 50', async () => {
    const photo = await newPhoto();
    const ana = await createUser(t.app);
    const base = Date.parse('2025-06-01T10:00:00.000Z');
    const ids: number[] = [];
    for (let i = 0; i < 57; i += 1) {
      ids.push(
        await createComment(t.app, 'photo', photo.id, ana.row.id, {
          text: `n${i}`,
          createdAt: new Date(base + i * 1000).toISOString(),
        }),
      );
    }
    // Another photo's comment never shows up here.
    const other = await newPhoto();
    await createComment(t.app, 'photo', other.id, ana.row.id);
    const newestFirst = [...ids].reverse();
    const get = (query: string) =>
      t.app.inject({ url: `/api/photos/${photo.id}/comments${query}`, headers: ana.headers });

    const first = await get('');
    expect(first.json().map((c: { id: number }) => c.id)).toEqual(newestFirst.slice(0, 10));

    const page2 = await get('?page=2&limit=5');
    expect(page2.json().map((c: { id: number }) => c.id)).toEqual(newestFirst.slice(5, 10));
    expect(page2.json()[0].comment_text).toBe('n51');

    const last = await get('?page=12&limit=5');
    expect(last.json().map((c: { id: number }) => c.id)).toEqual(newestFirst.slice(55, 57));
    const beyond = await get('?page=13&limit=5');
    expect(beyond.json()).toEqual([]);

    const clamped = await get('?limit=500');
    expect(clamped.statusCode).toBe(200);
    expect(clamped.json()).toHaveLength(50);

    // A page past any list's end, or no page at all: a Spanish 400 of ours, on either database.
    for (const query of ['?page=0', '?page=-1', '?page=abc', '?page=1e300', '?page=1000001']) {
      const bad = await get(query);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json().message, query).toBe(MSG.pageInvalid);
    }
    for (const query of ['?limit=0', '?limit=-3', '?limit=2.5']) {
      const bad = await get(query);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json().message, query).toBe(MSG.commentsLimitInvalid);
    }
    expect((await get('?page=1000000&limit=500')).json()).toEqual([]);
  });

  it('answers 404 for the comments of a photo that does not exist', async () => {
    const ana = await createUser(t.app);
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({
        method,
        url: '/api/photos/999999/comments',
        headers: ana.headers,
        ...(method === 'POST' && { payload: { comment_text: 'hola' } }),
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: SERVER_ERRORS.photoNotFound });
    }
  });
});

describe('deleting comments', () => {
  it('tells each reader whether they may delete: author, scouter and admin yes, other usuario no', async () => {
    const photo = await newPhoto();
    const author = await createUser(t.app);
    const other = await createUser(t.app);
    const scouter = await createUser(t.app, { role: 'scouter' });
    const admin = await createUser(t.app, { role: 'admin' });
    await createComment(t.app, 'photo', photo.id, author.row.id);
    const canDelete = async (headers: Record<string, string>) => {
      const res = await t.app.inject({ url: `/api/photos/${photo.id}/comments`, headers });
      return res.json()[0].can_delete;
    };
    expect(await canDelete(author.headers)).toBe(true);
    expect(await canDelete(other.headers)).toBe(false);
    expect(await canDelete(scouter.headers)).toBe(true);
    expect(await canDelete(admin.headers)).toBe(true);
  });

  it('lets the author, a scouter and an admin delete; another usuario gets a 403', async () => {
    const photo = await newPhoto();
    const author = await createUser(t.app);
    const other = await createUser(t.app);
    const scouter = await createUser(t.app, { role: 'scouter' });
    const admin = await createUser(t.app, { role: 'admin' });
    const del = (commentId: number, headers: Record<string, string>) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/photos/${photo.id}/comments/${commentId}`,
        headers,
      });

    const c1 = await createComment(t.app, 'photo', photo.id, author.row.id);
    const refused = await del(c1, other.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: SERVER_ERRORS.forbidden });

    const byAuthor = await del(c1, author.headers);
    expect(byAuthor.statusCode).toBe(200);
    expect(byAuthor.json()).toEqual({ message: SERVER_SUCCESS.commentDeleted });
    const gone = await del(c1, author.headers);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: SERVER_ERRORS.commentNotFound });

    const c2 = await createComment(t.app, 'photo', photo.id, author.row.id);
    expect((await del(c2, scouter.headers)).statusCode).toBe(200);
    const c3 = await createComment(t.app, 'photo', photo.id, author.row.id);
    expect((await del(c3, admin.headers)).statusCode).toBe(200);

    const list = await t.app.inject({
      url: `/api/photos/${photo.id}/comments`,
      headers: author.headers,
    });
    expect(list.json()).toEqual([]);
  });

  it('answers 404 when the comment belongs to another photo, and leaves it alone', async () => {
    const photo = await newPhoto();
    const other = await newPhoto();
    const admin = await createUser(t.app, { role: 'admin' });
    const comment = await createComment(t.app, 'photo', other.id, admin.row.id);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/photos/${photo.id}/comments/${comment}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: SERVER_ERRORS.commentNotFound });
    const still = await t.app.inject({
      url: `/api/photos/${other.id}/comments`,
      headers: admin.headers,
    });
    expect(still.json()).toHaveLength(1);
  });

  it('deleting a user removes their likes and comments', async () => {
    const photo = await newPhoto();
    const leaving = await createUser(t.app);
    const admin = await createUser(t.app, { role: 'admin' });
    await createLike(t.app, 'photo', photo.id, leaving.row.id);
    await createComment(t.app, 'photo', photo.id, leaving.row.id);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${leaving.row.id}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    const read = await t.app.inject({ url: `/api/photos/${photo.id}`, headers: admin.headers });
    expect(read.json()).toMatchObject({ likes_count: 0, comments_count: 0 });
  });
});

describe('the same routes on content anonymous visitors may read (as news will use them)', () => {
  let open: TestApp;
  beforeAll(async () => {
    open = await buildTestApp({}, (app) => {
      registerInteractionRoutes(app, {
        prefix: '/api/prueba',
        targetType: 'news',
        readCapability: 'content:browse',
        targetExists: async (id) => id === 7,
        notFoundMessage: 'Noticia no encontrada',
        tag: 'prueba',
      });
    });
  });
  afterAll(() => open.close());

  it('shows comments to anonymous readers, signs in a reader with a token, refuses a bad token', async () => {
    const author = await createUser(open.app);
    await createComment(open.app, 'news', 7, author.row.id, { text: 'Hola' });
    const anonymous = await open.app.inject({ url: '/api/prueba/7/comments' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toMatchObject([{ comment_text: 'Hola', can_delete: false }]);
    const asAuthor = await open.app.inject({
      url: '/api/prueba/7/comments',
      headers: author.headers,
    });
    expect(asAuthor.json()[0].can_delete).toBe(true);
    const badToken = await open.app.inject({
      url: '/api/prueba/7/comments',
      headers: { authorization: 'Bearer no-vale' },
    });
    expect(badToken.statusCode).toBe(401);
    expect(badToken.json()).toEqual({ message: SERVER_ERRORS.invalidToken });

    const likeAnonymous = await open.app.inject({ method: 'POST', url: '/api/prueba/7/like' });
    expect(likeAnonymous.statusCode).toBe(401);
    const missing = await open.app.inject({ url: '/api/prueba/8/comments' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Noticia no encontrada' });
    // Likes of a news item and of a photo with the same id are kept apart.
    const like = await open.app.inject({
      method: 'POST',
      url: '/api/prueba/7/like',
      headers: author.headers,
    });
    expect(like.json()).toEqual({ likeCount: 1, userHasLiked: true });
  });
});
