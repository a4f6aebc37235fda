import {
  isPublicPagePath,
  PUBLIC_PAGE_TEXTS,
  publicPageTitle,
  ROUTES,
  SERVER_ERRORS,
} from '@fogata/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { PRIVATE_MEDIA_PREFIX } from '../../media/url-signer.js';
import { FEED_PATH, pageUrl, shortText } from './page-head.js';
import {
  keyOfPreviewPath,
  LOGO_PATH,
  PREVIEW_PREFIX,
  previewImage,
  previewSize,
  renderLogo,
  renderPreview,
} from './preview-image.js';
import { latest, type PublicItemRow, PublicWebRepository } from './public-web.repository.js';

/*
 * The public web for crawlers and feed readers (decision 116): /sitemap.xml (the public pages
 * only, each with when it last changed), /robots.txt (which points to it and keeps crawlers out
 * of members' pages, the API and members-only media), /feed.xml (the latest news, RSS 2.0, with
 * their public images) and the preview images a shared link names (/og/…).
 */

const XML_TYPE = 'application/xml; charset=utf-8';
const RSS_TYPE = 'application/rss+xml; charset=utf-8';
/** The feed's items: the newest news. */
const FEED_ITEMS = 20;
/** A sitemap holds at most 50,000 addresses; a group's items stay far below. */
const SITEMAP_ITEMS = 20_000;
/** Preview JPEGs kept in memory (each is made from a copy whose key is never reused). */
const MAX_PREVIEWS = 64;
/** How long a shared cache may keep a preview: it must stop serving soon after it is replaced. */
const PREVIEW_CACHE = 'public, max-age=3600';

/** Whether XML 1.0 allows a character: tab, the line ends and no other control character. */
function xmlAllows(char: string): boolean {
  const code = char.charCodeAt(0);
  if (code < 0x20) return code === 0x9 || code === 0xa || code === 0xd;
  return code !== 0xfffe && code !== 0xffff;
}

/** XML's own five entities, which every feed reader knows. */
const XML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text safe in XML: escaped, and without the characters XML does not allow. */
function xml(text: string): string {
  return [...text]
    .filter(xmlAllows)
    .join('')
    .replace(/[&<>"']/g, (c) => XML_ENTITIES[c] ?? c);
}

/** A date as RSS 2.0 writes it (RFC 822). */
function rssDate(iso: string): string {
  return new Date(iso).toUTCString();
}

/** robots.txt: crawlers may read the public pages; every other page of ours is kept out. */
export function robotsTxt(ctx: AppContext): string {
  const closed = Object.values(ROUTES)
    .map((route) => route.path)
    .filter((path) => !isPublicPagePath(path.replace(/:\w+/g, '1')))
    // A page with ids: every path of its shape (`*` as crawlers read it), a trailing one dropped.
    .map((path) => path.replace(/:\w+/g, '*').replace(/\*$/, ''));
  const lines = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    `Disallow: ${PRIVATE_MEDIA_PREFIX}`,
    ...[...new Set(closed)].sort().map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${pageUrl(ctx, '/sitemap.xml')}`,
    '',
  ];
  return lines.join('\n');
}

/** /sitemap.xml: the public pages, each with when what it shows last changed. */
async function sitemapXml(ctx: AppContext): Promise<string> {
  const repo = new PublicWebRepository(ctx.db);
  const [news, experiences, whoWeAre] = await Promise.all([
    repo.items('news', SITEMAP_ITEMS),
    repo.items('experiences', SITEMAP_ITEMS),
    repo.whoWeAreChanged(),
  ]);
  const newest = (rows: PublicItemRow[]) => latest(rows.map((row) => row.updated_at));
  const pages: [string, string | null][] = [
    [ROUTES.home.getHref(), newest(news.slice(0, 3))],
    [ROUTES.news.getHref(), newest(news)],
    ...news.map((row): [string, string] => [ROUTES.newsDetail.getHref(row.id), row.updated_at]),
    [ROUTES.experiences.getHref(), newest(experiences)],
    ...experiences.map((row): [string, string] => [
      ROUTES.experienceDetail.getHref(row.id),
      row.updated_at,
    ]),
    [ROUTES.whoWeAre.getHref(), whoWeAre],
  ];
  const urls = pages.map(
    ([path, changed]) =>
      `<url><loc>${xml(pageUrl(ctx, path))}</loc>${changed ? `<lastmod>${xml(changed)}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** /feed.xml: the newest news as RSS 2.0, each with its public image (Media RSS). */
async function feedXml(ctx: AppContext): Promise<string> {
  const group = ctx.config.group.name;
  const news = await new PublicWebRepository(ctx.db).items('news', FEED_ITEMS);
  const items = news.map((row) => {
    const link = xml(pageUrl(ctx, ROUTES.newsDetail.getHref(row.id)));
    const image = previewImage(ctx, row.image_key, row.image_width, row.image_height);
    const media = image
      ? `<media:content url="${xml(image.url)}" type="${image.type}" medium="image"${image.width && image.height ? ` width="${image.width}" height="${image.height}"` : ''} />`
      : '';
    return `<item><title>${xml(row.title)}</title><link>${link}</link><guid isPermaLink="true">${link}</guid><pubDate>${rssDate(row.created_at)}</pubDate><description>${xml(shortText(row.description))}</description>${media}</item>`;
  });
  const built = latest(news.map((row) => row.updated_at));
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">',
    '<channel>',
    `<title>${xml(publicPageTitle(PUBLIC_PAGE_TEXTS.newsTitle, group))}</title>`,
    `<link>${xml(pageUrl(ctx, ROUTES.news.getHref()))}</link>`,
    `<description>${xml(PUBLIC_PAGE_TEXTS.newsDescription(group))}</description>`,
    '<language>es-es</language>',
    ...(built ? [`<lastBuildDate>${rssDate(built)}</lastBuildDate>`] : []),
    `<atom:link href="${xml(pageUrl(ctx, FEED_PATH))}" rel="self" type="application/rss+xml" />`,
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}

/**
 * Preview JPEGs by the public copy's key, each with the database's version under which the key
 * was last seen to be an item's current copy.
 */
class PreviewCache {
  private readonly entries = new Map<string, { version: string; jpeg: Buffer }>();

  get(key: string): { version: string; jpeg: Buffer } | undefined {
    return this.entries.get(key);
  }

  set(key: string, version: string, jpeg: Buffer): void {
    this.entries.delete(key);
    if (this.entries.size >= MAX_PREVIEWS) {
      this.entries.delete(this.entries.keys().next().value as string);
    }
    this.entries.set(key, { version, jpeg });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }
}

/** The routes of the public web for crawlers, feed readers and link-preview bots. */
export async function publicWebRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const robots = robotsTxt(ctx);
  let logo: Promise<Buffer> | null = null;
  const previews = new PreviewCache();

  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'no-cache').send(robots),
  );

  // Both are the same for everyone and kept while the database's version is the same.
  app.get('/sitemap.xml', { schema: { hide: true } }, (request, reply) => {
    reply.header('cache-control', 'no-cache');
    return app.readCache.sendBody(request, reply, 'public-web sitemap', XML_TYPE, '', () =>
      sitemapXml(ctx).then((text) => ({ body: Buffer.from(text), keep: true })),
    );
  });
  app.get(FEED_PATH, { schema: { hide: true } }, (request, reply) => {
    reply.header('cache-control', 'no-cache');
    return app.readCache.sendBody(request, reply, 'public-web feed', RSS_TYPE, '', () =>
      feedXml(ctx).then((text) => ({ body: Buffer.from(text), keep: true })),
    );
  });

  // Made once per process: the group's name, and so its number, come from the configuration.
  app.get(LOGO_PATH, { schema: { hide: true } }, async (_request, reply) => {
    logo ??= renderLogo(ctx.config.group.name);
    return reply
      .type('image/png')
      .header('cache-control', 'public, max-age=86400')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(await logo);
  });

  app.get(`${PREVIEW_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
    const key = keyOfPreviewPath(request.url.split('?')[0] ?? '');
    if (!key) throw new AppError(404, SERVER_ERRORS.mediaNotFound);
    const version = await app.readCache.version(request);
    let jpeg: Buffer | null = null;
    const cached = previews.get(key);
    if (cached?.version === version) jpeg = cached.jpeg;
    else {
      // Only an item's current public copy: a replaced one (consent given or withdrawn, a new
      // image) names nothing any more, whatever a bot or a cache kept.
      const owner = await new PublicWebRepository(ctx.db).imageOwner(key);
      if (!owner) {
        previews.delete(key);
        throw new AppError(404, SERVER_ERRORS.mediaNotFound);
      }
      if (cached) jpeg = cached.jpeg;
      else {
        const file = await ctx.storage.read(key);
        if (!file) throw new AppError(404, SERVER_ERRORS.mediaNotFound);
        const source = Buffer.concat((await file.stream.toArray()) as Buffer[]);
        jpeg = await renderPreview(source, previewSize(owner.image_width, owner.image_height));
      }
      previews.set(key, version, jpeg);
    }
    return reply
      .type('image/jpeg')
      .header('cache-control', PREVIEW_CACHE)
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(jpeg);
  });
}
