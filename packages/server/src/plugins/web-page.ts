import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ALBUM_EARLY_SCRIPT, fillPageShell, LIMITS, ROUTES, routeMatcher } from '@fogata/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';

/** One chunk of the web build's manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

/**
 * What the server reads for a public page before React draws it: one API answer each, keyed by
 * the API path the web app asks for (modules/public-web/page-reads.ts, wired in app.ts: a plugin
 * does not reach into the modules).
 */
export interface PageReads {
  /**
   * The page's own title, description and sharing tags (decision 116), in place of the shell's
   * defaults, or null to keep them (not a public page).
   */
  head(path: string): Promise<string | null>;
  config(): PageRead;
  newsList(limit?: number): PageRead;
  newsItem(id: number): PageRead[];
  experienceList(): PageRead;
  experienceItem(id: number): PageRead[];
  whoWeAre(): PageRead[];
}

export interface PageRead {
  path: string;
  read: () => Promise<unknown>;
}

/** The web build's server render (packages/web/src/entry-server.tsx, built into dist-server/). */
interface ServerRender {
  renderPage(
    url: string,
    answers: Record<string, unknown>,
  ): Promise<{ html: string; state: string }>;
  criticalCss(css: string, html: string): string;
  publicNavHtml(): string;
}

const id = (ids: Record<string, string>, name: string) => {
  const n = Number(ids[name]);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/**
 * The pages a visitor may land on: the web module each shows (its chunk is hinted, so it loads
 * beside the entry instead of after it). The public ones (`reads`) are drawn by React on the
 * server with their content, from the answers read first through the server's own services;
 * the others get the shell. The routes are the shared table's (ROUTES).
 */
const PAGES: {
  route: { path: string };
  module: string;
  reads?: (reads: PageReads, ids: Record<string, string>) => PageRead[];
  /** An inline script that starts the page's members-only reads with the member's token. */
  early?: string;
}[] = [
  {
    route: ROUTES.home,
    module: 'src/features/landing/pages/landing-page.tsx',
    reads: (r) => [r.newsList(LIMITS.landingNews)],
  },
  {
    route: ROUTES.news,
    module: 'src/features/posts/pages/post-list-page.tsx',
    reads: (r) => [r.newsList()],
  },
  {
    route: ROUTES.newsDetail,
    module: 'src/features/posts/pages/post-detail-page.tsx',
    reads: (r, ids) => {
      const newsId = id(ids, 'newsId');
      return newsId === null ? [] : r.newsItem(newsId);
    },
  },
  {
    route: ROUTES.experiences,
    module: 'src/features/posts/pages/post-list-page.tsx',
    reads: (r) => [r.experienceList()],
  },
  {
    route: ROUTES.experienceDetail,
    module: 'src/features/posts/pages/post-detail-page.tsx',
    reads: (r, ids) => {
      const experienceId = id(ids, 'id');
      return experienceId === null ? [] : r.experienceItem(experienceId);
    },
  },
  {
    route: ROUTES.whoWeAre,
    module: 'src/features/whoweare/pages/who-we-are-page.tsx',
    reads: (r) => r.whoWeAre(),
  },
  { route: ROUTES.login, module: 'src/features/auth/pages/login-page.tsx' },
  {
    route: ROUTES.album,
    module: 'src/features/gallery/pages/album-page.tsx',
    early: ALBUM_EARLY_SCRIPT,
  },
];

/** The paths of the pages React draws on the server (the shared route table's patterns). */
export const PUBLIC_PAGE_PATHS = PAGES.filter((page) => page.reads).map((page) => page.route.path);

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
 * `html` with index.html's <div id="root"> (the static shell: from its start to the last </div>
 * of <body>) replaced by `root`.
 */
function replaceRoot(html: string, root: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.lastIndexOf('</div>', html.indexOf('</body>')) + '</div>'.length;
  return start < 0 || end < start ? html : html.slice(0, start) + root + html.slice(end);
}
/** The build's inline <style> (the shell's critical CSS, build/critical-css.ts). */
const INLINE_STYLE = /<style>[^<]*<\/style>/;
/** What React hoists to the start of a render (its preloads of the page's priority images). */
const HOISTED = /^(?:<link [^>]*>)+/;

/**
 * The web app's pages (decision 013): index.html's shell filled in with the group (and, on /,
 * the landing's hero), the public configuration inline (the app starts without asking for it),
 * and for the pages a visitor lands on hints for their own chunk and styles. The public pages
 * (`reads`) are drawn by React on the server instead of the shell: their content is in the HTML,
 * the CSS their markup uses inline, and the query cache's state beside it, which the browser
 * hydrates (web src/main.tsx).
 */
export function createPageRenderer(app: FastifyInstance, webDist: string, reads: PageReads) {
  const template = readFileSync(join(webDist, 'index.html'), 'utf8');
  const manifestFile = join(webDist, '.vite', 'manifest.json');
  const manifest: Record<string, ManifestChunk> = existsSync(manifestFile)
    ? JSON.parse(readFileSync(manifestFile, 'utf8'))
    : {};
  // The server render, built beside the app (dist-server/); without it every page is the shell.
  const renderFile = join(webDist, '..', 'dist-server', 'entry-server.js');
  const serverRender: Promise<ServerRender | null> = existsSync(renderFile)
    ? (import(pathToFileURL(renderFile).href) as Promise<ServerRender>)
    : Promise.resolve(null);
  // Loaded now, not on the first visitor's request; a failure to load is the shell for all.
  serverRender.catch((error: unknown) => app.log.error({ err: error }, 'server render'));
  const cssOf = (file: string) => {
    const path = join(webDist, file);
    return existsSync(path) ? readFileSync(path, 'utf8') : '';
  };
  // index.html already loads the entry's files; a page's hints name only its own.
  const entry = filesOf(manifest, 'index.html');
  const entryCss = [...entry]
    .filter((f) => f.endsWith('.css'))
    .map(cssOf)
    .join('');
  // Scripts come at low priority, as index.html's entry does (decision 030): the page paints
  // without them, so the stylesheets and the page's largest image go first on a slow link.
  const hints = PAGES.map((page) => {
    const own = [...filesOf(manifest, page.module)].filter((f) => !entry.has(f));
    // Every page but the landing brings the rest of Bootstrap's styles (router.tsx).
    const rest = manifest[BOOTSTRAP_REST]?.file;
    if (rest && page.module !== PAGES[0]?.module) own.unshift(rest);
    const sheets = own.filter((f) => f.endsWith('.css'));
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
      /** Every stylesheet the page uses, the entry's first: what its inline CSS is cut from. */
      css: entryCss + sheets.map(cssOf).join(''),
      /** The same sheets for a reader without JavaScript, who never gets the preloads applied. */
      noscript: [...entry, ...sheets]
        .filter((f) => f.endsWith('.css'))
        .map((f) => `<link rel="stylesheet" crossorigin href="/${f}" />`)
        .join(''),
    };
  });

  /** The page's answers, read through the services; `whole` is false when one failed. */
  const readAll = async (wanted: PageRead[]) => {
    const answers: Record<string, unknown> = {};
    let whole = true;
    for (const one of wanted) {
      try {
        answers[one.path] = await one.read();
      } catch (error) {
        // An item that does not exist is drawn as the browser would draw it before asking;
        // any other failure leaves the page out of the cache.
        if (!(error instanceof AppError && error.statusCode === 404)) whole = false;
      }
    }
    return { answers, whole };
  };

  /**
   * The page `path` as it is now: the shell, or React's render of a public page; `whole` is false
   * when one of its reads failed.
   */
  const render = async (url: string): Promise<{ html: string; whole: boolean }> => {
    const path = url.split('?')[0] ?? '/';
    const page = hints.find((each) => each.match(path));
    const ids = page?.match(path) ?? {};
    const react = page?.reads ? await serverRender.catch(() => null) : null;
    const wanted = [reads.config(), ...(react && page?.reads ? page.reads(reads, ids) : [])];
    const { answers, whole } = await readAll(wanted);
    let ok = whole;
    let head = `<script type="application/json" id="fogata-config">${scriptJson(answers['/config'])}</script>`;
    if (page?.early) head += `<script>${page.early}</script>`;
    head += page?.links ?? '';
    const group = app.ctx.config.group;
    // The one place a page's head tags go in, for the shell and the server's render; the
    // shell's defaults, not kept, when they could not be read.
    const meta = await reads.head(path).catch((error: unknown) => {
      app.log.error({ err: error, path }, 'page head');
      ok = false;
      return null;
    });
    let html = fillPageShell(template, {
      groupName: group.name,
      groupAddress: group.address,
      landing: path === '/',
      head,
      meta: meta ?? undefined,
    });
    if (react && page) {
      try {
        const drawn = await react.renderPage(url, answers);
        const hoisted = HOISTED.exec(drawn.html)?.[0] ?? '';
        const markup = drawn.html.slice(hoisted.length);
        // The CSS the page's markup uses, where the shell's own was: the whole sheets, when
        // the app adds them, still come after it and decide as they would alone.
        const style = `<style>${react.criticalCss(page.css, markup)}</style>`;
        html = INLINE_STYLE.test(html)
          ? html.replace(INLINE_STYLE, () => style)
          : html.replace('</head>', () => `${style}</head>`);
        html = html.replace(
          '</head>',
          () =>
            `${hoisted}<noscript>${page.noscript}<style>.media-box-image{opacity:1}</style></noscript></head>`,
        );
        html = replaceRoot(
          html,
          `<noscript>${react.publicNavHtml()}</noscript><div id="root">${markup}</div>` +
            `<script type="application/json" id="fogata-state">${drawn.state}</script>`,
        );
      } catch (error) {
        // The shell still works: the browser draws the page itself.
        app.log.error({ err: error, path }, 'server render');
        ok = false;
      }
    }
    return { html, whole: ok };
  };

  /**
   * The cache key of `path`'s page: a page with hints by its path, every other path the same
   * shell (so a flood of made-up paths keeps one copy).
   */
  const keyOf = (url: string): string => {
    const path = url.split('?')[0] ?? '/';
    const page = hints.find((each) => each.match(path));
    // React draws a public page for its whole URL (the experiences' category is in the query).
    if (page?.reads) return `page ${url}`;
    return page ? `page ${path}` : 'page';
  };

  /**
   * Sends the page of the request's path. Pages hold only what a visitor without a session may
   * read (the public config, the public lists and items), the same for everyone, so the page
   * is made once and kept in the read cache while the database's version, the media URLs'
   * bucket and the config's one moving part are still the same (decision 137); the browser
   * still revalidates it (no-cache), and no shared cache keeps it.
   */
  return function sendPage(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const url = request.url;
    reply.header('Cache-Control', 'no-cache');
    // The config's part that can change while the database does not: the external sign-in's
    // endpoint, null while the provider cannot be reached.
    const oidc = app.ctx.oidc;
    const tag = oidc ? oidc.authorizationEndpoint() : null;
    const send = (endpoint: string | null) =>
      app.readCache.sendBody(request, reply, keyOf(url), HTML_TYPE, String(endpoint), () =>
        // A page made while a read failed goes out as before, and is made again next time.
        render(url).then(({ html, whole }) => ({ body: Buffer.from(html), keep: whole })),
      ) ?? Promise.resolve();
    return tag ? tag.then(send) : send(null);
  };
}

const HTML_TYPE = 'text/html; charset=utf-8';
