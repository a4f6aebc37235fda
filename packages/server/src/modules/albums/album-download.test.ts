import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SERVER_ERRORS } from '@fogata/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-app.js';
import { createUser, isoFromNow, type TestUser } from '../../test/factories.js';
import { createAlbum, createPhoto } from '../../test/gallery-factories.js';
import { metadataTraces, multipartParts, phonePhoto } from '../../test/images.js';
import { readZip } from '../../test/zip.js';
import { DOWNLOAD_LINK_TTL_SECONDS, entryName, fileSlug } from './album-download.js';

let t: TestApp;
let member: TestUser;
let scouter: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  member = await createUser(t.app);
  scouter = await createUser(t.app, { role: 'scouter' });
});
afterAll(() => t.close());

function download(id: number | string, user?: TestUser) {
  return t.app.inject({ url: `/api/albums/${id}/download`, headers: user?.headers });
}

async function bytesOf(key: string): Promise<Buffer> {
  const file = await t.app.ctx.storage.read(key);
  if (!file) throw new Error(`no file ${key}`);
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('file names', () => {
  it('come from the title: ASCII, lower case, hyphens, no accents', () => {
    expect(fileSlug('Campamento de Verano ¡2025!')).toBe('campamento-de-verano-2025');
    expect(fileSlug('Ñandúes & Castores — Otoño')).toBe('nandues-castores-otono');
    expect(fileSlug('../../etc/passwd')).toBe('etc-passwd');
    expect(fileSlug('"; filename=x.exe')).toBe('filename-x-exe');
    expect(fileSlug('🔥🔥')).toBe('album');
    expect(fileSlug('a'.repeat(200))).toHaveLength(60);
  });

  it('number the photos in order, with as many digits as the album needs', () => {
    expect(entryName('campamento', 0, 12, 'private/photos/x.webp')).toBe('campamento-001.webp');
    expect(entryName('campamento', 1233, 2000, 'private/photos/x.webp')).toBe(
      'campamento-1234.webp',
    );
  });
});

describe('GET /api/albums/:id/download', () => {
  it("gives a member the album's display copies, stored, named by title and order", async () => {
    const album = await createAlbum(t.app, { title: 'Campamento de Verano' });
    const older = await createPhoto(t.app, album.id, {
      createdAt: isoFromNow(-20_000),
      withFiles: true,
    });
    const newer = await createPhoto(t.app, album.id, {
      createdAt: isoFromNow(-10_000),
      withFiles: true,
    });
    const res = await download(album.id, member);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="campamento-de-verano.zip"',
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const entries = readZip(res.rawPayload);
    // The album's order: newest first, as the album page shows them.
    expect(entries.map((e) => e.name)).toEqual([
      'campamento-de-verano-001.webp',
      'campamento-de-verano-002.webp',
    ]);
    expect(entries.every((e) => e.method === 0)).toBe(true);
    expect(entries[0]?.data).toEqual(await bytesOf(newer.imageKey));
    expect(entries[1]?.data).toEqual(await bytesOf(older.imageKey));
  });

  it('carries no metadata: a phone photo with GPS comes out without any', async () => {
    const album = await createAlbum(t.app, { title: 'Excursión' });
    const body = multipartParts([
      { name: 'albumId', value: String(album.id) },
      { field: 'images', filename: 'movil.jpg', type: 'image/jpeg', data: await phonePhoto() },
    ]);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/photos/upload',
      headers: { ...scouter.headers, ...body.headers },
      payload: body.payload,
    });
    expect(up.statusCode).toBe(201);
    const [entry] = readZip((await download(album.id, member)).rawPayload);
    expect(entry?.name).toBe('excursion-001.webp');
    expect(entry?.data?.subarray(8, 12).toString()).toBe('WEBP');
    expect(await metadataTraces(entry?.data as Buffer)).toEqual([]);
  });

  it('leaves hidden photos out, for managers too', async () => {
    const album = await createAlbum(t.app, { title: 'Ruta' });
    const shown = await createPhoto(t.app, album.id, { withFiles: true });
    const hidden = await createPhoto(t.app, album.id, { withFiles: true });
    await t.app.ctx.db.kysely
      .updateTable('photos')
      .set({ hidden_at: new Date().toISOString() })
      .where('id', '=', hidden.id)
      .execute();
    for (const user of [member, scouter]) {
      const entries = readZip((await download(album.id, user)).rawPayload);
      expect(entries).toHaveLength(1);
      expect(entries[0]?.data).toEqual(await bytesOf(shown.imageKey));
    }
  });

  it('a draft: managers download it, members get a 404 as if it did not exist', async () => {
    const album = await createAlbum(t.app, { title: 'Borrador' });
    await createPhoto(t.app, album.id, { withFiles: true });
    await t.app.ctx.db.kysely
      .updateTable('albums')
      .set({ status: 'draft' })
      .where('id', '=', album.id)
      .execute();
    const res = await download(album.id, member);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: SERVER_ERRORS.albumNotFound });
    const admin = await createUser(t.app, { role: 'admin' });
    for (const user of [scouter, admin]) {
      const ok = await download(album.id, user);
      expect(ok.statusCode).toBe(200);
      expect(readZip(ok.rawPayload)).toHaveLength(1);
    }
  });

  it('an empty album is an empty, valid archive', async () => {
    const album = await createAlbum(t.app, { title: 'Vacío' });
    const res = await download(album.id, member);
    expect(res.statusCode).toBe(200);
    expect(readZip(res.rawPayload)).toEqual([]);
  });

  it('refuses the anonymous, an unknown album and a bad id', async () => {
    const album = await createAlbum(t.app);
    expect((await download(album.id)).statusCode).toBe(401);
    const missing = await download(999_999, member);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: SERVER_ERRORS.albumNotFound });
    expect((await download('1e3', member)).statusCode).toBe(400);
  });

  it('is not compressed again on the way out (the photos are already compressed)', async () => {
    const album = await createAlbum(t.app);
    await createPhoto(t.app, album.id, { withFiles: true });
    const res = await t.app.inject({
      url: `/api/albums/${album.id}/download`,
      headers: { ...member.headers, 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(readZip(res.rawPayload)).toHaveLength(1);
  });
});

describe('a file missing from storage', () => {
  it('cuts the download off instead of sending a ZIP without it, and the server goes on', async () => {
    const album = await createAlbum(t.app, { title: 'Roto' });
    await createPhoto(t.app, album.id, { withFiles: true });
    await createPhoto(t.app, album.id, { withFiles: false });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const outcome = await new Promise<string>((resolve) => {
      const req = get(
        {
          port,
          host: '127.0.0.1',
          path: `/api/albums/${album.id}/download`,
          headers: member.headers,
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.complete ? 'complete' : 'cut'));
          res.on('error', () => resolve('cut'));
          res.on('aborted', () => resolve('cut'));
        },
      );
      req.on('error', () => resolve('cut'));
    });
    expect(outcome).toBe('cut');
    const again = await download((await createAlbum(t.app)).id, member);
    expect(again.statusCode).toBe(200);
  });
});

const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

describe('POST /api/albums/:id/download-link', () => {
  async function link(id: number, user: TestUser): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/albums/${id}/download-link`,
      headers: user.headers,
    });
    expect(res.statusCode).toBe(200);
    return res.json().url;
  }

  it('opens the download without a session header, for a minute, for that album only', async () => {
    const album = await createAlbum(t.app, { title: 'Enlace' });
    await createPhoto(t.app, album.id, { withFiles: true });
    const url = await link(album.id, member);
    expect(url).toMatch(new RegExp(`^/api/albums/${album.id}/download\\?token=`));
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(readZip(res.rawPayload)).toHaveLength(1);
    // Another album with the same token, a changed signature: refused.
    const other = await createAlbum(t.app);
    const token = new URL(url, 'http://x').searchParams.get('token') as string;
    for (const bad of [
      `/api/albums/${other.id}/download?token=${token}`,
      `${url.slice(0, -1)}${url.endsWith('A') ? 'B' : 'A'}`,
      // The same signature bytes spelt another way (the last character's unused low bit).
      `${url.slice(0, -1)}${B64URL[(B64URL.indexOf(url.at(-1) as string) ^ 1) % 64]}`,
      `/api/albums/${album.id}/download?token=x`,
    ]) {
      const refused = await t.app.inject({ url: bad });
      expect(refused.statusCode, bad).toBe(401);
      expect(refused.json()).toEqual({ message: SERVER_ERRORS.mediaLinkInvalid });
    }
  });

  it('expires after a minute', async () => {
    const album = await createAlbum(t.app);
    const url = await link(album.id, member);
    const now = Date.now();
    const clock = vi
      .spyOn(Date, 'now')
      .mockReturnValue(now + (DOWNLOAD_LINK_TTL_SECONDS + 2) * 1000);
    try {
      expect((await t.app.inject({ url })).statusCode).toBe(401);
    } finally {
      clock.mockRestore();
    }
  });

  it("no link to a draft for a member; a deleted user's link stops working", async () => {
    const draft = await createAlbum(t.app);
    await t.app.ctx.db.kysely
      .updateTable('albums')
      .set({ status: 'draft' })
      .where('id', '=', draft.id)
      .execute();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/albums/${draft.id}/download-link`,
      headers: member.headers,
    });
    expect(res.statusCode).toBe(404);
    const leaving = await createUser(t.app);
    const album = await createAlbum(t.app);
    const url = await link(album.id, leaving);
    await t.app.ctx.db.kysely.deleteFrom('users').where('id', '=', leaving.row.id).execute();
    expect((await t.app.inject({ url })).statusCode).toBe(401);
  });
});
