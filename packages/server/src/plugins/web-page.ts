import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeHtml, fillPageShell } from '@fogata/shared';
import type { FastifyInstance } from 'fastify';

/** One chunk of the web build's manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

/** The largest image a page shows first, read from the API's anonymous answer. */
type LargestImage = (app: FastifyInstance, match: RegExpExecArray) => Promise<string | null>;

/** The first item's field of a public list, or the field of a public item. */
function apiImage(url: (match: RegExpExecArray) => string, pick: (body: unknown) => unknown) {
  const read: LargestImage = async (app, match) => {
    const res = await app.inject({ method: 'GET', url: url(match) });
    if (res.statusCode !== 200) return null;
    const value = pick(res.json());
    return typeof value === 'string' ? value : null;
  };
  return read;
}

type Item = Record<string, unknown> | undefined;
const first = (body: unknown): Item => (Array.isArray(body) ? (body[0] as Item) : undefined);

/**
 * The public pages a visitor may land on: the web module each shows (its chunk is hinted, so it
 * loads beside the entry instead of after it) and, where it is an image from the content, the
 * page's largest one (fetched at high priority from the start). Other routes get the shell only.
 */
const PAGES: { path: RegExp; module: string; image?: LargestImage }[] = [
  {
    path: /^\/$/,
    module: 'src/features/landing/pages/landing-page.tsx',
    image: apiImage(
      () => '/api/news?limit=3',
      (b) => first(b)?.thumb_url ?? first(b)?.image_url,
    ),
  },
  {
    path: /^\/news$/,
    module: 'src/features/news/pages/news-list-page.tsx',
    image: apiImage(
      () => '/api/news',
      (b) => first(b)?.thumb_url ?? first(b)?.image_url,
    ),
  },
  {
    path: /^\/news\/([1-9]\d{0,8})$/,
    module: 'src/features/news/pages/news-detail-page.tsx',
    image: apiImage(
      (m) => `/api/news/${m[1]}`,
      (b) => (b as Item)?.image_url,
    ),
  },
  {
    path: /^\/experiences$/,
    module: 'src/features/experiences/pages/experiences-page.tsx',
    image: apiImage(
      () => '/api/experiences',
      (b) => first(b)?.image_thumb ?? first(b)?.image,
    ),
  },
  {
    path: /^\/experience\/([1-9]\d{0,8})$/,
    module: 'src/features/experiences/pages/experience-detail-page.tsx',
    image: apiImage(
      (m) => `/api/experiences/${m[1]}`,
      (b) => (b as Item)?.image,
    ),
  },
  { path: /^\/whoweare$/, module: 'src/features/whoweare/pages/who-we-are-page.tsx' },
  { path: /^\/login$/, module: 'src/features/auth/pages/login-page.tsx' },
];

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
 * The web app's pages (decision 013): index.html's static shell filled in with the group (and,
 * on /, the landing's hero), the public configuration inline (the app starts without asking for
 * it), and for the public pages hints for their own chunk, styles and largest image.
 */
export function createPageRenderer(app: FastifyInstance, webDist: string) {
  const template = readFileSync(join(webDist, 'index.html'), 'utf8');
  const manifestFile = join(webDist, '.vite', 'manifest.json');
  const manifest: Record<string, ManifestChunk> = existsSync(manifestFile)
    ? JSON.parse(readFileSync(manifestFile, 'utf8'))
    : {};
  // index.html already loads the entry's files; a page's hints name only its own.
  const entry = filesOf(manifest, 'index.html');
  const hints = PAGES.map((page) => {
    const own = [...filesOf(manifest, page.module)].filter((f) => !entry.has(f));
    // Every page but the landing brings the rest of Bootstrap's styles (router.tsx).
    const rest = manifest[BOOTSTRAP_REST]?.file;
    if (rest && page.module !== PAGES[0]?.module) own.unshift(rest);
    return {
      ...page,
      links: own
        .map((f) =>
          f.endsWith('.css')
            ? `<link rel="preload" as="style" href="/${f}" />`
            : `<link rel="modulepreload" crossorigin href="/${f}" />`,
        )
        .join(''),
    };
  });

  return async function renderPage(path: string): Promise<string> {
    const config = await app.inject({ method: 'GET', url: '/api/config' });
    let head = `<script type="application/json" id="fogata-config">${scriptJson(config.json())}</script>`;
    for (const page of hints) {
      const match = page.path.exec(path);
      if (!match) continue;
      head += page.links;
      const image = await page.image?.(app, match).catch(() => null);
      if (image) {
        head += `<link rel="preload" as="image" href="${escapeHtml(image)}" fetchpriority="high" />`;
      }
      break;
    }
    const group = app.ctx.config.group;
    return fillPageShell(template, {
      groupName: group.name,
      groupAddress: group.address,
      landing: path === '/',
      head,
    });
  };
}
