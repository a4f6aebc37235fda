import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { ALBUM_EARLY_SCRIPT, albumFirstReads, firstCommentsPath } from '@fogata/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-app.js';
import { createNews } from '../test/content-factories.js';
import { createUser } from '../test/factories.js';
import {
  countQueries,
  createAlbum,
  createComment,
  createPhoto,
} from '../test/gallery-factories.js';

// The web app's pages (decision 013): index.html's static shell filled in for the group and the
// page, the public config inline, hints for the page's own files and largest image; the build's
// assets sent precompressed with long caching. A fake build stands in for packages/web/dist.

const INDEX = readFileSync(new URL('../../../web/index.html', import.meta.url), 'utf8').replace(
  '</head>',
  '<script type="module" crossorigin src="/assets/index-abc.js"></script></head>',
);
const MANIFEST = {
  'index.html': { file: 'assets/index-abc.js', css: ['assets/index-abc.css'], imports: ['_x.js'] },
  '_x.js': { file: 'assets/x.js' },
  'src/features/landing/pages/landing-page.tsx': {
    file: 'assets/landing-page-1.js',
    imports: ['index.html', '_x.js', '_card.js'],
  },
  '_card.js': { file: 'assets/card-2.js' },
  'src/features/news/pages/news-detail-page.tsx': { file: 'assets/news-detail-page-3.js' },
  'src/styles/bootstrap-rest.scss': { file: 'assets/bootstrap-rest-4.css' },
  'src/features/gallery/pages/album-page.tsx': { file: 'assets/album-page-5.js' },
};
const SCRIPT = Buffer.from(`export const hello = '${'¡Hola, scouts! '.repeat(200)}';\n`);

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'fogata-web-dist-'));
  mkdirSync(join(dist, '.vite'), { recursive: true });
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  writeFileSync(join(dist, 'assets', 'index-abc.js'), SCRIPT);
  writeFileSync(join(dist, 'assets', 'index-abc.js.br'), brotliCompressSync(SCRIPT));
  t = await buildTestApp({
    webDist: dist,
    group: { name: 'Grupo Scout 73 <Los Pinos>', address: 'Calle Real 5', mapUrl: null },
  });
});

afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const page = (url: string) => t.app.inject({ url, headers: { accept: 'text/html' } });

describe('pages', () => {
  it('/ shows the group and the landing hero before any script, and hints its files', async () => {
    const news = await createNews(t.app);
    const thumb = (await t.app.inject({ url: '/api/news?limit=3' })).json()[0].thumb_url;
    const res = await page('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    expect(html).toContain(
      '<span class="text-truncate fw-semibold">Grupo Scout 73 &#60;Los Pinos&#62;</span>',
    );
    expect(html).toContain('class="hero ');
    expect(html).toContain('>73</text>');
    expect(html).toContain('Grupo Scout 73 &#60;Los Pinos&#62; · Calle Real 5');
    expect(html).not.toMatch(/\{\{\w+\}\}/);
    const config = /<script type="application\/json" id="fogata-config">(.*?)<\/script>/.exec(html);
    expect(JSON.parse(config![1]!)).toEqual((await t.app.inject({ url: '/api/config' })).json());
    expect(config![1]).not.toContain('<');
    // The landing's own chunks, not the entry's (index.html loads those itself).
    expect(html).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/landing-page-1.js" />',
    );
    expect(html).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/card-2.js" />',
    );
    expect(html).not.toContain('href="/assets/x.js"');
    expect(html).not.toContain('bootstrap-rest');
    expect(html).toContain(
      `<link rel="preload" as="image" href="${thumb}" fetchpriority="high" />`,
    );
    expect(news.id).toBeGreaterThan(0);
  });

  it("another page has the shell without the hero, and a news item's page its image", async () => {
    const { id } = await createNews(t.app);
    const member = await createUser(t.app);
    await createComment(t.app, 'news', id, member.row.id, { text: 'Qué buena acampada' });
    const image = (await t.app.inject({ url: `/api/news/${id}` })).json().image_url;
    const html = (await page(`/news/${id}`)).body;
    expect(html).not.toContain('class="hero ');
    expect(html).toContain('Grupo Scout 73 &#60;Los Pinos&#62;');
    expect(html).toContain('href="/assets/news-detail-page-3.js"');
    expect(html).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/bootstrap-rest-4.css" />',
    );
    expect(html).toContain(
      `<link rel="preload" as="image" href="${image}" fetchpriority="high" />`,
    );
    // The item's anonymous answer and its first comments travel in the page, keyed as the app
    // asks for them.
    const data = /<script type="application\/json" id="fogata-data">(.*?)<\/script>/.exec(html);
    const comments = `/news/${id}/comments?page=1&limit=5`;
    expect(firstCommentsPath(`/news/${id}`)).toBe(comments);
    expect(JSON.parse(data![1]!)).toEqual({
      [`/news/${id}`]: (await t.app.inject({ url: `/api/news/${id}` })).json(),
      [comments]: (await t.app.inject({ url: `/api${comments}` })).json(),
    });
    expect(data![1]).toContain('Qué buena acampada');
    expect(data![1]).not.toContain('<');
    // A missing item: the page still comes, without an image to hint nor an answer.
    const missing = await page('/news/999999');
    expect(missing.statusCode).toBe(200);
    expect(missing.body).not.toContain('as="image"');
    expect(missing.body).not.toContain('id="fogata-data"');
    // The raw template is never sent as it is.
    expect((await page('/index.html')).body).not.toMatch(/\{\{\w+\}\}/);
    expect((await page('/gallery')).body).toContain('id="fogata-config"');
  });

  it('is made once, for everyone, until the database changes (decision 058)', async () => {
    const member = await createUser(t.app);
    await createNews(t.app, { title: 'Acampada de otoño' });
    const first = await page('/');
    expect(first.body).toContain('Acampada de otoño');
    // Again, and with a session: the same bytes without a single query (the page holds only
    // what a visitor may read, so who asks changes nothing).
    const { result: again, queries } = await countQueries(t.app, () =>
      t.app.inject({ url: '/', headers: { accept: 'text/html', ...member.headers } }),
    );
    expect(queries).toBe(0);
    expect(again.body).toBe(first.body);
    expect(again.headers['cache-control']).toBe('no-cache');
    // Compressed as before, by negotiation.
    const br = await t.app.inject({
      url: '/',
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(first.body);
    // A write anywhere: the next visitor gets the page made afresh.
    await createNews(t.app, { title: 'Campamento de invierno' });
    const after = await page('/');
    expect(after.body).toContain('Campamento de invierno');
    // Every path without a page of its own shares the one shell.
    expect((await page('/no-existe-1')).body).toBe((await page('/no-existe-2')).body);
  });

  it("an album's page starts its reads with the member's token, and carries nothing of the album", async () => {
    const album = await createAlbum(t.app, { title: 'Campamento secreto' });
    await createPhoto(t.app, album.id, { description: 'Pie reservado' });
    const res = await page(`/album/${album.id}`);
    const html = res.body;
    expect(html).toContain('href="/assets/album-page-5.js"');
    // The inline script, and the CSP lets exactly it run, by its hash.
    expect(html).toContain(`<script>${ALBUM_EARLY_SCRIPT}</script>`);
    const hash = createHash('sha256').update(ALBUM_EARLY_SCRIPT).digest('base64');
    expect(res.headers['content-security-policy']).toContain(`script-src 'self' 'sha256-${hash}'`);
    // Run as a browser would: it asks for what the app reads first (decision 038), with the
    // stored token, keyed as the app looks for them; without a session it asks for nothing.
    const asked: { url: string; auth: string }[] = [];
    const browser = (token: string | null) => {
      const window: Record<string, unknown> = {
        localStorage: { getItem: (key: string) => (key === 'authToken' ? token : null) },
        location: { pathname: `/album/${album.id}` },
        fetch: (url: string, init: { headers: { Authorization: string } }) => {
          asked.push({ url, auth: init.headers.Authorization });
          return new Promise(() => {});
        },
      };
      window.window = window;
      runInNewContext(ALBUM_EARLY_SCRIPT, window);
      return window;
    };
    const reads = browser('el.token.del.miembro').__fogataEarlyReads as Record<string, unknown>;
    expect(Object.keys(reads)).toEqual(albumFirstReads(album.id));
    expect(asked).toEqual(
      albumFirstReads(album.id).map((p) => ({
        url: `/api${p}`,
        auth: 'Bearer el.token.del.miembro',
      })),
    );
    asked.length = 0;
    expect(browser(null).__fogataEarlyReads).toBeUndefined();
    expect(asked).toEqual([]);
    // Members-only: no answer, title, caption or signed media URL in the page itself.
    expect(html).not.toContain('id="fogata-data"');
    expect(html).not.toContain('Campamento secreto');
    expect(html).not.toContain('Pie reservado');
    expect(html).not.toContain('/media/');
    // Other pages do not get the script.
    expect((await page('/gallery')).body).not.toContain(ALBUM_EARLY_SCRIPT);
  });

  it('sends the build precompressed, by negotiation, cached for good', async () => {
    const br = await t.app.inject({
      url: '/assets/index-abc.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload).toEqual(brotliCompressSync(SCRIPT));
    const plain = await t.app.inject({ url: '/assets/index-abc.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload).toEqual(SCRIPT);
  });
});
