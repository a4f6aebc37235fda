import { LIMITS, MSG } from '@fogata/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { countQueries, createAlbum, createPhoto } from '../../test/gallery-factories.js';

// GET /photos/album/{id} in pages (decision 014): a camp album has up to 2000 photos, and the web
// app asks for them a page at a time. Without paging parameters the whole album comes, as before.

let t: TestApp;
let member: TestUser;
let albumId: number;
let bigAlbumId: number;

beforeAll(async () => {
  t = await buildTestApp();
  member = await createUser(t.app);
  albumId = (await createAlbum(t.app)).id;
  const start = Date.parse('2025-07-01T10:00:00.000Z');
  for (let i = 0; i < 7; i += 1) {
    await createPhoto(t.app, albumId, { createdAt: new Date(start + i * 1000).toISOString() });
  }
  bigAlbumId = (await createAlbum(t.app)).id;
  for (let i = 0; i < 30; i += 1) await createPhoto(t.app, bigAlbumId);
});

afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = member.headers) =>
  t.app.inject({ url, headers });
const ids = (res: { json(): unknown }) => (res.json() as { id: number }[]).map((p) => p.id);

describe('paging an album', () => {
  it('without page or limit answers the whole album, newest first, as a plain array', async () => {
    const res = await get(`/api/photos/album/${albumId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(7);
  });

  it('cuts the same order into pages; the last is short, past it empty', async () => {
    const all = ids(await get(`/api/photos/album/${albumId}`));
    const pages = [];
    for (let page = 1; page <= 4; page += 1) {
      const res = await get(`/api/photos/album/${albumId}?page=${page}&limit=3`);
      expect(res.statusCode).toBe(200);
      pages.push(ids(res));
    }
    expect(pages.map((p) => p.length)).toEqual([3, 3, 1, 0]);
    expect(pages.flat()).toEqual(all);
  });

  it('takes either parameter alone, with the other one by default', async () => {
    expect(ids(await get(`/api/photos/album/${bigAlbumId}?limit=5`))).toHaveLength(5);
    const first = await get(`/api/photos/album/${bigAlbumId}?page=1`);
    expect(ids(first)).toHaveLength(Math.min(30, LIMITS.photosPageSize));
  });

  it('refuses a page or a limit out of range, and a visitor as before', async () => {
    for (const query of ['page=0', 'page=-1', 'page=x', 'page=1e300', 'page=1000001']) {
      const res = await get(`/api/photos/album/${albumId}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBe(MSG.pageInvalid);
    }
    for (const query of ['limit=0', `limit=${LIMITS.photosPageMax + 1}`, 'limit=x']) {
      const res = await get(`/api/photos/album/${albumId}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBe(MSG.pageSizeInvalid);
    }
    expect(ids(await get(`/api/photos/album/${albumId}?page=1000000&limit=100`))).toEqual([]);
    expect((await get(`/api/photos/album/${albumId}?page=1`, {})).statusCode).toBe(401);
  });

  it('runs as many SQL statements for a page of a big album as of a small one', async () => {
    // A write before each read empties the read cache (decision 020): both come from the database.
    await createUser(t.app);
    const small = await countQueries(t.app, () =>
      get(`/api/photos/album/${albumId}?page=2&limit=3`),
    );
    await createUser(t.app);
    const big = await countQueries(t.app, () =>
      get(`/api/photos/album/${bigAlbumId}?page=2&limit=3`),
    );
    expect(ids(big.result)).toHaveLength(3);
    expect(big.queries).toBe(small.queries);
  });
});
