// Ids in paths and forms, across every module: decimal digits from 1 to MAX_ID, nothing else.
// A number parser reads `1e3` as 1000 and `0x10` as 16, and an id past PostgreSQL's integer was
// a database error (a 500) there.
import { MAX_ID, MSG, SERVER_ERRORS } from '@fogata/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-app.js';
import { createUser, type TestUser } from '../test/factories.js';
import { multipart, pngImage } from '../test/images.js';

const NOT_IDS = ['1e3', '0x10', '7.0', '-1', '0', '%207', '+7', String(MAX_ID + 1), '99999999999'];

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.app, { role: 'admin' });
});
afterAll(() => t.close());

/** Each route with an id, as [field, request for that id]. */
const routes: [string, (id: string) => InjectOptions][] = [
  ['id', (id) => ({ method: 'GET', url: `/api/news/${id}` })],
  ['id', (id) => ({ method: 'GET', url: `/api/experiences/${id}` })],
  ['id', (id) => ({ method: 'GET', url: `/api/albums/${id}` })],
  ['id', (id) => ({ method: 'GET', url: `/api/photos/${id}` })],
  ['albumId', (id) => ({ method: 'GET', url: `/api/photos/album/${id}` })],
  ['id', (id) => ({ method: 'DELETE', url: `/api/monitors/${id}` })],
  ['id', (id) => ({ method: 'DELETE', url: `/api/invitations/${id}` })],
  [
    'id',
    (id) => ({ method: 'PUT', url: `/api/admin/users/${id}/role`, payload: { role: 'scouter' } }),
  ],
  ['id', (id) => ({ method: 'GET', url: `/api/news/${id}/comments` })],
  ['commentId', (id) => ({ method: 'DELETE', url: `/api/photos/1/comments/${id}` })],
  // Image consent: the register and 'Fotos de mi educando'.
  ['id', (id) => ({ method: 'GET', url: `/api/profile/children/${id}/consents` })],
  ['id', (id) => ({ method: 'GET', url: `/api/children/${id}/consents` })],
  ['photoId', (id) => ({ method: 'POST', url: `/api/profile/children/1/photos/${id}/blur` })],
];

describe('ids in paths', () => {
  it.each(NOT_IDS)('refuses %s with 400 ID inválido. on every route', async (id) => {
    for (const [field, request] of routes) {
      const options = request(id);
      const res = await t.app.inject({ ...options, headers: admin.headers });
      expect(res.statusCode, `${options.method} ${options.url}`).toBe(400);
      expect(res.json()).toEqual({
        message: MSG.idInvalid,
        errors: [{ field, message: MSG.idInvalid }],
      });
    }
  });

  it('reads decimal digits, leading zeros too, up to MAX_ID: a missing row is a 404', async () => {
    for (const id of ['7', '007', String(MAX_ID)]) {
      for (const url of [`/api/news/${id}`, `/api/photos/${id}`]) {
        const res = await t.app.inject({ url, headers: admin.headers });
        expect(res.statusCode, url).toBe(404);
      }
    }
  });
});

describe('albumId of an upload', () => {
  it.each(['1e3', '0x10', String(MAX_ID + 1)])('refuses %s as no album', async (albumId) => {
    const form = multipart({ albumId }, [
      { field: 'images', filename: 'foto.png', type: 'image/png', data: await pngImage(40, 30) },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/photos/upload',
      headers: { ...admin.headers, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: SERVER_ERRORS.albumIdRequired });
  });
});
