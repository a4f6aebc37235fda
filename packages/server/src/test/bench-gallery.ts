// Gallery figures for `npm run bench` (scripts/bench.mjs bundles and runs this): the app in this
// process on a fresh SQLite file, seeded straight in the database, read over real HTTP, with
// every SQL statement counted. Prints figures; never fails on a time.
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from './build-app.js';
import { createUser } from './factories.js';
import { countQueries } from './gallery-factories.js';

const PLACEHOLDER = 'data:image/webp;base64,UklGRg==';

/** Inserts rows in chunks (SQLite caps the bound parameters of one statement). */
export async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 400) await insert(rows.slice(i, i + 400));
}

/** Albums with `photosEach` photos, each photo liked by every fan and commented twice. */
async function seed(app: FastifyInstance, albums: number, photosEach: number, fans: number[]) {
  const db = app.ctx.db.kysely;
  const now = Date.now();
  const albumIds: number[] = [];
  for (let a = 0; a < albums; a += 1) {
    const at = new Date(now - a * 60_000).toISOString();
    const row = await db
      .insertInto('albums')
      .values({
        title: `Álbum ${a}`,
        description: 'Una salida del grupo',
        cover_key: `private/albums/${'a'.repeat(32)}.webp`,
        cover_thumb_key: `private/albums/${'b'.repeat(32)}.webp`,
        cover_placeholder: PLACEHOLDER,
        cover_width: 1920,
        cover_height: 1280,
        created_by: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    albumIds.push(row.id);
    const photos = Array.from({ length: photosEach }, (_, p) => ({
      album_id: row.id,
      image_key: `private/photos/${'c'.repeat(32)}.webp`,
      thumb_key: `private/photos/${'d'.repeat(32)}.webp`,
      placeholder: PLACEHOLDER,
      width: 1920,
      height: 1280,
      description: null,
      uploaded_by: null,
      created_at: new Date(now - p * 1000).toISOString(),
    }));
    const photoIds: number[] = [];
    await insertChunked(photos, async (chunk) => {
      const ids = await db.insertInto('photos').values(chunk).returning('id').execute();
      photoIds.push(...ids.map((r) => r.id));
    });
    const at2 = new Date().toISOString();
    const likes = photoIds.flatMap((id) =>
      fans.map((user) => ({
        target_type: 'photo' as const,
        target_id: id,
        user_id: user,
        created_at: at2,
      })),
    );
    await insertChunked(likes, (chunk) => db.insertInto('likes').values(chunk).execute());
    const comments = photoIds.flatMap((id) =>
      [0, 1].map((i) => ({
        target_type: 'photo' as const,
        target_id: id,
        user_id: fans[i % fans.length]!,
        comment_text: '¡Qué buena foto!',
        created_at: at2,
        updated_at: at2,
      })),
    );
    await insertChunked(comments, (chunk) => db.insertInto('comments').values(chunk).execute());
  }
  return albumIds;
}

/**
 * `count` sequential GETs of `path` with `token` after a warm-up: the time of each (ms), and the
 * statements one of them runs and its size.
 */
export async function timedGets(
  app: FastifyInstance,
  base: string,
  path: string,
  token: string,
  count: number,
): Promise<{ times: number[]; queries: number; bytes: number }> {
  const get = async () => {
    const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    return res.arrayBuffer();
  };
  await get(); // warm-up
  const { queries, result } = await countQueries(app, get);
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const t0 = performance.now();
    await get();
    times.push(performance.now() - t0);
  }
  return { times, queries, bytes: result.byteLength };
}

/** Mean time of `count` sequential GETs and the statements one of them runs. */
async function measure(
  app: FastifyInstance,
  base: string,
  path: string,
  token: string,
  count: number,
) {
  const { times, queries, bytes } = await timedGets(app, base, path, token, count);
  const ms = times.reduce((sum, t) => sum + t, 0) / count;
  return `${ms.toFixed(1)} ms por petición, ${queries} consultas por petición, ${(bytes / 1024).toFixed(0)} KiB`;
}

/** The gallery lines of the benchmark. */
export async function galleryFigures(): Promise<string[]> {
  const t = await buildTestApp({ logLevel: 'silent' });
  try {
    const viewer = await createUser(t.app, { role: 'usuario' });
    const fans = [viewer.row.id];
    for (let i = 0; i < 2; i += 1) fans.push((await createUser(t.app)).row.id);
    const seeded = performance.now();
    await seed(t.app, 200, 20, fans);
    const [big] = await seed(t.app, 1, 2000, fans);
    const seedMs = performance.now() - seeded;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;
    return [
      `galería sembrada (201 álbumes, 6000 fotos, 18000 me gusta, 12000 comentarios): ${seedMs.toFixed(0)} ms`,
      `GET /api/albums (201 álbumes; 200 de ellos × 20 fotos) ×20: ${await measure(t.app, base, '/albums', viewer.token, 20)}`,
      `GET /api/photos/album/:id (2000 fotos) ×20: ${await measure(t.app, base, `/photos/album/${big}`, viewer.token, 20)}`,
    ];
  } finally {
    await t.close();
  }
}
