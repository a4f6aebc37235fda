// Public content figures for `npm run bench` (scripts/bench.mjs bundles and runs this): the app in
// this process on a fresh SQLite file, news seeded straight in the database, read over real HTTP
// with and without a session, with every SQL statement counted. Never fails on a time.

import { insertChunked } from './bench-gallery.js';
import { buildTestApp } from './build-app.js';
import { createUser } from './factories.js';
import { countQueries } from './gallery-factories.js';

const PLACEHOLDER = 'data:image/webp;base64,UklGRg==';

/** The news lines of the benchmark: 300 items, each liked by 3 people and commented twice. */
export async function contentFigures(): Promise<string[]> {
  const t = await buildTestApp({ logLevel: 'silent' });
  try {
    const db = t.app.ctx.db.kysely;
    const viewer = await createUser(t.app);
    const fans = [viewer.row.id];
    for (let i = 0; i < 2; i += 1) fans.push((await createUser(t.app)).row.id);
    const now = Date.now();
    const rows = Array.from({ length: 300 }, (_, i) => {
      const at = new Date(now - i * 60_000).toISOString();
      return {
        title: `Noticia ${i}`,
        description: 'Un resumen de la salida del fin de semana.',
        content: 'Texto completo de la noticia. '.repeat(40),
        image_key: `news/${'a'.repeat(32)}.webp`,
        image_thumb_key: `news/${'b'.repeat(32)}.webp`,
        image_placeholder: PLACEHOLDER,
        image_width: 1920,
        image_height: 1280,
        created_by: null,
        created_at: at,
        updated_at: at,
      };
    });
    const ids = (await db.insertInto('news').values(rows).returning('id').execute()).map(
      (r) => r.id,
    );
    const at = new Date().toISOString();
    const likes = ids.flatMap((id) =>
      fans.map((user) => ({
        target_type: 'news' as const,
        target_id: id,
        user_id: user,
        created_at: at,
      })),
    );
    await insertChunked(likes, (chunk) => db.insertInto('likes').values(chunk).execute());
    const comments = ids.flatMap((id) =>
      [0, 1].map((i) => ({
        target_type: 'news' as const,
        target_id: id,
        user_id: fans[i]!,
        comment_text: '¡Qué buena salida!',
        created_at: at,
        updated_at: at,
      })),
    );
    await insertChunked(comments, (chunk) => db.insertInto('comments').values(chunk).execute());

    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;
    const measure = async (path: string, token: string | null, count: number) => {
      const get = async () => {
        const res = await fetch(`${base}${path}`, {
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
        if (!res.ok) throw new Error(`${path}: ${res.status}`);
        return res.arrayBuffer();
      };
      await get(); // warm-up
      const { queries, result } = await countQueries(t.app, get);
      const t0 = performance.now();
      for (let i = 0; i < count; i += 1) await get();
      const ms = (performance.now() - t0) / count;
      return `${ms.toFixed(1)} ms por petición, ${queries} consultas por petición, ${(result.byteLength / 1024).toFixed(0)} KiB`;
    };
    return [
      `GET /api/news (300 noticias, 900 me gusta, 600 comentarios), sin sesión ×20: ${await measure('/news', null, 20)}`,
      `GET /api/news (300 noticias), con sesión ×20: ${await measure('/news', viewer.token, 20)}`,
      `GET /api/news?limit=3 (portada), sin sesión ×200: ${await measure('/news?limit=3', null, 200)}`,
    ];
  } finally {
    await t.close();
  }
}
