// A member deletes their account while other tabs of theirs write: a request that
// was signed in when it began finds its user gone when it writes. Its answer is the 401 of a
// session that no longer exists — never a 500 from the foreign key — and it leaves nothing
// behind. The deletion is made to land exactly between the sign-in check and the write.
import { MY_DATA_MESSAGES, SERVER_ERRORS, SERVER_SUCCESS } from '@fogata/shared';
import type { LightMyRequestResponse as Response } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AccessRepository } from '../access/access.repository.js';
import { faceScanIdle } from '../media/face-search.js';
import { MediaJournalRepository } from '../media/journal.repository.js';
import { renditionsIdle } from '../media/renditions/rendition-worker.js';
import { MyDataRepository } from '../modules/profile/my-data.repository.js';
import { UsersRepository } from '../modules/users/users.repository.js';
import { buildTestApp, type TestApp } from '../test/build-app.js';
import { createNews } from '../test/content-factories.js';
import { createUser, deleteOwnAccount, type TestUser } from '../test/factories.js';
import { createAlbum, createPhoto } from '../test/gallery-factories.js';
import { multipart, multipartParts, pngImage } from '../test/images.js';

/** The request header that makes the test's hook delete the signed-in user before the handler. */
const DELETE_NOW = 'x-test-delete-account-now';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({}, (app) => {
    // Runs after the sign-in check (onRequest) and before the route's handler writes.
    app.addHook('preHandler', async (request) => {
      if (request.headers[DELETE_NOW] && request.user) {
        await new UsersRepository(app.ctx.db).delete(request.user.id);
      }
    });
  });
});
afterAll(() => t?.close());
afterEach(() => vi.restoreAllMocks());

/**
 * Every file in the store, public and private, once the face scan and the copy worker have
 * settled: they replace copies of earlier tests' images in the background, and a listing taken
 * meanwhile would differ from the last for reasons this test is not about.
 */
async function storedKeys(): Promise<string[]> {
  await faceScanIdle(t.app.ctx);
  await renditionsIdle(t.app.ctx);
  const keys: string[] = [];
  for await (const key of t.app.ctx.storage.list()) keys.push(key);
  return keys.sort();
}

async function count(table: 'comments' | 'likes' | 'photos'): Promise<number> {
  const row = await t.app.ctx.db.kysely
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function asDeleted(user: TestUser) {
  return { ...user.headers, [DELETE_NOW]: '1' };
}

describe('an account deleted while another of its tabs writes', () => {
  it('a comment, a like or a news comment answers the 401 of a gone session', async () => {
    const album = await createAlbum(t.app);
    const photo = await createPhoto(t.app, album.id);
    const news = await createNews(t.app);
    const before = { comments: await count('comments'), likes: await count('likes') };
    const requests = [
      {
        method: 'POST' as const,
        url: `/api/photos/${photo.id}/comments`,
        payload: { comment_text: 'Qué bonito' },
      },
      { method: 'POST' as const, url: `/api/photos/${photo.id}/like` },
      {
        method: 'POST' as const,
        url: `/api/news/${news.id}/comments`,
        payload: { comment_text: '¡Bien!' },
      },
      { method: 'POST' as const, url: `/api/news/${news.id}/like` },
    ];
    for (const request of requests) {
      const member = await createUser(t.app);
      const res = await t.app.inject({ ...request, headers: asDeleted(member) });
      expect(res.statusCode, `${request.url}: ${res.body}`).toBe(401);
      expect(res.json()).toEqual({ message: SERVER_ERRORS.invalidToken });
    }
    expect({ comments: await count('comments'), likes: await count('likes') }).toEqual(before);
  });

  it('an upload answers the 401 of a gone session and leaves no photo and no file', async () => {
    const scouter = await createUser(t.app, { role: 'scouter' });
    const album = await createAlbum(t.app);
    const photos = await count('photos');
    const before = await storedKeys();
    const body = multipartParts([
      { name: 'albumId', value: String(album.id) },
      { field: 'images', filename: 'foto.png', type: 'image/png', data: await pngImage() },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/photos/upload',
      headers: { ...asDeleted(scouter), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json()).toEqual({ message: SERVER_ERRORS.invalidToken });
    expect(await count('photos')).toBe(photos);
    const journal = await t.app.ctx.db.kysely.selectFrom('media_journal').selectAll().execute();
    expect(journal).toEqual([]);
    expect(await storedKeys()).toEqual(before);
  });

  it('every upload of an image, cut by the account going, leaves no file without its row', async () => {
    const png = await pngImage();
    const album = await createAlbum(t.app);
    const withImage = (field: string, fields: Record<string, string>) =>
      multipartParts([
        ...Object.entries(fields).map(([name, value]) => ({ name, value })),
        { field, filename: 'imagen.png', type: 'image/png', data: png },
      ]);
    const gone = [401, SERVER_ERRORS.invalidToken];
    const writes: {
      method: 'POST' | 'PUT';
      url: string;
      body: ReturnType<typeof multipartParts>;
      answer: (string | number)[];
    }[] = [
      {
        method: 'POST',
        url: '/api/news',
        body: withImage('image', { title: 'Salida', description: 'Breve', content: 'Texto' }),
        answer: gone,
      },
      {
        method: 'POST',
        url: '/api/experiences',
        body: withImage('image', { title: 'Ruta', description: 'Breve', category: 'ruta' }),
        answer: gone,
      },
      {
        method: 'POST',
        url: '/api/monitors',
        body: withImage('image', { name: 'Ana', role_description: 'Kraal' }),
        answer: [201, SERVER_SUCCESS.monitorCreated],
      },
      {
        method: 'POST',
        url: '/api/albums/newAlbum',
        body: withImage('cover', { title: 'Campamento' }),
        answer: gone,
      },
      {
        method: 'PUT',
        url: `/api/albums/${album.id}`,
        body: withImage('cover', { title: 'Otro' }),
        answer: [200, SERVER_SUCCESS.albumUpdated],
      },
      {
        method: 'PUT',
        url: '/api/profile/me',
        body: withImage('avatar', {}),
        answer: [404, SERVER_ERRORS.userNotFound],
      },
    ];
    for (const write of writes) {
      const admin = await createUser(t.app, { role: 'admin' });
      const res = await t.app.inject({
        method: write.method,
        url: write.url,
        headers: { ...asDeleted(admin), ...write.body.headers },
        payload: write.body.payload,
      });
      // Refused as a gone session (a row with an author), or kept with its files (a monitor or an
      // album's new cover name no author); the profile finds no row to change.
      expect([res.statusCode, res.json().message], write.url).toEqual(write.answer);
      const stored = await storedKeys();
      const referenced = await new MediaJournalRepository(t.app.ctx.db).referenced(stored);
      expect(
        stored.filter((key) => !referenced.has(key)),
        `${write.method} ${write.url}`,
      ).toEqual([]);
    }
  });

  /** A PUT of a new avatar for `member`, as another tab of theirs sends it. */
  async function avatarChange(member: TestUser) {
    const form = multipart({}, [
      { field: 'avatar', filename: 'yo.png', type: 'image/png', data: await pngImage(64, 64) },
    ]);
    return () =>
      t.app.inject({
        method: 'PUT',
        url: '/api/profile/me',
        headers: { ...member.headers, ...form.headers },
        payload: form.payload,
      });
  }

  /**
   * Makes `change` land inside the deletion's transaction, after it read the row and before it
   * deletes it, when the deletion calls `method` of `proto`. On SQLite the deletion holds the only
   * connection: the change can only wait for it, and meets a deleted account.
   */
  function landInside<T extends object>(
    proto: T,
    method: keyof T & string,
    change: () => Promise<Response>,
  ): () => Promise<Response> {
    const onPostgres = t.app.ctx.db.dialect === 'postgres';
    const original = proto[method] as (...args: unknown[]) => Promise<unknown>;
    let changed: Promise<Response> | null = null;
    vi.spyOn(proto, method as never).mockImplementationOnce(async function (
      this: unknown,
      ...args: unknown[]
    ) {
      changed = change();
      if (onPostgres) expect((await changed).statusCode).toBe(200);
      return original.apply(this, args);
    } as never);
    return async () => {
      const res = await (changed as unknown as Promise<Response>);
      if (!onPostgres) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: SERVER_ERRORS.invalidToken });
      }
      return res;
    };
  }

  it('an avatar changed in another tab while the account is deleted leaves no file behind', async () => {
    const member = await createUser(t.app);
    const before = await storedKeys();
    const other = landInside(MyDataRepository.prototype, 'eraseTraces', await avatarChange(member));
    const deleted = await deleteOwnAccount(t.app, member);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ message: MY_DATA_MESSAGES.accountDeleted });
    await other();
    // Neither the avatar the other tab stored nor any other file stays without its row.
    expect(await storedKeys()).toEqual(before);
  });

  it('an avatar changed while an admin deletes the account leaves no file behind', async () => {
    const admin = await createUser(t.app, { role: 'admin' });
    const member = await createUser(t.app);
    const before = await storedKeys();
    const other = landInside(
      AccessRepository.prototype,
      'guardedChildIds',
      await avatarChange(member),
    );
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${member.row.id}`,
      headers: admin.headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await other();
    expect(await storedKeys()).toEqual(before);
  });
});
