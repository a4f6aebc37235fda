import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import {
  ALBUM_EARLY_SCRIPT,
  albumFirstReads,
  firstCommentsPath,
  SERVER_ERRORS,
} from '@fogata/shared';
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
// page, the public config inline, hints for the page's own files; the public pages drawn by the
// web's server render from answers the server reads through its services; the build's assets
// sent precompressed with long caching. A fake build stands in for packages/web/dist, and a fake
// server render (which writes out what it was given) for packages/web/dist-server.

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
  'src/features/posts/pages/post-detail-page.tsx': { file: 'assets/post-detail-page-3.js' },
  'src/styles/bootstrap-rest.scss': { file: 'assets/bootstrap-rest-4.css' },
  'src/features/gallery/pages/album-page.tsx': { file: 'assets/album-page-5.js' },
};
const SCRIPT = Buffer.from(`export const hello = '${'¡Hola, scouts! '.repeat(200)}';\n`);
const CSS = '.hero{color:red}.card{color:blue}';
/** The server render's contract (web src/entry-server.tsx), answering with what it was given. */
const SERVER_RENDER = `
export async function renderPage(url, answers) {
  const json = JSON.stringify(answers).replace(/</g, '\\u003c');
  return { html: '<link rel="preload" as="image" href="/x.webp">' + '<main data-url="' + url + '">' + json + '</main>', state: '{"drawn":' + JSON.stringify(url) + '}' };
}
export function criticalCss(css, html) { return 'critical:' + css.length + ':' + html.length; }
export function publicNavHtml() { return '<nav>enlaces</nav>'; }
`;

let t: TestApp;
let root: string;
let dist: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'fogata-web-'));
  dist = join(root, 'dist');
  mkdirSync(join(root, 'dist-server'), { recursive: true });
  writeFileSync(join(root, 'dist-server', 'entry-server.js'), SERVER_RENDER);
  mkdirSync(join(dist, '.vite'), { recursive: true });
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'assets', 'index-abc.css'), CSS);
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
  rmSync(root, { recursive: true, force: true });
});

const page = (url: string) => t.app.inject({ url, headers: { accept: 'text/html' } });

describe('pages', () => {
  it('/ is drawn by the server render from the answers the services give a visitor', async () => {
    await createNews(t.app, { title: 'Ruta por la sierra' });
    const res = await page('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    // The render's markup in #root, with the very answers a visitor's API requests get, keyed
    // by the path the web app asks for them.
    const drawn = /<div id="root"><main data-url="\/">(.*?)<\/main><\/div>/.exec(html);
    expect(JSON.parse(drawn![1]!)).toEqual({
      '/config': (await t.app.inject({ url: '/api/config' })).json(),
      '/news?limit=3': (await t.app.inject({ url: '/api/news?limit=3' })).json(),
    });
    expect(drawn![1]).toContain('Ruta por la sierra');
    // Its query state after the root, what React hoisted in <head>, the CSS its markup uses
    // inline, and for a reader without JavaScript the whole sheets and the public links.
    expect(html).toContain(
      '</div><script type="application/json" id="fogata-state">{"drawn":"/"}</script>',
    );
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="preload" as="image" href="/x.webp">');
    expect(head).toMatch(/<style>critical:\d+:\d+<\/style>/);
    expect(head).toContain(
      '<noscript><link rel="stylesheet" crossorigin href="/assets/index-abc.css" /><style>.media-box-image{opacity:1}</style></noscript>',
    );
    expect(html).toContain('<noscript><nav>enlaces</nav></noscript><div id="root">');
    // The public config inline.
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
  });

  it("a news item's page carries its answer and first comments; other pages are the shell", async () => {
    const { id } = await createNews(t.app);
    const member = await createUser(t.app);
    await createComment(t.app, 'news', id, member.row.id, { text: 'Qué buena acampada' });
    const html = (await page(`/news/${id}`)).body;
    expect(html).toContain('href="/assets/post-detail-page-3.js"');
    expect(html).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/bootstrap-rest-4.css" />',
    );
    const drawn = new RegExp(`<main data-url="/news/${id}">(.*?)</main>`).exec(html);
    const comments = `/news/${id}/comments?page=1&limit=5`;
    expect(firstCommentsPath(`/news/${id}`)).toBe(comments);
    const answers = JSON.parse(drawn![1]!);
    expect(answers[`/news/${id}`]).toEqual((await t.app.inject({ url: `/api/news/${id}` })).json());
    expect(answers[comments]).toEqual((await t.app.inject({ url: `/api${comments}` })).json());
    expect(drawn![1]).toContain('Qué buena acampada');
    // A missing item: the page still comes, drawn without its answer (the browser then asks).
    const missing = await page('/news/999999');
    expect(missing.statusCode).toBe(200);
    expect(
      Object.keys(JSON.parse(/<main data-url="[^"]*">(.*?)<\/main>/.exec(missing.body)![1]!)),
    ).toEqual(['/config']);
    // The experiences' category is in the query: drawn, and kept, for the whole URL.
    expect((await page('/experiences?categoria=zona')).body).toContain(
      '<main data-url="/experiences?categoria=zona">',
    );
    // Pages that are not public keep the static shell, with the hero only on /.
    const gallery = (await page('/gallery')).body;
    expect(gallery).toContain('id="fogata-config"');
    expect(gallery).toContain(
      '<span class="text-truncate fw-semibold">Grupo Scout 73 &#60;Los Pinos&#62;</span>',
    );
    expect(gallery).toContain('>73</text>');
    expect(gallery).toContain('Grupo Scout 73 &#60;Los Pinos&#62; · Calle Real 5');
    expect(gallery).not.toContain('class="hero ');
    expect(gallery).not.toContain('fogata-state');
    // A public page goes to whoever asks, as a link-preview bot does (no Accept at all); a
    // members' page only to a browser asking for HTML.
    const bot = await t.app.inject({ url: `/news/${id}` });
    expect(bot.statusCode).toBe(200);
    expect(bot.body).toContain('id="fogata-state"');
    const json = await t.app.inject({ url: '/gallery' });
    expect(json.statusCode).toBe(404);
    expect(json.json()).toEqual({ message: SERVER_ERRORS.routeNotFound });
    // The raw template is never sent as it is.
    expect((await page('/index.html')).body).not.toMatch(/\{\{\w+\}\}/);
  });

  it('is made once, for everyone, until the database changes (decision 137)', async () => {
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
    expect(html).not.toContain('id="fogata-state"');
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
