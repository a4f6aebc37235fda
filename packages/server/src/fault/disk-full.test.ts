// DATA_DIR on a file system that fills up: uploads (and, on SQLite, comments) get a
// Spanish 503 that says the server is out of space and to try later — not a broken-form 400 or a
// 500 — logged once as an error; readiness reports the disk; nothing is half-written; and it all
// works again once space is freed, with no restart. The server runs in a mount namespace of its
// own with DATA_DIR on a small tmpfs (no root needed on the host), filled and freed from inside.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_ERRORS } from '@fogata/shared';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_KEY_COLUMNS } from '../media/journal.repository.js';
import { createPgDatabase } from '../test/build-app.js';
import { multipart, pngImage } from '../test/images.js';
import { type ServerProcess, startServerProcess } from '../test/server-process.js';

const ADMIN = { email: 'kraal@example.org', password: 'contraseña-del-kraal' };
const onPostgres = Boolean(process.env.DATABASE_URL?.startsWith('postgres'));

/** packages/server, where the database driver resolves. */
const serverRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Runs `command` inside the server's mount namespace (in folder `wd` when given); its output. */
function inServerNamespace(server: ServerProcess, command: string[], wd?: string): string {
  const r = spawnSync(
    'nsenter',
    [
      '-t',
      String(server.child.pid),
      '-U',
      '-m',
      '--preserve-credentials',
      ...(wd ? [`--wd=${wd}`] : []),
      ...command,
    ],
    { encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`nsenter falló (${r.status}): ${r.stderr}`);
  return r.stdout;
}

/** Runs `script` (sh, with DATA_DIR as $1) inside the server's mount namespace; its output. */
function insideServer(server: ServerProcess, dataDir: string, script: string): string {
  return inServerNamespace(server, ['sh', '-c', script, 'sh', dataDir]);
}

/** Every file in the store (hidden ones too), as media keys, read inside the server's namespace. */
function storedKeys(server: ServerProcess, dataDir: string): string[] {
  return insideServer(server, dataDir, 'cd "$1" && find media media-private -type f')
    .split('\n')
    .filter(Boolean)
    .map((path) => path.replace(/^media-private\//, 'private/').replace(/^media\//, ''))
    .sort();
}

/** Every file under the temp uploads' folder, read inside the server's namespace. */
function tempUploads(server: ServerProcess, dataDir: string): string[] {
  return insideServer(server, dataDir, 'cd "$1" && find tmp -type f 2>/dev/null; true')
    .split('\n')
    .filter(Boolean);
}

/**
 * Fills the server's DATA_DIR until only `kb` KiB are free (the filler replaces the previous
 * one): the next write that needs more fails there, wherever it falls.
 */
function fillLeaving(server: ServerProcess, dataDir: string, kb: number): void {
  insideServer(
    server,
    dataDir,
    `rm -f "$1/relleno"; free=$(df -k --output=avail "$1" | tail -n 1); n=$((free - ${kb}));
     if [ "$n" -gt 0 ]; then head -c "$n"K /dev/zero > "$1/relleno" 2>/dev/null; fi; true`,
  );
}

/** A photo of noise, which no codec shrinks much: its copies take room on the disk. */
function noisyPng(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** Every media key a row points to, read from the database itself (SQLite inside the namespace). */
async function referencedKeys(server: ServerProcess, dataDir: string, pgUrl?: string) {
  const selects = Object.entries(MEDIA_KEY_COLUMNS).map(
    ([table, columns]) => `select ${columns.join(', ')} from ${table}`,
  );
  const rows: Record<string, string | null>[] = [];
  if (pgUrl) {
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    try {
      for (const select of selects) rows.push(...(await client.query(select)).rows);
    } finally {
      await client.end();
    }
  } else {
    // The tmpfs is mounted only in the server's namespace: read there, by a node of our own.
    const read = `const db = new (require('better-sqlite3'))(process.argv[1] + '/fogata.db', { fileMustExist: true });
      const rows = ${JSON.stringify(selects)}.flatMap((select) => db.prepare(select).all());
      db.close();
      process.stdout.write(JSON.stringify(rows));`;
    const out = inServerNamespace(server, [process.execPath, '-e', read, dataDir], serverRoot);
    rows.push(...(JSON.parse(out) as typeof rows));
  }
  return [...new Set(rows.flatMap((row) => Object.values(row)).filter(Boolean))].sort();
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

  let pgUrl: string | undefined;

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
    pgUrl = pgDb?.url;
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
    // Beside them, the copies blurred whole that the uploads stored for families, as long as
    // their rows are there (the scan looks for faces meanwhile, and the copies then go).
    const copies = async () =>
      (await referencedKeys(server, dataDir, pgUrl)).filter(
        (key): key is string => key?.startsWith('private/renditions/') === true,
      );
    const expected = async () => [...referenced, ...(await copies())].sort();
    const deadline = Date.now() + 60_000;
    let stored = storedKeys(server, dataDir);
    let wanted = await expected();
    while (JSON.stringify(stored) !== JSON.stringify(wanted) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      stored = storedKeys(server, dataDir);
      wanted = await expected();
    }
    expect(stored).toEqual(wanted);
    expect(server.child.exitCode).toBeNull();
  }, 300_000);

  it('leaves no file without a row when the disk fills at any point of an upload', async () => {
    const flat = await pngImage(800, 600);
    const noisy = await noisyPng(240, 180);
    const image = (field: string, data: Buffer) => ({
      field,
      filename: 'foto.png',
      type: 'image/png',
      data,
    });
    // Each upload on a connection of its own, closed after it, as a browser does with one whose
    // body the server refused before its end: the answer must arrive all the same.
    const send = (method: string, path: string, form: ReturnType<typeof multipart>) =>
      new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
        const req = request(
          `${server.url}${path}`,
          {
            method,
            agent: false,
            headers: { ...form.headers, authorization: auth, connection: 'close' },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => {
              const text = Buffer.concat(chunks).toString('utf8');
              resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) });
            });
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(form.payload);
      });
    const album = await send(
      'POST',
      '/api/albums/newAlbum',
      multipart({ title: 'Campamento de verano' }, [image('cover', flat)]),
    );
    expect(album.status).toBe(201);
    const albumId = (album.body.album as { id: number }).id;
    // Every path that writes files before its row: photos (two, and a batch as the screens send
    // them), an album's cover (new and replaced), a news image (with its original), an avatar.
    // `changes`: what it changes as the API shows it; `status`: its answer when accepted.
    const photos = (files: Buffer[]) =>
      send(
        'POST',
        '/api/photos/upload',
        multipart(
          { albumId: String(albumId) },
          files.map((data) => image('images', data)),
        ),
      );
    const uploads: {
      changes: string;
      status: number;
      upload: (data: Buffer) => Promise<{ status: number; body: unknown }>;
    }[] = [
      { changes: 'fotos', status: 201, upload: (data) => photos([flat, data]) },
      {
        changes: 'fotos',
        status: 201,
        upload: (data) => photos(Array.from({ length: 10 }, (_, i) => (i % 2 ? flat : data))),
      },
      {
        changes: 'portada',
        status: 201,
        upload: (data) =>
          send(
            'POST',
            '/api/albums/newAlbum',
            multipart({ title: 'Salida de otoño' }, [image('cover', data)]),
          ),
      },
      {
        changes: 'noticia',
        status: 201,
        upload: (data) =>
          send(
            'POST',
            '/api/news',
            multipart(
              {
                title: 'Vuelta del campamento',
                description: 'Ya estamos en casa.',
                content: 'Llegamos todos.',
              },
              [image('image', data)],
            ),
          ),
      },
      {
        changes: 'portada nueva',
        status: 200,
        upload: (data) =>
          send(
            'PUT',
            `/api/albums/${albumId}`,
            multipart({ title: 'Campamento de verano' }, [image('cover', data)]),
          ),
      },
      {
        changes: 'avatar',
        status: 200,
        upload: (data) => send('PUT', '/api/profile/me', multipart({}, [image('avatar', data)])),
      },
    ];
    // From room for nothing to room for most of an upload: the write that fails is the temp file,
    // a copy, the original, the media journal's row or the database's own log.
    const margins = [0, 4, 8, 12, 16, 24, 32, 48, 64, 96, 128, 160, 192, 256, 320];
    // What each upload changes, as the API shows it: a refused one must have changed nothing, an
    // accepted one its part.
    const fetchJson = async (path: string) =>
      (await fetch(`${server.url}${path}`, { headers: { authorization: auth } })).json();
    const list = async (path: string) => (await fetchJson(path)) as unknown[];
    const snapshot = async (): Promise<Record<string, unknown>> => ({
      fotos: (await list(`/api/photos/album/${albumId}`)).length,
      portada: (await list('/api/albums')).length,
      noticia: (await list('/api/news')).length,
      'portada nueva': keyOfUrl(
        ((await fetchJson(`/api/albums/${albumId}`)) as { cover: string }).cover,
      ),
      avatar: ((await fetchJson('/api/profile/me')) as { avatar_url: string | null }).avatar_url,
    });
    const answers: string[] = [];
    const unexpected: unknown[] = [];
    const isDiskFullAnswer = (body: unknown) =>
      JSON.stringify(body) === JSON.stringify({ message: SERVER_ERRORS.diskFull });
    // One upload's state after is the next one's before: nothing runs between the two reads.
    let before = await snapshot();
    try {
      for (const margin of margins) {
        for (const [index, { changes, status, upload }] of uploads.entries()) {
          for (const data of [flat, noisy]) {
            fillLeaving(server, dataDir, margin);
            const answer = await upload(data);
            insideServer(server, dataDir, 'rm -f "$1/relleno"');
            const after = await snapshot();
            const ok = answer.status === status;
            answers.push(ok ? 'ok' : `${answer.status} ${JSON.stringify(answer.body)}`);
            const what = { upload: index, margin, noisy: data === noisy };
            if (!ok && !(answer.status === 503 && isDiskFullAnswer(answer.body))) {
              unexpected.push({ ...what, ...answer });
            }
            // Its part moved if it was accepted, and not if it was refused.
            if (ok !== (after[changes] !== before[changes])) {
              unexpected.push({ ...what, status: answer.status, before, after });
            }
            before = after;
          }
        }
      }
    } finally {
      insideServer(server, dataDir, 'rm -f "$1/relleno"');
    }
    // Both sides were tried: some uploads landed, some were refused.
    expect(answers).toContain('ok');
    expect(answers.filter((answer) => answer !== 'ok').length).toBeGreaterThan(0);

    // Room again: once the sweeps have run, the store holds exactly what the rows point to.
    const deadline = Date.now() + 180_000;
    let stored = storedKeys(server, dataDir);
    let referenced = await referencedKeys(server, dataDir, pgUrl);
    while (
      (JSON.stringify(stored) !== JSON.stringify(referenced) ||
        tempUploads(server, dataDir).length > 0) &&
      Date.now() < deadline
    ) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      stored = storedKeys(server, dataDir);
      referenced = await referencedKeys(server, dataDir, pgUrl);
    }
    expect(stored).toEqual(referenced);
    expect(tempUploads(server, dataDir)).toEqual([]);
    // Every refusal was the full disk's 503, never a 500, and every answer told what happened.
    expect(unexpected).toEqual([]);
    expect(server.child.exitCode).toBeNull();
  }, 900_000);
});
