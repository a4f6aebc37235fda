// Ids in paths, forms, bodies and queries, across every module: from 1 to MAX_ID, nothing else.
// A number parser reads `1e3` as 1000 and `0x10` as 16, and an id past PostgreSQL's integer was
// a database error (a 500) there while SQLite answered 404: both now answer the same 400.
import {
  ACTIVITY_BOARD_ERRORS,
  ADMIN_PANEL_MESSAGES,
  FACE_MESSAGES,
  IMAGE_SETTINGS_MESSAGES,
  MAX_ID,
  MSG,
  SERVER_ERRORS,
} from '@fogata/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-app.js';
import { addFace } from '../test/consent-factories.js';
import { createUser, type TestUser } from '../test/factories.js';
import { createChild, sectionId } from '../test/family-factories.js';
import { createAlbum } from '../test/gallery-factories.js';
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
  // Revisar caras, sections and children.
  ['id', (id) => ({ method: 'GET', url: `/api/albums/${id}/faces` })],
  ['id', (id) => ({ method: 'PATCH', url: `/api/faces/${id}`, payload: { status: 'adult' } })],
  ['id', (id) => ({ method: 'DELETE', url: `/api/faces/${id}/blur` })],
  ['id', (id) => ({ method: 'GET', url: `/api/children/${id}` })],
  [
    'id',
    (id) => ({ method: 'PUT', url: `/api/sections/${id}/scouters`, payload: { user_ids: [] } }),
  ],
  // Activities: the board, payments, the calendar.
  ['id', (id) => ({ method: 'GET', url: `/api/activities/${id}/board` })],
  [
    'childId',
    (id) => ({
      method: 'PUT',
      url: `/api/activities/1/children/${id}/payment`,
      payload: { amount_cents: 100, method: 'bizum' },
    }),
  ],
  ['id', (id) => ({ method: 'GET', url: `/api/activities/${id}/calendar.ics` })],
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

/** Numbers past PostgreSQL's `integer`: just past it, the largest safe one, and far beyond. */
const TOO_LARGE = [2 ** 31, 2 ** 32, Number.MAX_SAFE_INTEGER];

describe('ids in bodies and queries', () => {
  const box = { x: 0.1, y: 0.1, width: 0.2, height: 0.2 };
  /** Each call with an id in its body or query, as [request for that id, the answer's message]. */
  const calls: [string, (id: number) => Promise<InjectOptions>, string][] = [
    [
      'POST /api/faces',
      async (id) => ({
        method: 'POST',
        url: '/api/faces',
        payload: { image: { kind: 'photo', id }, box },
      }),
      FACE_MESSAGES.imageInvalid,
    ],
    [
      'POST /api/faces/searched',
      async (id) => ({
        method: 'POST',
        url: '/api/faces/searched',
        payload: { image: { kind: 'album', id } },
      }),
      FACE_MESSAGES.imageInvalid,
    ],
    [
      'PATCH /api/faces/:id (child_id)',
      async (id) => {
        const face = await addFace(t.app, { albumId: (await createAlbum(t.app)).id }, box);
        return {
          method: 'PATCH',
          url: `/api/faces/${face}`,
          payload: { status: 'child', child_id: id },
        };
      },
      SERVER_ERRORS.faceChildNotOffered,
    ],
    [
      'GET /api/image-ledger?child=',
      async (id) => ({ url: `/api/image-ledger?child=${id}` }),
      IMAGE_SETTINGS_MESSAGES.childInvalid,
    ],
    [
      'PUT /api/albums/:id (sections)',
      async (id) => ({
        method: 'PUT',
        url: `/api/albums/${(await createAlbum(t.app)).id}`,
        payload: { title: 'Campamento', sections: [id] },
      }),
      MSG.albumSectionsInvalid,
    ],
    [
      'PUT /api/sections/:id/scouters',
      async (id) => ({
        method: 'PUT',
        url: `/api/sections/${await sectionId(t.app, 'Tropa')}/scouters`,
        payload: { user_ids: [id] },
      }),
      MSG.sectionScoutersInvalid,
    ],
    [
      'POST /api/children/promotion',
      async (id) => ({
        method: 'POST',
        url: '/api/children/promotion',
        payload: { moves: [{ child_id: await createChild(t.app), section_id: id }] },
      }),
      SERVER_ERRORS.validation,
    ],
    [
      'POST /api/children (section_id)',
      async (id) => ({
        method: 'POST',
        url: '/api/children',
        payload: { full_name: 'Ana Pérez', birth_date: '2015-05-05', section_id: id },
      }),
      MSG.childSectionRequired,
    ],
    [
      'GET /api/children?section=',
      async (id) => ({ url: `/api/children?section=${id}` }),
      SERVER_ERRORS.validation,
    ],
    [
      'GET /api/consents/register?section=',
      async (id) => ({ url: `/api/consents/register?section=${id}` }),
      MSG.consentSectionRequired,
    ],
    [
      'GET /api/admin/users?section=',
      async (id) => ({ url: `/api/admin/users?section=${id}` }),
      ADMIN_PANEL_MESSAGES.sectionFilterInvalid,
    ],
    [
      'POST /api/calendar-feeds/reset (section_id)',
      async (id) => ({
        method: 'POST',
        url: '/api/calendar-feeds/reset',
        payload: { section_id: id },
      }),
      ACTIVITY_BOARD_ERRORS.feedSectionInvalid,
    ],
  ];

  it.each(TOO_LARGE)(
    'refuses %i with the same 400 and Spanish message on every call',
    async (id) => {
      for (const [name, request, message] of calls) {
        const res = await t.app.inject({ ...(await request(id)), headers: admin.headers });
        expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
        expect(res.json().message, name).toBe(message);
      }
    },
  );

  it('reads MAX_ID itself as an id that is missing (404 or the 400 of an unknown one)', async () => {
    const face = await addFace(t.app, { albumId: (await createAlbum(t.app)).id }, box);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/faces/${face}`,
      headers: admin.headers,
      payload: { status: 'child', child_id: MAX_ID },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: SERVER_ERRORS.faceChildNotOffered });
    const drawn = await t.app.inject({
      method: 'POST',
      url: '/api/faces',
      headers: admin.headers,
      payload: { image: { kind: 'photo', id: MAX_ID }, box },
    });
    expect(drawn.statusCode).toBe(404);
    expect(drawn.json()).toEqual({ message: SERVER_ERRORS.faceImageNotFound });
  });
});
