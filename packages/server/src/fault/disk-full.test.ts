// DATA_DIR on a file system that fills up: uploads (and, on SQLite, comments) get a
// Spanish 503 that says the server is out of space and to try later — not a broken-form 400 or a
// 500 — logged once as an error; readiness reports the disk; nothing is half-written; and it all
// works again once space is freed, with no restart. The server runs in a mount namespace of its
// own with DATA_DIR on a small tmpfs (no root needed on the host), filled and freed from inside.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_ERRORS } from '@fogata/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDatabase } from '../test/build-app.js';
import { multipart, pngImage } from '../test/images.js';
import { type ServerProcess, startServerProcess } from '../test/server-process.js';

const ADMIN = { email: 'kraal@example.org', password: 'contraseña-del-kraal' };
const onPostgres = Boolean(process.env.DATABASE_URL?.startsWith('postgres'));

/** Runs `script` (sh, with DATA_DIR as $1) inside the server's mount namespace; its output. */
function insideServer(server: ServerProcess, dataDir: string, script: string): string {
  const r = spawnSync(
    'nsenter',
    [
      '-t',
      String(server.child.pid),
      '-U',
      '-m',
      '--preserve-credentials',
      'sh',
      '-c',
      script,
      'sh',
      dataDir,
    ],
    { encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`nsenter falló (${r.status}): ${r.stderr}`);
  return r.stdout;
}

/** Every file in the store (hidden ones too), as media keys, read inside the server's namespace. */
function storedKeys(server: ServerProcess, dataDir: string): string[] {
  return insideServer(server, dataDir, 'cd "$1" && find media media-private -type f')
    .split('\n')
    .filter(Boolean)
    .map((path) => path.replace(/^media-private\//, 'private/').replace(/^media\//, ''))
    .sort();
}

/** The storage key behind a media URL the API gave. */
function keyOfUrl(url: string): string {
  const path = url.split('?')[0] ?? '';
  return path.startsWith('/media/p/') ? `private/${path.slice(9)}` : path.slice(7);
}

describe(`a full disk under DATA_DIR (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fogata-disk-full-'));
  let pgDb: Awaited<ReturnType<typeof createPgDatabase>> = null;
  let server: ServerProcess;
  let auth = '';

  const call = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(`${server.url}${path}`, {
      ...init,
      headers: { authorization: auth, ...init.headers },
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const upload = async (albumId: number) => {
    const form = multipart({ albumId: String(albumId) }, [
      { field: 'images', filename: 'foto.png', type: 'image/png', data: await pngImage(800, 600) },
    ]);
    return call('/api/photos/upload', {
      method: 'POST',
      headers: form.headers,
      body: form.payload,
    });
  };
  const comment = (photoId: number) =>
    call(`/api/photos/${photoId}/comments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ comment_text: 'Qué buena salida' }),
    });

  beforeAll(async () => {
    pgDb = await createPgDatabase();
    server = await startServerProcess(
      dataDir,
      {
        JWT_SECRET: randomBytes(32).toString('base64url'),
        DATABASE_URL: pgDb?.url,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      },
      {
        wrapper: [
          'unshare',
          '--user',
          '--map-root-user',
          '--mount',
          'sh',
          '-c',
          `mount -t tmpfs -o size=32m tmpfs '${dataDir}' && exec "$0" "$@"`,
        ],
      },
    );
    const login = await call('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    auth = `Bearer ${login.body.token as string}`;
  });
  afterAll(async () => {
    await server?.stop();
    await pgDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers the Spanish 503 of a full disk, logs it once, reports it, and recovers', async () => {
    const cover = multipart({ title: 'Campamento de Semana Santa' }, [
      { field: 'cover', filename: 'portada.png', type: 'image/png', data: await pngImage() },
    ]);
    const album = await call('/api/albums/newAlbum', {
      method: 'POST',
      headers: cover.headers,
      body: cover.payload,
    });
    expect(album.status).toBe(201);
    const albumId = (album.body.album as { id: number }).id;
    const first = await upload(albumId);
    expect(first.status).toBe(201);
    const photoId = (first.body.uploaded as { id: number }[])[0]?.id as number;
    const ready = await call('/api/health/ready');
    expect(ready.body).toMatchObject({ status: 'ok', disk: 'ok' });

    insideServer(server, dataDir, 'cat /dev/zero > "$1/relleno" 2>/dev/null; true');
    try {
      const full = { message: SERVER_ERRORS.diskFull };
      for (let i = 0; i < 3; i += 1) {
        const refused = await upload(albumId);
        expect(refused.status).toBe(503);
        expect(refused.body).toEqual(full);
      }
      const commented = await comment(photoId);
      if (onPostgres) {
        expect(commented.status).toBe(201);
      } else {
        expect(commented.status).toBe(503);
        expect(commented.body).toEqual(full);
      }
      const notReady = await call('/api/health/ready');
      expect(notReady.status).toBe(503);
      expect(notReady.body).toMatchObject({ disk: 'error', message: SERVER_ERRORS.diskFull });
      // One error line for the operator, not one per request (the log is flushed each second).
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const logged = server
        .output()
        .split('\n')
        .filter((line) => line.includes('sin espacio en disco'));
      expect(logged).toHaveLength(1);
      expect(JSON.parse(logged[0] as string)).toMatchObject({ level: 50, dependency: 'disk' });
    } finally {
      insideServer(server, dataDir, 'rm -f "$1/relleno"');
    }

    // Space again: the same process works, and only what was acknowledged is there.
    expect((await call('/api/health/ready')).status).toBe(200);
    expect((await upload(albumId)).status).toBe(201);
    expect((await comment(photoId)).status).toBe(201);
    const photos = await call(`/api/photos/album/${albumId}`);
    expect(photos.status).toBe(200);
    // The first photo and the one after: none of the refused ones left a row.
    expect(photos.body).toHaveLength(2);
    // Nor a file: the store holds exactly what the rows point to (the cover, the two photos).
    const albumNow = await call(`/api/albums/${albumId}`);
    const referenced = [
      ...['cover', 'cover_thumb'].map((field) => albumNow.body[field] as string),
      ...(photos.body as unknown as { image_url: string; thumb_url: string }[]).flatMap((photo) => [
        photo.image_url,
        photo.thumb_url,
      ]),
    ].map(keyOfUrl);
    expect(storedKeys(server, dataDir)).toEqual(referenced.sort());
    expect(server.child.exitCode).toBeNull();
  }, 300_000);
});
