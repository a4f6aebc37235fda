import { existsSync, readdirSync } from 'node:fs';
import { Readable } from 'node:stream';
import { MSG, SERVER_ERRORS, SERVER_SUCCESS } from '@fogata/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { LocalStorage } from '../../media/storage/storage.js';
import { uploadsRoot } from '../../media/temp-uploads.js';
import { testAppPerFile } from '../../test/app-per-file.js';
import { createUser } from '../../test/factories.js';
import {
  injectParts,
  jpegWithGps,
  multipart,
  multipartParts,
  pngClaimingHugeSize,
  streamedZeroFiles,
} from '../../test/images.js';

const t = testAppPerFile();

function filePathOf(avatarUrl: string): string {
  return (t.app.ctx.storage as LocalStorage).path(avatarUrl.replace(/^\/media\//, ''));
}

function put(headers: Record<string, string>, body: ReturnType<typeof multipart>) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/profile/me',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

function putJson(headers: Record<string, string>, payload: object) {
  return t.app.inject({ method: 'PUT', url: '/api/profile/me', headers, payload });
}

describe('GET /api/profile/me', () => {
  it('returns the signed-in user', async () => {
    const u = await createUser(t.app, { role: 'scouter', name: 'Sergio' });
    const res = await t.app.inject({ url: '/api/profile/me', headers: u.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: u.row.id,
      name: 'Sergio',
      email: u.email,
      role: 'scouter',
      avatar_url: null,
      created_at: u.row.created_at,
      digest: 'weekly',
    });
  });
});

describe('PUT /api/profile/me', () => {
  it('changes the name (multipart or JSON)', async () => {
    const u = await createUser(t.app);
    const res = await put(u.headers, multipart({ name: '  Nombre Nuevo ' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: SERVER_SUCCESS.profileUpdated,
      user: expect.objectContaining({ id: u.row.id, name: 'Nombre Nuevo', avatar_url: null }),
    });
    const json = await putJson(u.headers, { name: 'Por JSON' });
    expect(json.statusCode).toBe(200);
    expect(json.json().user.name).toBe('Por JSON');
  });

  it('re-encodes the avatar as a 256 px WebP without EXIF or GPS, and replaces the old one', async () => {
    const u = await createUser(t.app);
    const photo = await jpegWithGps();
    expect((await sharp(photo).metadata()).exif).toBeDefined();

    const res = await put(
      u.headers,
      multipart({}, [{ field: 'avatar', filename: 'yo.jpg', type: 'image/jpeg', data: photo }]),
    );
    expect(res.statusCode).toBe(200);
    const { user } = res.json();
    expect(user.avatar_url).toMatch(/^\/media\/avatars\/[0-9a-f]{32}\.webp$/);
    const stored = filePathOf(user.avatar_url);
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([256, 256]);
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();

    // Served publicly, cached for good.
    const media = await t.app.inject({ url: user.avatar_url });
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('image/webp');
    expect(media.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(media.rawPayload.includes(Buffer.from('CamaraEspia'))).toBe(false);

    const second = await put(
      u.headers,
      multipart({ name: 'Con Foto' }, [
        { field: 'avatar', filename: 'otra.png', type: 'image/png', data: await pngSmall() },
      ]),
    );
    expect(second.statusCode).toBe(200);
    expect(second.json().user.name).toBe('Con Foto');
    expect(second.json().user.avatar_url).not.toBe(user.avatar_url);
    expect(existsSync(stored)).toBe(false);
    expect(existsSync(filePathOf(second.json().user.avatar_url))).toBe(true);
  });

  it('answers a broken multipart body with a Spanish 400, not a 500', async () => {
    const u = await createUser(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/me',
      headers: { ...u.headers, 'content-type': 'multipart/form-data; boundary=xx' },
      payload: 'esto no es multipart',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: SERVER_ERRORS.malformedMultipart });
  });

  it('judges the type by the bytes: a text file named .jpg is a 415', async () => {
    const u = await createUser(t.app);
    const res = await put(
      u.headers,
      multipart({}, [
        {
          field: 'avatar',
          filename: 'foto.jpg',
          type: 'image/jpeg',
          data: Buffer.from('esto no es una imagen, es texto'),
        },
      ]),
    );
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: MSG.imageUnsupported });
  });

  it('refuses an image claiming too many pixels with a 400', async () => {
    const u = await createUser(t.app);
    const res = await put(
      u.headers,
      multipart({}, [
        {
          field: 'avatar',
          filename: 'bomba.png',
          type: 'image/png',
          data: await pngClaimingHugeSize(),
        },
      ]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: SERVER_ERRORS.imageTooManyPixels });
  });

  it('refuses a file over 25 MB with a 413', async () => {
    const u = await createUser(t.app);
    const big = Buffer.alloc(25 * 1024 * 1024 + 10, 0xff);
    const res = await put(
      u.headers,
      multipart({}, [{ field: 'avatar', filename: 'grande.jpg', type: 'image/jpeg', data: big }]),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: MSG.imageTooLarge });
  });

  it('asks for a change and validates the name', async () => {
    const u = await createUser(t.app);
    const nothing = await put(u.headers, multipart({}));
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toEqual({ message: MSG.profileNoChanges });
    const emptyFile = await put(
      u.headers,
      multipart({}, [
        { field: 'avatar', filename: '', type: 'application/octet-stream', data: Buffer.alloc(0) },
      ]),
    );
    expect(emptyFile.statusCode).toBe(400);
    expect(emptyFile.json()).toEqual({ message: MSG.profileNoChanges });
    const blank = await put(u.headers, multipart({ name: '   ' }));
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({
      message: MSG.profileNameEmpty,
      errors: [{ field: 'name', message: MSG.profileNameEmpty }],
    });
    const long = await put(u.headers, multipart({ name: 'x'.repeat(101) }));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(MSG.nameTooLong);
    const wrongType = await putJson(u.headers, { name: 42 });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().errors[0].field).toBe('name');
  });
});

/** Every file left under DATA_DIR/tmp/uploads (temp uploads), whatever the folder. */
function tempFiles(): string[] {
  const root = uploadsRoot(t.config.dataDir);
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

describe('PUT /api/profile/me with files it does not expect', () => {
  it('streams the body: ten 24 MB junk parts keep memory bounded and get a Spanish 4xx', async () => {
    const u = await createUser(t.app);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const before = process.memoryUsage();
    let peak = 0;
    const sample = setInterval(() => {
      const now = process.memoryUsage();
      peak = Math.max(peak, now.arrayBuffers - before.arrayBuffers, now.external - before.external);
    }, 5);
    // Generated as it is sent from one shared 1 MiB chunk: the test holds none of the 240 MB.
    const junk = streamedZeroFiles({ name: 'Con Basura' }, 'avatar', 10, 24 * 1024 * 1024);
    let res: { status: number; body: unknown };
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/api/profile/me`, {
        method: 'PUT',
        headers: { ...u.headers, ...junk.headers },
        body: Readable.toWeb(junk.payload) as ReadableStream<Uint8Array>,
        duplex: 'half',
      } as RequestInit);
      res = { status: answer.status, body: await answer.json() };
    } finally {
      clearInterval(sample);
    }
    // Streamed, the server reads a little over one part before it refuses, and the garbage
    // collector may leave that much unreclaimed for a while: well under the bound. A reader that
    // buffered every part whole and copied it once more would go far over it.
    expect(peak, `peak growth ${(peak / 2 ** 20).toFixed(1)} MB`).toBeLessThan(100 * 2 ** 20);
    // Refused at the second file part, or at 26 MB in all, whichever the server reads first.
    expect([
      { status: 400, body: { message: SERVER_ERRORS.tooManyFiles } },
      { status: 413, body: { message: MSG.imageTooLarge } },
    ]).toContainEqual(res);
    const row = await t.app.ctx.db.kysely
      .selectFrom('users')
      .select(['name', 'avatar_key'])
      .where('id', '=', u.row.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: u.row.name, avatar_key: null });
    expect(tempFiles()).toEqual([]);
  }, 300_000);

  it('refuses a second avatar part with a Spanish 400 and changes nothing', async () => {
    const u = await createUser(t.app);
    const avatar = {
      field: 'avatar',
      filename: 'yo.png',
      type: 'image/png',
      data: await pngSmall(),
    };
    const res = await injectParts(
      t.app,
      'PUT',
      '/api/profile/me',
      [{ name: 'name', value: 'Dos Caras' }, avatar, avatar],
      u.headers,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: SERVER_ERRORS.tooManyFiles });
    const me = await t.app.inject({ url: '/api/profile/me', headers: u.headers });
    expect(me.json()).toMatchObject({ name: u.row.name, avatar_url: null });
    expect(tempFiles()).toEqual([]);
  });

  it('reads a file in another field to the end and drops it; with an avatar it is one file too many', async () => {
    const u = await createUser(t.app);
    const other = {
      field: 'foto',
      filename: 'otra.png',
      type: 'image/png',
      data: await pngSmall(),
    };
    const alone = multipartParts([{ name: 'name', value: 'Sin Foto' }, other]);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/me',
      headers: { ...u.headers, ...alone.headers },
      payload: alone.payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ name: 'Sin Foto', avatar_url: null });

    const both = multipartParts([
      other,
      { field: 'avatar', filename: 'yo.png', type: 'image/png', data: await pngSmall() },
    ]);
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/me',
      headers: { ...u.headers, ...both.headers },
      payload: both.payload,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: SERVER_ERRORS.tooManyFiles });
    expect(tempFiles()).toEqual([]);
  });
});

function pngSmall(): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 200, channels: 4, background: '#2980b9' } })
    .png()
    .toBuffer();
}
