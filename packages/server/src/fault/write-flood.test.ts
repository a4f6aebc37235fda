// One account posting comments and likes in a loop: a per-account limit a minute, counted in the
// database (so every instance counts the same), far above what a person does.
import { LIMITS, SERVER_ERRORS } from '@fogata/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../test/app-per-file.js';
import { createNews } from '../test/content-factories.js';
import { createUser, type TestUser } from '../test/factories.js';
import { createAlbum, createPhoto } from '../test/gallery-factories.js';

const t = testAppPerFile();
let flooder: TestUser;
let neighbour: TestUser;
let newsId: number;
let photoId: number;
beforeAll(async () => {
  flooder = await createUser(t.app);
  neighbour = await createUser(t.app);
  newsId = (await createNews(t.app)).id;
  photoId = (await createPhoto(t.app, (await createAlbum(t.app)).id)).id;
});

function comment(user: TestUser, url: string, i: number) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: user.headers,
    payload: { comment_text: `Comentario ${i}` },
  });
}

async function commentsBy(user: TestUser): Promise<number> {
  const row = await t.app.ctx.db.kysely
    .selectFrom('comments')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', user.row.id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('a flood of comments and likes from one account', () => {
  it('stops comments at the per-minute limit, across kinds of content, for that account only', async () => {
    const urls = [`/api/news/${newsId}/comments`, `/api/photos/${photoId}/comments`];
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.commentsPerUserPerMinute + 5; i += 1) {
      statuses.push((await comment(flooder, urls[i % 2] as string, i)).statusCode);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(LIMITS.commentsPerUserPerMinute);
    expect(statuses.slice(LIMITS.commentsPerUserPerMinute)).toEqual([429, 429, 429, 429, 429]);
    const refused = await comment(flooder, urls[0] as string, 99);
    expect(refused.json()).toEqual({ message: SERVER_ERRORS.tooManyRequests });
    expect(await commentsBy(flooder)).toBe(LIMITS.commentsPerUserPerMinute);

    const other = await comment(neighbour, urls[0] as string, 0);
    expect(other.statusCode).toBe(201);
  });

  it('stops likes at the per-minute limit', async () => {
    const url = `/api/news/${newsId}/like`;
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.likesPerUserPerMinute + 2; i += 1) {
      const method = i % 2 === 0 ? 'POST' : 'DELETE';
      statuses.push((await t.app.inject({ method, url, headers: flooder.headers })).statusCode);
    }
    expect(statuses.slice(0, LIMITS.likesPerUserPerMinute).every((s) => s < 300)).toBe(true);
    expect(statuses.slice(LIMITS.likesPerUserPerMinute)).toEqual([429, 429]);
    const other = await t.app.inject({ method: 'POST', url, headers: neighbour.headers });
    expect(other.statusCode).toBe(201);
  });
});
