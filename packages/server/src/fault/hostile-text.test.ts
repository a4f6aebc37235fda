// Text nobody types: a NUL character (PostgreSQL cannot store it: a 500 before) in every field
// that is stored, and comments or names of only invisible characters (U+200B). Each is a 400 with
// the shared Spanish message, on both databases, and nothing is stored.
import { MSG } from '@fogata/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-app.js';
import { createExperience, createNews } from '../test/content-factories.js';
import { createInvitation, createUser, type TestUser } from '../test/factories.js';
import { createAlbum, createPhoto } from '../test/gallery-factories.js';
import { jpegWithGps, multipart } from '../test/images.js';
import { createMonitor } from '../test/monitor-factories.js';

const NUL = 'a\u0000b';
const INVISIBLE = '\u200B \u200B\u2060';

let t: TestApp;
let admin: TestUser;
let member: TestUser;
let ids: { news: number; experience: number; album: number; photo: number; monitor: number };

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.app, { role: 'admin' });
  member = await createUser(t.app, { role: 'usuario', name: 'Nombre Original' });
  const album = await createAlbum(t.app);
  ids = {
    news: (await createNews(t.app)).id,
    experience: (await createExperience(t.app)).id,
    album: album.id,
    photo: (await createPhoto(t.app, album.id)).id,
    monitor: (await createMonitor(t.app)).id,
  };
});
afterAll(() => t.close());

interface Case {
  name: string;
  method: 'POST' | 'PUT';
  url: () => string;
  headers: () => Record<string, string>;
  field: string;
  body: (value: string) => Record<string, string>;
}

const cases: Case[] = [
  ...(['news', 'experiences', 'photos'] as const).map(
    (kind): Case => ({
      name: `a comment on ${kind}`,
      method: 'POST',
      url: () =>
        `/api/${kind}/${kind === 'news' ? ids.news : kind === 'photos' ? ids.photo : ids.experience}/comments`,
      headers: () => member.headers,
      field: 'comment_text',
      body: (v) => ({ comment_text: v }),
    }),
  ),
  {
    name: 'the profile name',
    method: 'PUT',
    url: () => '/api/profile/me',
    headers: () => member.headers,
    field: 'name',
    body: (v) => ({ name: v }),
  },
  ...(['title', 'description'] as const).map(
    (field): Case => ({
      name: `an album's ${field}`,
      method: 'PUT',
      url: () => `/api/albums/${ids.album}`,
      headers: () => admin.headers,
      field,
      body: (v) => ({ title: 'Campamento', [field]: v }),
    }),
  ),
  ...(['title', 'description', 'content'] as const).map(
    (field): Case => ({
      name: `a news item's ${field}`,
      method: 'PUT',
      url: () => `/api/news/${ids.news}`,
      headers: () => admin.headers,
      field,
      body: (v) => ({ title: 'Título', description: 'Resumen', content: 'Texto', [field]: v }),
    }),
  ),
  ...(['title', 'description'] as const).map(
    (field): Case => ({
      name: `an experience's ${field}`,
      method: 'PUT',
      url: () => `/api/experiences/${ids.experience}`,
      headers: () => admin.headers,
      field,
      body: (v) => ({ title: 'Ruta', description: 'Texto', category: 'ruta', [field]: v }),
    }),
  ),
  ...(['name', 'role_description', 'description'] as const).map(
    (field): Case => ({
      name: `a scouter's ${field}`,
      method: 'PUT',
      url: () => `/api/monitors/${ids.monitor}`,
      headers: () => admin.headers,
      field,
      body: (v) => ({ name: 'Ana', role_description: 'Kraal', [field]: v }),
    }),
  ),
];

describe('a NUL character in a stored text field', () => {
  for (const c of cases) {
    it(`is a 400 with the shared message: ${c.name}`, async () => {
      const res = await t.app.inject({
        method: c.method,
        url: c.url(),
        headers: c.headers(),
        payload: c.body(NUL),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toContainEqual({
        field: c.field,
        message: MSG.textInvalidCharacters,
      });
      expect(res.json().message).toBe(MSG.textInvalidCharacters);
    });
  }

  it('is a 400 in a multipart form too (a new album), and nothing is stored', async () => {
    const form = multipart({ title: NUL }, [
      { field: 'cover', filename: 'portada.jpg', type: 'image/jpeg', data: await jpegWithGps() },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/albums/newAlbum',
      headers: { ...admin.headers, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: MSG.textInvalidCharacters,
      errors: [{ field: 'title', message: MSG.textInvalidCharacters }],
    });
  });

  it('is a 400 in the name of an invited registration', async () => {
    const invitation = await createInvitation(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register-invited',
      payload: { token: invitation.token, name: NUL, password: 'contraseña-larga' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({
      field: 'name',
      message: MSG.textInvalidCharacters,
    });
  });
});

describe('a text of only invisible characters', () => {
  it('is an empty comment', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/news/${ids.news}/comments`,
      headers: member.headers,
      payload: { comment_text: INVISIBLE },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: MSG.commentEmpty,
      errors: [{ field: 'comment_text', message: MSG.commentEmpty }],
    });
    const stored = await t.app.ctx.db.kysely
      .selectFrom('comments')
      .select('id')
      .where('comment_text', 'like', '%\u200B%')
      .execute();
    expect(stored).toEqual([]);
  });

  it('is an empty name, and the name is kept', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/me',
      headers: member.headers,
      payload: { name: INVISIBLE },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.profileNameEmpty);
    const me = await t.app.inject({ url: '/api/profile/me', headers: member.headers });
    expect(me.json().name).toBe('Nombre Original');
  });

  it('still lets a comment with an emoji and a zero-width joiner through as written', async () => {
    const text = '¡Genial! 👨‍👩‍👧 ❤️';
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/news/${ids.news}/comments`,
      headers: member.headers,
      payload: { comment_text: text },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().comment_text).toBe(text);
  });
});
