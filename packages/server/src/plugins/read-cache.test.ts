import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { SERVER_ERRORS } from '@fogata/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MEDIA_URL_BUCKET_SECONDS } from '../media/url-signer.js';
import { buildTestApp, buildTestAppOnSameDatabase, type TestApp } from '../test/build-app.js';
import { createNews } from '../test/content-factories.js';
import { createUser, type TestUser } from '../test/factories.js';
import { countQueries, createAlbum, createLike, createPhoto } from '../test/gallery-factories.js';
import { pickEncoding } from './read-cache.js';

// The read path's cache (decision 020): every rule that empties it, on this process's writes and
// on another instance's (a second app on the same database: another SQLite connection, another
// PostgreSQL pool), for users and for answers.

let a: TestApp;
let b: TestApp;
let member: TestUser;
let scouter: TestUser;

beforeAll(async () => {
  a = await buildTestApp();
  b = await buildTestAppOnSameDatabase(a);
  member = await createUser(a.app, { role: 'usuario' });
  scouter = await createUser(a.app, { role: 'scouter' });
});

afterAll(async () => {
  await b?.close();
  await a?.close();
});

afterEach(() => {
  vi.useRealTimers();
});

type Item = { id: number; title: string; user_has_liked?: boolean; cover?: string };

const get = (t: TestApp, url: string, user?: TestUser, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { ...user?.headers, ...headers } });

async function list(t: TestApp, url: string, user?: TestUser): Promise<Item[]> {
  const res = await get(t, url, user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Item[];
}

const titles = (items: Item[]) => items.map((i) => i.title);
const ids = (items: Item[]) => items.map((i) => i.id);

describe('answers from the cache', () => {
  it('come again without a query while the database has not changed', async () => {
    await createNews(a.app, { title: 'Sin cambios' });
    const first = await get(a, '/api/news');
    const { result: again, queries } = await countQueries(a.app, () => get(a, '/api/news'));
    expect(again.body).toBe(first.body);
    expect(queries).toBe(0);
    // Signed in too: the user and the answer both come from the cache.
    const mine = await get(a, '/api/news', member);
    const { result: mineAgain, queries: mineQueries } = await countQueries(a.app, () =>
      get(a, '/api/news', member),
    );
    expect(mineAgain.body).toBe(mine.body);
    expect(mineQueries).toBe(0);
  });

  it('show this process’s write on the next read', async () => {
    await list(a, '/api/news');
    await createNews(a.app, { title: 'Escrita aquí' });
    expect(titles(await list(a, '/api/news'))).toContain('Escrita aquí');
  });

  it('show another instance’s write on the next read', async () => {
    await list(a, '/api/news');
    await list(a, '/api/news', member);
    await createNews(b.app, { title: 'Escrita en la otra instancia' });
    expect(titles(await list(a, '/api/news'))).toContain('Escrita en la otra instancia');
    expect(titles(await list(a, '/api/news', member))).toContain('Escrita en la otra instancia');
  });

  it('show a write made inside a transaction by another instance', async () => {
    await list(a, '/api/news');
    await b.app.ctx.db.kysely.transaction().execute(async (trx) => {
      await trx
        .updateTable('news')
        .set({ title: 'Retitulada en una transacción' })
        .where('title', '=', 'Escrita aquí')
        .execute();
    });
    const after = titles(await list(a, '/api/news'));
    expect(after).toContain('Retitulada en una transacción');
    expect(after).not.toContain('Escrita aquí');
  });

  it('keep what one user liked from every other user and from visitors', async () => {
    const news = await createNews(a.app, { title: 'Para gustar' });
    const other = await createUser(a.app);
    await createLike(b.app, 'news', news.id, member.row.id);
    const liked = (items: Item[]) => items.find((i) => i.id === news.id)?.user_has_liked;
    expect(liked(await list(a, '/api/news', member))).toBe(true);
    expect(liked(await list(a, '/api/news', other))).toBe(false);
    expect(liked(await list(a, '/api/news'))).toBe(false);
    expect(liked(await list(a, '/api/news', member))).toBe(true);
  });

  it('key the answer by its query string', async () => {
    const all = await list(a, '/api/news');
    const three = await list(a, '/api/news?limit=3');
    expect(all.length).toBeGreaterThan(3);
    expect(three).toEqual(all.slice(0, 3));
  });

  it('are compressed as the client accepts, the same bytes once decoded', async () => {
    for (let i = 0; i < 8; i += 1) await createNews(a.app);
    const plain = await get(a, '/api/news');
    const br = await get(a, '/api/news', undefined, { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await get(a, '/api/news', undefined, { 'accept-encoding': 'br;q=0, gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });
});

describe('a fresh answer, before validation (decision 137)', () => {
  it('goes out before the route’s handler runs, the same bytes as the first time', async () => {
    const album = await createAlbum(a.app, { title: 'Antes de validar' });
    await createPhoto(a.app, album.id);
    const url = `/api/photos/album/${album.id}?limit=5`;
    const first = await get(a, url, scouter);
    expect(first.statusCode, first.body).toBe(200);
    const send = vi.spyOn(a.app.readCache, 'send');
    try {
      const again = await get(a, url, scouter);
      expect(again.statusCode).toBe(200);
      expect(again.body).toBe(first.body);
      expect(again.headers['content-type']).toBe(first.headers['content-type']);
      expect(send).not.toHaveBeenCalled();
      // Someone else asking the same URL has no answer of their own yet: the route runs for them.
      const other = await createUser(a.app, { role: 'scouter' });
      expect((await get(a, url, other)).statusCode).toBe(200);
      expect(send).toHaveBeenCalledTimes(1);
    } finally {
      send.mockRestore();
    }
  });

  it('never answers a bad query, nor a session ended after its answer was kept', async () => {
    const album = await createAlbum(a.app, { title: 'Consulta mala' });
    const gone = await createUser(a.app, { role: 'scouter' });
    const url = `/api/photos/album/${album.id}`;
    expect((await get(a, url, gone)).statusCode).toBe(200);
    // The same 400 as on an instance that has kept nothing for this album.
    const bad = await get(a, `${url}?limit=0`, gone);
    const badElsewhere = await get(b, `${url}?limit=0`, gone);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toBe(badElsewhere.body);
    await b.app.ctx.db.kysely.deleteFrom('users').where('id', '=', gone.row.id).execute();
    const res = await get(a, url, gone);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: SERVER_ERRORS.invalidToken });
  });
});

describe('users from the cache', () => {
  it('a deleted user’s session stops working at once, whichever instance deletes', async () => {
    const gone = await createUser(a.app);
    expect((await get(a, '/api/albums', gone)).statusCode).toBe(200);
    await b.app.ctx.db.kysely.deleteFrom('users').where('id', '=', gone.row.id).execute();
    const res = await get(a, '/api/albums', gone);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: SERVER_ERRORS.invalidToken });
  });

  it('a demoted scouter no longer sees drafts and hidden photos, at once', async () => {
    const demoted = await createUser(a.app, { role: 'scouter' });
    const draft = await createAlbum(a.app, { title: 'Borrador de acampada' });
    await a.app.ctx.db.kysely
      .updateTable('albums')
      .set({ status: 'draft' })
      .where('id', '=', draft.id)
      .execute();
    const shown = await createAlbum(a.app, { title: 'Álbum publicado' });
    const visible = await createPhoto(a.app, shown.id);
    const hidden = await createPhoto(a.app, shown.id);
    await a.app.ctx.db.kysely
      .updateTable('photos')
      .set({ hidden_at: new Date().toISOString() })
      .where('id', '=', hidden.id)
      .execute();
    expect(ids(await list(a, '/api/albums', demoted))).toContain(draft.id);
    expect(ids(await list(a, `/api/photos/album/${shown.id}`, demoted))).toEqual([
      hidden.id,
      visible.id,
    ]);
    await b.app.ctx.db.kysely
      .updateTable('users')
      .set({ role: 'usuario' })
      .where('id', '=', demoted.row.id)
      .execute();
    expect(ids(await list(a, '/api/albums', demoted))).not.toContain(draft.id);
    expect(ids(await list(a, `/api/photos/album/${shown.id}`, demoted))).toEqual([visible.id]);
    const res = await get(a, `/api/albums/${draft.id}`, demoted);
    expect(res.statusCode).toBe(404);
  });
});

describe('drafts and hidden photos', () => {
  it('never reach a member through an answer cached for a manager', async () => {
    const album = await createAlbum(a.app, { title: 'Campamento en borrador' });
    const photo = await createPhoto(a.app, album.id);
    // Published: both see it, and both answers are cached.
    expect(ids(await list(a, '/api/albums', scouter))).toContain(album.id);
    expect(ids(await list(a, '/api/albums', member))).toContain(album.id);
    expect(ids(await list(a, `/api/photos/album/${album.id}`, member))).toEqual([photo.id]);
    // Unpublished by another instance: gone for the member at once, still there for the scouter.
    await b.app.ctx.db.kysely
      .updateTable('albums')
      .set({ status: 'draft' })
      .where('id', '=', album.id)
      .execute();
    expect(ids(await list(a, '/api/albums', member))).not.toContain(album.id);
    expect((await get(a, `/api/photos/album/${album.id}`, member)).statusCode).toBe(404);
    expect(ids(await list(a, '/api/albums', scouter))).toContain(album.id);
  });

  it('a photo hidden by another instance leaves the members’ list at once', async () => {
    const album = await createAlbum(a.app);
    const kept = await createPhoto(a.app, album.id);
    const toHide = await createPhoto(a.app, album.id);
    const url = `/api/photos/album/${album.id}`;
    expect(ids(await list(a, url, member))).toEqual([toHide.id, kept.id]);
    expect(ids(await list(a, `${url}?page=1&limit=1`, member))).toEqual([toHide.id]);
    await b.app.ctx.db.kysely
      .updateTable('photos')
      .set({ hidden_at: new Date().toISOString() })
      .where('id', '=', toHide.id)
      .execute();
    expect(ids(await list(a, url, member))).toEqual([kept.id]);
    expect(ids(await list(a, `${url}?page=1&limit=1`, member))).toEqual([kept.id]);
    expect(ids(await list(a, url, scouter))).toEqual([toHide.id, kept.id]);
  });
});

describe('signed media URLs in cached answers', () => {
  it('are signed again once their time bucket has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start =
      Math.ceil(Date.now() / 1000 / MEDIA_URL_BUCKET_SECONDS) * MEDIA_URL_BUCKET_SECONDS;
    vi.setSystemTime(start * 1000 + 1000);
    const album = await createAlbum(a.app, { title: 'Con portada firmada' });
    const cover = async () =>
      new URL(
        (await list(a, '/api/albums', member)).find((i) => i.id === album.id)?.cover ?? '',
        'http://fogata.test',
      ).searchParams.get('exp');
    const first = await cover();
    expect(await cover()).toBe(first);
    vi.setSystemTime((start + MEDIA_URL_BUCKET_SECONDS) * 1000 + 1000);
    const later = await cover();
    expect(Number(later)).toBe(Number(first) + MEDIA_URL_BUCKET_SECONDS);
  });
});

describe('pickEncoding', () => {
  it('picks brotli, else gzip, and honours q=0', () => {
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('br;q=0.0, gzip;q=0')).toBeNull();
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('identity')).toBeNull();
  });
});
