import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ALBUM_EARLY_SCRIPT,
  escapeHtml,
  fillPageShell,
  firstCommentsPath,
  ROUTES,
  routeMatcher,
} from '@fogata/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';

/** One chunk of the web build's manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

/** A public API answer a page reads first, as a visitor without a session gets it. */
interface PageData {
  /** The API path, as the web app asks for it (without /api). */
  path: string;
  /** The page's largest image, when it is one from this answer. */
  image?: (body: unknown) => unknown;
}

type Item = Record<string, unknown> | undefined;
const first = (body: unknown): Item => (Array.isArray(body) ? (body[0] as Item) : undefined);

/**
 * The public pages a visitor may land on: the web module each shows (its chunk is hinted, so it
 * loads beside the entry instead of after it) and the API answers it reads first (on an item's
 * page, its first comments too): they travel
 * in the page (the app starts with them instead of asking, lib/page-data.ts), and where the
 * page's largest image comes from one of them, it is fetched at high priority from the start.
 * Other routes get the shell only. The routes are the shared table's (ROUTES).
 */
const PAGES: {
  route: { path: string };
  module: string;
  data?: (ids: Record<string, string>) => PageData[];
  /** An inline script that starts the page's members-only reads with the member's token. */
  early?: string;
}[] = [
  {
    route: ROUTES.home,
    module: 'src/features/landing/pages/landing-page.tsx',
    data: () => [
      { path: '/news?limit=3', image: (b) => first(b)?.thumb_url ?? first(b)?.image_url },
    ],
  },
  {
    route: ROUTES.news,
    module: 'src/features/news/pages/news-list-page.tsx',
    data: () => [{ path: '/news', image: (b) => first(b)?.thumb_url ?? first(b)?.image_url }],
  },
  {
    route: ROUTES.newsDetail,
    module: 'src/features/news/pages/news-detail-page.tsx',
    data: ({ newsId }) => [
      { path: `/news/${newsId}`, image: (b) => (b as Item)?.image_url },
      { path: firstCommentsPath(`/news/${newsId}`) },
    ],
  },
  {
    route: ROUTES.experiences,
    module: 'src/features/experiences/pages/experiences-page.tsx',
    data: () => [{ path: '/experiences', image: (b) => first(b)?.image_thumb ?? first(b)?.image }],
  },
  {
    route: ROUTES.experienceDetail,
    module: 'src/features/experiences/pages/experience-detail-page.tsx',
    data: ({ id }) => [
      { path: `/experiences/${id}`, image: (b) => (b as Item)?.image },
      { path: firstCommentsPath(`/experiences/${id}`) },
    ],
  },
  {
    route: ROUTES.whoWeAre,
    module: 'src/features/whoweare/pages/who-we-are-page.tsx',
    data: () => [{ path: '/sections' }, { path: '/monitors' }],
  },
  { route: ROUTES.login, module: 'src/features/auth/pages/login-page.tsx' },
  {
    route: ROUTES.album,
    module: 'src/features/gallery/pages/album-page.tsx',
    early: ALBUM_EARLY_SCRIPT,
  },
];

/**
 * The CSP source that lets the album page's inline script run (decision 038), and no other:
 * its SHA-256, as script-src wants it.
 */
export const EARLY_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(ALBUM_EARLY_SCRIPT).digest('base64')}'`;

/** The stylesheet of the Bootstrap components the landing does not use (web/src/styles). */
const BOOTSTRAP_REST = 'src/styles/bootstrap-rest.scss';

/** JSON safe inside a <script> element: no `<` to close it early. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** Every file `key` loads: its chunk, its static imports, and their CSS (from the manifest). */
function filesOf(manifest: Record<string, ManifestChunk>, key: string, into = new Set<string>()) {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const css of chunk.css ?? []) into.add(css);
  for (const imported of chunk.imports ?? []) filesOf(manifest, imported, into);
  return into;
}

/**
 * A page `html` with the public page's own head tags (what a shared link shows, decision 116) in
 * place of the shell's default title and description; `html` itself for any other page.
 */
export type PublicHead = (ctx: AppContext, path: string, html: string) => Promise<string>;

/**
 * The web app's pages (decision 013): index.html's static shell filled in with the group (and,
 * on /, the landing's hero), the public configuration inline (the app starts without asking for
 * it), and for the public pages hints for their own chunk, styles and largest image.
 */
export function createPageRenderer(
  app: FastifyInstance,
  webDist: string,
  publicHead: PublicHead | null = null,
) {
  const template = readFileSync(join(webDist, 'index.html'), 'utf8');
  const manifestFile = join(webDist, '.vite', 'manifest.json');
  const manifest: Record<string, ManifestChunk> = existsSync(manifestFile)
    ? JSON.parse(readFileSync(manifestFile, 'utf8'))
    : {};
  // index.html already loads the entry's files; a page's hints name only its own.
  const entry = filesOf(manifest, 'index.html');
  // Scripts come at low priority, as index.html's entry does (decision 030): the shell paints
  // without them, so the stylesheets and the page's largest image go first on a slow link.
  const hints = PAGES.map((page) => {
    const own = [...filesOf(manifest, page.module)].filter((f) => !entry.has(f));
    // Every page but the landing brings the rest of Bootstrap's styles (router.tsx).
    const rest = manifest[BOOTSTRAP_REST]?.file;
    if (rest && page.module !== PAGES[0]?.module) own.unshift(rest);
    return {
      ...page,
      match: routeMatcher(page.route),
      links: own
        .map((f) =>
          f.endsWith('.css')
            ? `<link rel="preload" as="style" crossorigin href="/${f}" />`
            : `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${f}" />`,
        )
        .join(''),
    };
  });

  /**
   * The page `path` as it is now: the shell, the public config and the page's first reads;
   * `whole` is false when one of them could not be read (an item that does not exist is read).
   */
  const render = async (path: string): Promise<{ html: string; whole: boolean }> => {
    const config = await app.inject({ method: 'GET', url: '/api/config' });
    let whole = config.statusCode === 200;
    let head = `<script type="application/json" id="fogata-config">${scriptJson(config.json())}</script>`;
    for (const page of hints) {
      const ids = page.match(path);
      if (!ids) continue;
      // First, so its reads start before the browser turns to the hinted files.
      if (page.early) head += `<script>${page.early}</script>`;
      head += page.links;
      const answers: Record<string, unknown> = {};
      let image: string | null = null;
      for (const wanted of page.data?.(ids) ?? []) {
        const res = await app.inject({ method: 'GET', url: `/api${wanted.path}` });
        if (res.statusCode !== 200) {
          if (res.statusCode !== 404) whole = false;
          continue;
        }
        const body = res.json();
        answers[wanted.path] = body;
        const found = wanted.image?.(body);
        if (!image && typeof found === 'string') image = found;
      }
      if (Object.keys(answers).length > 0) {
        head += `<script type="application/json" id="fogata-data">${scriptJson(answers)}</script>`;
      }
      if (image) {
        head += `<link rel="preload" as="image" href="${escapeHtml(image)}" fetchpriority="high" />`;
      }
      break;
    }
    const group = app.ctx.config.group;
    const html = fillPageShell(template, {
      groupName: group.name,
      groupAddress: group.address,
      landing: path === '/',
      head,
    });
    if (!publicHead) return { html, whole };
    // A public page's own title, description and link preview in place of the shell's defaults;
    // the defaults, not kept, when they could not be read.
    return publicHead(app.ctx, path, html).then(
      (withHead) => ({ html: withHead, whole }),
      () => ({ html, whole: false }),
    );
  };

  /**
   * The cache key of `path`'s page: a page with hints by its path, every other path the same
   * shell (so a flood of made-up paths keeps one copy).
   */
  const keyOf = (path: string): string =>
    hints.some((page) => page.match(path)) ? `page ${path}` : 'page';

  /**
   * Sends the page of the request's path. Pages hold only what a visitor without a session may
   * read (the public config, the public lists and items), the same for everyone, so the page
   * is made once and kept in the read cache while the database's version, the media URLs'
   * bucket and the config's one moving part are still the same (decision 058); the browser
   * still revalidates it (no-cache), and no shared cache keeps it.
   */
  return function sendPage(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const path = request.url.split('?')[0] ?? '/';
    reply.header('Cache-Control', 'no-cache');
    // The config's part that can change while the database does not: the external sign-in's
    // endpoint, null while the provider cannot be reached.
    const oidc = app.ctx.oidc;
    const tag = oidc ? oidc.authorizationEndpoint() : null;
    const send = (endpoint: string | null) =>
      app.readCache.sendBody(request, reply, keyOf(path), HTML_TYPE, String(endpoint), () =>
        // A page made while a read failed goes out as before, and is made again next time.
        render(path).then(({ html, whole }) => ({ body: Buffer.from(html), keep: whole })),
      ) ?? Promise.resolve();
    return tag ? tag.then(send) : send(null);
  };
}

const HTML_TYPE = 'text/html; charset=utf-8';
