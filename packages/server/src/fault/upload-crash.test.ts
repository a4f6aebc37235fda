// A real server process killed with SIGKILL in the middle of a 10-photo upload, then started again
// on the same DATA_DIR and database: no stored file may be left that no row points to (a photo of
// a child that no delete in the app could ever reach), no temp upload may be left, and the
// database must be intact and serving.
import { readdirSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import SQLite from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { multipartParts, noisyJpeg, type Part, pngImage } from '../test/images.js';
import { processData } from '../test/process-db.js';
import {
  FIRST_ADMIN,
  type ServerProcess,
  signInWithAlbum,
  startServerProcess,
} from '../test/server-process.js';

const PHOTOS = 10;

/** Every file under `dir`, as paths relative to it with `/` separators; none when it is absent. */
function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'));
  } catch {
    return [];
  }
}

/** The media keys of the stored files: public under media/, members-only under media-private/. */
function storedKeys(dataDir: string): string[] {
  return [
    ...filesUnder(join(dataDir, 'media')),
    ...filesUnder(join(dataDir, 'media-private')).map((path) => `private/${path}`),
  ];
}

/** Every media key a row points to, read straight from the database. */
const KEY_QUERIES = [
  'select avatar_key as k from users',
  'select cover_key as k from albums union all select cover_thumb_key from albums',
  'select image_key as k from photos union all select thumb_key from photos',
  ...['news', 'experiences', 'monitors'].map(
    (table) => `select image_key as k from ${table} union all select image_thumb_key from ${table}`,
  ),
];

describe('kill -9 in the middle of an upload', () => {
  let server: ServerProcess | null = null;
  const data = processData('fogata-crash-', () => server);
  const { dataDir } = data;
  let env: Record<string, string | undefined>;
  let photo: Buffer;

  async function referencedKeys(): Promise<Set<string>> {
    const keys = new Set<string>();
    for (const query of KEY_QUERIES) {
      for (const row of await data.query<{ k: string | null }>(query)) {
        if (row.k) keys.add(row.k);
      }
    }
    return keys;
  }

  beforeAll(async () => {
    env = {
      DATABASE_URL: data.pgUrl(),
      ...FIRST_ADMIN,
      LOG_LEVEL: 'error',
    };
    photo = await noisyJpeg();
  }, 300_000);

  it('leaves no file without a row, no temp upload, and an intact database', async () => {
    server = await startServerProcess(dataDir, env);
    const { auth, albumId } = await signInWithAlbum(server.url);

    // Ten camera-sized photos: processing them takes seconds, so the kill lands mid-way.
    const parts: Part[] = [
      { name: 'albumId', value: String(albumId) },
      ...Array.from({ length: PHOTOS }, (_, i) => ({
        field: 'images',
        filename: `foto-${i}.jpg`,
        type: 'image/jpeg',
        data: photo,
      })),
    ];
    const body = multipartParts(parts);
    let answered = false;
    const uploading = fetch(`${server.url}/api/photos/upload`, {
      method: 'POST',
      headers: { ...auth, ...body.headers },
      body: body.payload,
    }).then(
      () => {
        answered = true;
      },
      () => undefined,
    );

    // SIGKILL as soon as the first photo's file is stored whole (renamed into place from the
    // hidden name it is written under), before any answer.
    const photosDir = join(dataDir, 'media-private', 'photos');
    // A ceiling for a loaded machine: each photo's faces are looked for first, on a busy core.
    const deadline = Date.now() + 60_000;
    let storedWhole = false;
    while (Date.now() < deadline && !answered && !storedWhole) {
      const stored = await readdir(photosDir).catch(() => []);
      storedWhole = stored.some((name) => !name.startsWith('.'));
      if (!storedWhole) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await server.kill9();
    expect(storedWhole, 'a photo file was stored before the kill').toBe(true);
    await uploading;
    expect(answered, 'the upload was answered before the kill').toBe(false);
    // What the crash left: photo files that no row points to, and the upload's temp files.
    const referencedBefore = await referencedKeys();
    const orphansBefore = storedKeys(dataDir).filter((key) => !referencedBefore.has(key));
    expect(orphansBefore.length).toBeGreaterThan(0);
    expect(filesUnder(join(dataDir, 'tmp')).length).toBeGreaterThan(0);

    server = await startServerProcess(dataDir, env);

    const referenced = await referencedKeys();
    const orphans = storedKeys(dataDir).filter((key) => !referenced.has(key));
    expect(orphans, 'stored files that no row points to').toEqual([]);
    expect(filesUnder(join(dataDir, 'tmp')), 'temp files left').toEqual([]);
    // The album's cover is still there (its row points to it).
    expect(storedKeys(dataDir).filter((key) => key.startsWith('private/albums/'))).toHaveLength(2);
    if (!data.pgUrl()) {
      const db = new SQLite(join(dataDir, 'fogata.db'), { readonly: true });
      try {
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      } finally {
        db.close();
      }
    }

    // And it still serves: the album, a new upload and its file.
    const albums = await fetch(`${server.url}/api/albums`, { headers: auth });
    expect(albums.status).toBe(200);
    expect(((await albums.json()) as { id: number }[]).map((a) => a.id)).toEqual([albumId]);
    const again = multipartParts([
      { name: 'albumId', value: String(albumId) },
      { field: 'images', filename: 'otra.png', type: 'image/png', data: await pngImage() },
    ]);
    const uploaded = await fetch(`${server.url}/api/photos/upload`, {
      method: 'POST',
      headers: { ...auth, ...again.headers },
      body: again.payload,
    });
    expect(uploaded.status).toBe(201);
    const [landed] = ((await uploaded.json()) as { uploaded: { image_url: string }[] }).uploaded;
    const file = await fetch(`${server.url}${landed?.image_url}`, { headers: auth });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/webp');
  }, 300_000);
});
