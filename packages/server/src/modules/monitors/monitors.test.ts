import { existsSync } from 'node:fs';
import { MSG, SERVER_ERRORS, SERVER_SUCCESS } from '@fogata/shared';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppPerFile } from '../../test/app-per-file.js';
import { createUser, type TestUser } from '../../test/factories.js';
import {
  imagePart,
  injectParts,
  jpegWithGps,
  localFileOf,
  metadataTraces,
  type Part,
  phonePhoto,
  pngClaimingHugeSize,
  pngImage,
  SVG_IMAGE,
  textParts,
  truncatedJpeg,
} from '../../test/images.js';
import { createMonitor } from '../../test/monitor-factories.js';

const t = testAppPerFile();
let admin: TestUser;
beforeAll(async () => {
  admin = await createUser(t.app, { role: 'admin' });
});

const fileOf = (url: string) => localFileOf(t.app, url);
const send = (method: 'POST' | 'PUT', url: string, parts: Part[], user: TestUser | null = admin) =>
  injectParts(t.app, method, url, parts, user?.headers);

const create = (parts: Part[], user?: TestUser | null) =>
  send('POST', '/api/monitors', parts, user);

/** Creates a monitor through the API and returns it. */
async function created(fields: Record<string, string> = {}) {
  const res = await create([
    ...textParts({ name: 'Lucía Martín', role_description: 'Scouter de Manada', ...fields }),
    imagePart(await pngImage(600, 800)),
  ]);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().monitor;
}

describe('POST /api/monitors', () => {
  it('creates a monitor with a public photo: display copy, thumbnail and placeholder', async () => {
    const res = await create([
      ...textParts({
        name: '  Lucía Martín  ',
        role_description: ' Coordinadora de Manada ',
        description: 'Scouter desde 2010.',
      }),
      imagePart(await pngImage(1200, 2400)),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const { message, monitor } = res.json();
    expect(message).toBe(SERVER_SUCCESS.monitorCreated);
    expect(monitor).toEqual({
      id: expect.any(Number),
      name: 'Lucía Martín',
      role_description: 'Coordinadora de Manada',
      description: 'Scouter desde 2010.',
      image_url: expect.stringMatching(/^\/media\/monitors\/[0-9a-f]{32}\.webp$/),
      thumb_url: expect.stringMatching(/^\/media\/monitors\/[0-9a-f]{32}\.webp$/),
      placeholder: expect.stringMatching(/^data:image\/webp;base64,/),
      width: 960,
      height: 1920,
      created_at: expect.any(String),
      updated_at: monitor.created_at,
    });
    const display = await t.app.inject({ url: monitor.image_url });
    expect(display.statusCode).toBe(200);
    expect(display.headers['content-type']).toBe('image/webp');
    expect(display.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const thumb = await t.app.inject({ url: monitor.thumb_url });
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([240, 480]);
  });

  it('leaves no metadata (no GPS) in any variant of the photo', async () => {
    for (const photo of [await jpegWithGps(), await phonePhoto()]) {
      const res = await create([
        ...textParts({ name: 'Con GPS', role_description: 'Scouter' }),
        imagePart(photo, 'movil.jpg', 'image/jpeg'),
      ]);
      expect(res.statusCode, res.body).toBe(201);
      const { monitor } = res.json();
      const variants = [
        (await t.app.inject({ url: monitor.image_url })).rawPayload,
        (await t.app.inject({ url: monitor.thumb_url })).rawPayload,
        Buffer.from(monitor.placeholder.split(',')[1], 'base64'),
      ];
      for (const variant of variants) expect(await metadataTraces(variant)).toEqual([]);
    }
  });

  it('requires the photo with its Spanish message', async () => {
    const res = await create(textParts({ name: 'Sin foto', role_description: 'Scouter' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Error: La imagen es obligatoria.',
      errors: [{ field: 'image', message: 'Error: La imagen es obligatoria.' }],
    });
    // A file input left empty is no photo either.
    const empty = await create([
      ...textParts({ name: 'Sin foto', role_description: 'Scouter' }),
      imagePart(Buffer.alloc(0), ''),
    ]);
    expect(empty.json().message).toBe(MSG.imageRequired);
    // And JSON cannot carry one.
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/monitors',
      headers: admin.headers,
      payload: { name: 'Sin foto', role_description: 'Scouter' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(MSG.imageRequired);
  });

  it('answers every validation message of the form with the first one as message', async () => {
    const png = await pngImage(60, 40);
    const cases: [Record<string, string>, string, string][] = [
      [{ role_description: 'Scouter' }, 'name', 'El nombre es obligatorio.'],
      [{ name: '   ', role_description: 'Scouter' }, 'name', 'El nombre es obligatorio.'],
      [
        { name: 'n'.repeat(101), role_description: 'Scouter' },
        'name',
        'El nombre no puede tener más de 100 caracteres.',
      ],
      [{ name: 'Ana' }, 'role_description', 'El rol o cargo es obligatorio.'],
      [
        { name: 'Ana', role_description: ' ' },
        'role_description',
        'El rol o cargo es obligatorio.',
      ],
      [
        { name: 'Ana', role_description: 'r'.repeat(151) },
        'role_description',
        'El rol o cargo no puede tener más de 150 caracteres.',
      ],
      [
        { name: 'Ana', role_description: 'Scouter', description: 'd'.repeat(2001) },
        'description',
        'La descripción no puede tener más de 2000 caracteres.',
      ],
    ];
    for (const [fields, field, message] of cases) {
      const res = await create([...textParts(fields), imagePart(png)]);
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toEqual({ message, errors: [{ field, message }] });
    }

    const all = await create(textParts({ name: '', role_description: '' }));
    expect(all.json()).toEqual({
      message: MSG.nameRequired,
      errors: [
        { field: 'name', message: MSG.nameRequired },
        { field: 'role_description', message: MSG.monitorRoleRequired },
        { field: 'image', message: MSG.imageRequired },
      ],
    });

    // The limits themselves are allowed; a blank description is none.
    const atLimits = await create([
      ...textParts({
        name: 'n'.repeat(100),
        role_description: 'r'.repeat(150),
        description: 'd'.repeat(2000),
      }),
      imagePart(png),
    ]);
    expect(atLimits.statusCode).toBe(201);
    const blank = await created({ description: '   ' });
    expect(blank.description).toBeNull();
  });

  it('refuses a photo that is not an allowed image, too big, broken or a decompression bomb', async () => {
    const cases: [Part, number, string][] = [
      [imagePart(Buffer.from('texto'), 'texto.jpg', 'image/jpeg'), 415, MSG.imageUnsupported],
      [imagePart(SVG_IMAGE, 'a.svg', 'image/svg+xml'), 415, MSG.imageUnsupported],
      [
        imagePart(await truncatedJpeg(), 'rota.jpg', 'image/jpeg'),
        400,
        SERVER_ERRORS.imageUnreadable,
      ],
      [imagePart(await pngClaimingHugeSize()), 400, SERVER_ERRORS.imageTooManyPixels],
      [imagePart(Buffer.alloc(26 * 1024 * 1024), 'g.jpg', 'image/jpeg'), 413, MSG.imageTooLarge],
    ];
    const before = (await t.app.inject({ url: '/api/monitors' })).json().length;
    for (const [part, status, message] of cases) {
      const res = await create([
        ...textParts({ name: 'Mala foto', role_description: 'Scouter' }),
        part,
      ]);
      expect(res.statusCode, message).toBe(status);
      expect(res.json()).toEqual({ message });
    }
    const two = await create([
      ...textParts({ name: 'Dos fotos', role_description: 'Scouter' }),
      imagePart(await pngImage()),
      imagePart(await pngImage()),
    ]);
    expect(two.statusCode).toBe(400);
    expect(two.json()).toEqual({ message: SERVER_ERRORS.tooManyFiles });
    expect((await t.app.inject({ url: '/api/monitors' })).json()).toHaveLength(before);
  });
});

describe('GET /api/monitors', () => {
  it('lists every monitor newest first, for anyone', async () => {
    const older = await createMonitor(t.app, { createdAt: '2031-01-01T00:00:00.000Z' });
    const newer = await createMonitor(t.app, {
      name: 'Pablo Ruiz',
      roleDescription: 'Scouter de Clan',
      description: 'Guía de montaña',
      createdAt: '2031-02-01T00:00:00.000Z',
    });
    const res = await t.app.inject({ url: '/api/monitors' });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.slice(0, 2).map((m: { id: number }) => m.id)).toEqual([newer.id, older.id]);
    expect(list[0]).toEqual({
      id: newer.id,
      name: 'Pablo Ruiz',
      role_description: 'Scouter de Clan',
      description: 'Guía de montaña',
      image_url: `/media/${newer.imageKey}`,
      thumb_url: `/media/${newer.thumbKey}`,
      placeholder: 'data:image/webp;base64,UklGRg==',
      width: 6,
      height: 8,
      created_at: '2031-02-01T00:00:00.000Z',
      updated_at: '2031-02-01T00:00:00.000Z',
    });
    const signedIn = await t.app.inject({ url: '/api/monitors', headers: admin.headers });
    expect(signedIn.json()).toEqual(list);
    const badToken = await t.app.inject({
      url: '/api/monitors',
      headers: { authorization: 'Bearer basura' },
    });
    expect(badToken.statusCode).toBe(401);
    expect(badToken.json()).toEqual({ message: SERVER_ERRORS.invalidToken });
  });
});

describe('PUT /api/monitors/:id', () => {
  it('edits the texts and keeps the photo when none is sent', async () => {
    const before = await created({ description: 'Texto' });
    const res = await send('PUT', `/api/monitors/${before.id}`, [
      ...textParts({ name: 'Lucía M.', role_description: 'Coordinadora' }),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(SERVER_SUCCESS.monitorUpdated);
    expect(res.json().monitor).toMatchObject({
      id: before.id,
      name: 'Lucía M.',
      role_description: 'Coordinadora',
      description: 'Texto',
      image_url: before.image_url,
      thumb_url: before.thumb_url,
    });
    expect(existsSync(fileOf(before.image_url))).toBe(true);

    // JSON too: a null description, like an absent one, leaves it as it is.
    const kept = await t.app.inject({
      method: 'PUT',
      url: `/api/monitors/${before.id}`,
      headers: admin.headers,
      payload: { name: 'Lucía M.', role_description: 'Coordinadora', description: null },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().monitor).toMatchObject({ name: 'Lucía M.', description: 'Texto' });

    // A blank description clears it.
    const json = await t.app.inject({
      method: 'PUT',
      url: `/api/monitors/${before.id}`,
      headers: admin.headers,
      payload: { name: 'Por JSON', role_description: 'Scouter', description: '' },
    });
    expect(json.statusCode).toBe(200);
    expect(json.json().monitor).toMatchObject({
      name: 'Por JSON',
      description: null,
      image_url: before.image_url,
    });

    const invalid = await send('PUT', `/api/monitors/${before.id}`, textParts({ name: 'Ana' }));
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({
      message: MSG.monitorRoleRequired,
      errors: [{ field: 'role_description', message: MSG.monitorRoleRequired }],
    });
  });

  it('replaces the photo and deletes the old files', async () => {
    const before = await created();
    const oldFiles = [fileOf(before.image_url), fileOf(before.thumb_url)];
    expect(oldFiles.every((f) => existsSync(f))).toBe(true);
    const res = await send('PUT', `/api/monitors/${before.id}`, [
      ...textParts({ name: 'Foto nueva', role_description: 'Scouter' }),
      imagePart(await pngImage(500, 500, '#16a085')),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const { monitor } = res.json();
    expect(monitor.image_url).not.toBe(before.image_url);
    expect([monitor.width, monitor.height]).toEqual([500, 500]);
    expect(oldFiles.some((f) => existsSync(f))).toBe(false);
    expect(existsSync(fileOf(monitor.image_url))).toBe(true);
    expect((await t.app.inject({ url: before.image_url })).statusCode).toBe(404);
  });

  it('keeps the old photo when the new one is refused', async () => {
    const before = await created();
    const res = await send('PUT', `/api/monitors/${before.id}`, [
      ...textParts({ name: 'Mala', role_description: 'Scouter' }),
      imagePart(Buffer.from('no soy una imagen'), 'x.png'),
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: MSG.imageUnsupported });
    const list = (await t.app.inject({ url: '/api/monitors' })).json();
    expect(list.find((m: { id: number }) => m.id === before.id)).toEqual(before);
    expect(existsSync(fileOf(before.image_url))).toBe(true);
  });

  it('answers 404 for a monitor that does not exist, and 400 for a bad id', async () => {
    const res = await send('PUT', '/api/monitors/999999', [
      ...textParts({ name: 'Nadie', role_description: 'Scouter' }),
      imagePart(await pngImage()),
    ]);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: SERVER_ERRORS.monitorNotFound });
    const bad = await send(
      'PUT',
      '/api/monitors/abc',
      textParts({ name: 'X', role_description: 'Y' }),
    );
    expect(bad.statusCode).toBe(400);
  });
});

describe('DELETE /api/monitors/:id', () => {
  it('deletes the row and its files', async () => {
    const monitor = await created();
    const files = [fileOf(monitor.image_url), fileOf(monitor.thumb_url)];
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/monitors/${monitor.id}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: SERVER_SUCCESS.monitorDeleted });
    expect(files.some((f) => existsSync(f))).toBe(false);
    const list = (await t.app.inject({ url: '/api/monitors' })).json();
    expect(list.some((m: { id: number }) => m.id === monitor.id)).toBe(false);

    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/monitors/${monitor.id}`,
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: SERVER_ERRORS.monitorNotFound });
  });
});

describe('who may write', () => {
  it('lets only admins create, edit and delete; the rest get 401 or 403 and change nothing', async () => {
    const monitor = await created();
    const png = await pngImage(40, 40);
    const roles = [null, 'usuario', 'scouter'] as const;
    for (const role of roles) {
      const user = role ? await createUser(t.app, { role }) : null;
      const status = role ? 403 : 401;
      const message = role ? SERVER_ERRORS.forbidden : SERVER_ERRORS.unauthenticated;
      const fields = textParts({ name: 'Intruso', role_description: 'Nadie' });
      const post = await create([...fields, imagePart(png)], user);
      const put = await send('PUT', `/api/monitors/${monitor.id}`, fields, user);
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/monitors/${monitor.id}`,
        headers: user?.headers,
      });
      for (const res of [post, put, del]) {
        expect(res.statusCode, `${role}`).toBe(status);
        expect(res.json()).toEqual({ message });
      }
    }
    const list = (await t.app.inject({ url: '/api/monitors' })).json();
    expect(list.find((m: { id: number }) => m.id === monitor.id)).toEqual(monitor);
    expect(list.some((m: { name: string }) => m.name === 'Intruso')).toBe(false);
  });
});
