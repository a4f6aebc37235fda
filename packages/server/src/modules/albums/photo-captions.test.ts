import { MSG } from '@fogata/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createAlbum, createPhoto } from '../../test/gallery-factories.js';
import { multipartParts, type Part, pngImage } from '../../test/images.js';

let t: TestApp;
let scouter: TestUser;
let member: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  scouter = await createUser(t.app, { role: 'scouter' });
  member = await createUser(t.app);
});
afterAll(() => t.close());

async function upload(albumId: number, files: number, captions?: string) {
  const parts: Part[] = [{ name: 'albumId', value: String(albumId) }];
  if (captions !== undefined) parts.push({ name: 'captions', value: captions });
  for (let i = 0; i < files; i += 1) {
    parts.push({
      field: 'images',
      filename: `f${i}.png`,
      type: 'image/png',
      data: await pngImage(40 + i, 30),
    });
  }
  const body = multipartParts(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/photos/upload',
    headers: { ...scouter.headers, ...body.headers },
    payload: body.payload,
  });
}

function setCaption(id: number | string, description: unknown, user = scouter) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/photos/${id}`,
    headers: user.headers,
    payload: { description },
  });
}

describe('captions on upload (`captions`: a JSON array, one per file in order)', () => {
  it('gives each file its caption, trimmed; null, blank or missing ones are none', async () => {
    const album = await createAlbum(t.app);
    const res = await upload(album.id, 4, JSON.stringify(['  Fuego de campamento ', null, '  ']));
    expect(res.statusCode).toBe(201);
    const uploaded = res.json().uploaded as { width: number; description: string | null }[];
    // Matched by file, not by answer order: each file had its own width.
    const byWidth = new Map(uploaded.map((p) => [p.width, p.description]));
    expect(uploaded).toHaveLength(4);
    const widths = [...byWidth.keys()].sort((a, b) => a - b);
    expect(widths.map((w) => byWidth.get(w))).toEqual(['Fuego de campamento', null, null, null]);
  });

  it('keeps the captions of the files that landed when another fails', async () => {
    const album = await createAlbum(t.app);
    const body = multipartParts([
      { name: 'albumId', value: String(album.id) },
      { name: 'captions', value: JSON.stringify(['roto', 'bueno']) },
      { field: 'images', filename: 'roto.png', type: 'image/png', data: Buffer.from('no') },
      { field: 'images', filename: 'bueno.png', type: 'image/png', data: await pngImage() },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/photos/upload',
      headers: { ...scouter.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().uploaded.map((p: { description: string }) => p.description)).toEqual([
      'bueno',
    ]);
  });

  it('refuses bad captions with 400 on the field, before storing anything', async () => {
    const album = await createAlbum(t.app);
    const cases: [string, string][] = [
      ['no es json', MSG.photoCaptionsInvalid],
      ['{"0":"x"}', MSG.photoCaptionsInvalid],
      [JSON.stringify(Array(11).fill('x')), MSG.photoCaptionsInvalid],
      [JSON.stringify(['a'.repeat(501)]), MSG.photoCaptionTooLong],
    ];
    for (const [captions, message] of cases) {
      const res = await upload(album.id, 1, captions);
      expect(res.statusCode, captions.slice(0, 20)).toBe(400);
      expect(res.json()).toEqual({ message, errors: [{ field: 'captions', message }] });
    }
    const photos = await t.app.inject({
      url: `/api/photos/album/${album.id}`,
      headers: scouter.headers,
    });
    expect(photos.json()).toEqual([]);
  });
});

describe('PUT /api/photos/:id (caption)', () => {
  it('sets, changes and clears the caption; every member then reads it', async () => {
    const album = await createAlbum(t.app);
    const photo = await createPhoto(t.app, album.id);
    const set = await setCaption(photo.id, '  Cena junto al lago ');
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ id: photo.id, description: 'Cena junto al lago' });
    const read = await t.app.inject({ url: `/api/photos/${photo.id}`, headers: member.headers });
    expect(read.json().description).toBe('Cena junto al lago');
    expect((await setCaption(photo.id, 'a'.repeat(500))).json().description).toHaveLength(500);
    expect((await setCaption(photo.id, '')).json().description).toBeNull();
    expect((await setCaption(photo.id, null)).json().description).toBeNull();
  });

  it('refuses 501 characters, a missing field and a NUL with Spanish messages', async () => {
    const photo = await createPhoto(t.app, (await createAlbum(t.app)).id);
    const long = await setCaption(photo.id, 'a'.repeat(501));
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual([
      { field: 'description', message: MSG.photoCaptionTooLong },
    ]);
    const nul = await setCaption(photo.id, 'a\u0000b');
    expect(nul.statusCode).toBe(400);
    expect(nul.json().errors[0].message).toBe(MSG.textInvalidCharacters);
    const missing = await t.app.inject({
      method: 'PUT',
      url: `/api/photos/${photo.id}`,
      headers: scouter.headers,
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
  });

  it('404 for an unknown photo; 403 for a member; 401 anonymous', async () => {
    expect((await setCaption(999_999, 'x')).statusCode).toBe(404);
    const photo = await createPhoto(t.app, (await createAlbum(t.app)).id);
    expect((await setCaption(photo.id, 'x', member)).statusCode).toBe(403);
    const anon = await t.app.inject({
      method: 'PUT',
      url: `/api/photos/${photo.id}`,
      payload: { description: 'x' },
    });
    expect(anon.statusCode).toBe(401);
  });
});
