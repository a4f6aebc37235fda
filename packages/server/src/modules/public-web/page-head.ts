import {
  escapeHtml,
  listPageTitle,
  PUBLIC_PAGE_TEXTS,
  publicPageTitle,
  ROUTES,
  routeMatcher,
} from '@fogata/shared';
import type { AppContext } from '../../context.js';
import { logoImage, type PreviewImage, previewImage } from './preview-image.js';
import {
  type PublicItemKind,
  type PublicItemRow,
  PublicWebRepository,
} from './public-web.repository.js';

/*
 * What a shared link shows (decision 116): each public page's own <title>, description,
 * canonical URL, Open Graph and Twitter card, and for a news item and the who-we-are page their
 * structured data. It is made from what a visitor without a session may read, never from who
 * asks: a member, a visitor and a preview bot get the same head.
 */

/** A description's length at most: what search results and link cards show. */
const DESCRIPTION_MAX = 200;

/** Heads kept per app; the oldest go first past this many (made-up ids cost one each). */
const MAX_HEADS = 2000;

/** `text` on one line, cut at a word before `max` characters with an ellipsis. */
export function shortText(text: string, max = DESCRIPTION_MAX): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`;
}

/** JSON safe inside a <script> element: nothing in it can close the element or open a comment. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e');
}

/** What one page's head says. */
interface HeadFields {
  /** The page's own title (the group's name alone on the landing). */
  title: string;
  description: string;
  path: string;
  type: 'website' | 'article';
  image: PreviewImage;
  imageAlt: string;
  publishedAt?: string;
  modifiedAt?: string;
  structured?: Record<string, unknown>;
}

const meta = (property: string, content: string | number) =>
  `<meta property="${property}" content="${escapeHtml(String(content))}" />`;

/** The address of a page of the public web, as PUBLIC_URL names it. */
export function pageUrl(ctx: AppContext, path: string): string {
  return `${ctx.config.publicUrl}${path}`;
}

function renderHead(ctx: AppContext, fields: HeadFields): string {
  const group = ctx.config.group.name;
  const url = pageUrl(ctx, fields.path);
  const { image } = fields;
  const tags = [
    `<title>${escapeHtml(publicPageTitle(fields.title, group))}</title>`,
    `<meta name="description" content="${escapeHtml(fields.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(publicPageTitle(PUBLIC_PAGE_TEXTS.newsTitle, group))}" href="${escapeHtml(pageUrl(ctx, FEED_PATH))}" />`,
    meta('og:type', fields.type),
    meta('og:site_name', group),
    meta('og:locale', 'es_ES'),
    meta('og:title', fields.title),
    meta('og:description', fields.description),
    meta('og:url', url),
    meta('og:image', image.url),
    meta('og:image:type', image.type),
    ...(image.width && image.height
      ? [meta('og:image:width', image.width), meta('og:image:height', image.height)]
      : []),
    meta('og:image:alt', fields.imageAlt),
    ...(fields.publishedAt ? [meta('article:published_time', fields.publishedAt)] : []),
    ...(fields.modifiedAt ? [meta('article:modified_time', fields.modifiedAt)] : []),
    '<meta name="twitter:card" content="summary_large_image" />',
    ...(fields.structured
      ? [`<script type="application/ld+json">${scriptJson(fields.structured)}</script>`]
      : []),
  ];
  return tags.join('');
}

/** The head of an item's page whose id names nothing: the page says so, and is not indexed. */
function missingHead(ctx: AppContext, title: string, description: string): string {
  return [
    `<title>${escapeHtml(publicPageTitle(title, ctx.config.group.name))}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    '<meta name="robots" content="noindex" />',
  ].join('');
}

/** Where the news feed is. */
export const FEED_PATH = '/feed.xml';

/** The group as structured data: its name, address, site and logo. */
function organization(ctx: AppContext, withDetails: boolean): Record<string, unknown> {
  const { name, address } = ctx.config.group;
  return {
    '@type': 'Organization',
    name,
    url: pageUrl(ctx, '/'),
    logo: logoImage(ctx).url,
    ...(withDetails
      ? {
          description: PUBLIC_PAGE_TEXTS.whoWeAreIntro,
          ...(address ? { address: { '@type': 'PostalAddress', streetAddress: address } } : {}),
        }
      : {}),
  };
}

/** The preview of an item's image, or the group's logo when it has none. */
function itemImage(ctx: AppContext, row: PublicItemRow): { image: PreviewImage; alt: string } {
  const image = previewImage(ctx, row.image_key, row.image_width, row.image_height);
  return image
    ? { image, alt: PUBLIC_PAGE_TEXTS.imageAlt(row.title) }
    : { image: logoImage(ctx), alt: PUBLIC_PAGE_TEXTS.logoAlt(ctx.config.group.name) };
}

/** A list page or the landing: the group's logo as its image. */
function pageHead(ctx: AppContext, path: string, title: string, description: string): string {
  return renderHead(ctx, {
    title,
    description,
    path,
    type: 'website',
    image: logoImage(ctx),
    imageAlt: PUBLIC_PAGE_TEXTS.logoAlt(ctx.config.group.name),
    ...(path === ROUTES.whoWeAre.path
      ? { structured: { '@context': 'https://schema.org', ...organization(ctx, true) } }
      : {}),
  });
}

async function itemHead(
  ctx: AppContext,
  kind: PublicItemKind,
  id: string,
  path: string,
): Promise<string> {
  const row = await new PublicWebRepository(ctx.db).item(kind, Number(id));
  if (!row) {
    return kind === 'news'
      ? missingHead(ctx, PUBLIC_PAGE_TEXTS.newsNotFound, PUBLIC_PAGE_TEXTS.newsNotFoundBody)
      : missingHead(
          ctx,
          PUBLIC_PAGE_TEXTS.experienceNotFound,
          PUBLIC_PAGE_TEXTS.experienceNotFoundBody,
        );
  }
  const { image, alt } = itemImage(ctx, row);
  const description = shortText(row.description);
  const url = pageUrl(ctx, path);
  return renderHead(ctx, {
    title: row.title,
    description,
    path,
    type: 'article',
    image,
    imageAlt: alt,
    publishedAt: row.created_at,
    modifiedAt: row.updated_at,
    ...(kind === 'news'
      ? {
          structured: {
            '@context': 'https://schema.org',
            '@type': 'NewsArticle',
            headline: row.title,
            description,
            image: [image.url],
            datePublished: row.created_at,
            dateModified: row.updated_at,
            url,
            mainEntityOfPage: url,
            inLanguage: 'es-ES',
            author: organization(ctx, false),
            publisher: organization(ctx, false),
          },
        }
      : {}),
  });
}

/** A list page or the landing: its description for the group `group` (its title is shared). */
const LIST_PAGES: [{ path: string }, (group: string) => string][] = [
  [ROUTES.home, () => PUBLIC_PAGE_TEXTS.siteDescription],
  [ROUTES.news, (group) => PUBLIC_PAGE_TEXTS.newsDescription(group)],
  [ROUTES.experiences, (group) => PUBLIC_PAGE_TEXTS.experiencesDescription(group)],
  [ROUTES.whoWeAre, () => shortText(PUBLIC_PAGE_TEXTS.whoWeAreIntro)],
];

/** The public pages, each with how its head is made from its path's ids. */
const PAGES: {
  match: (path: string) => Record<string, string> | null;
  head: (ctx: AppContext, ids: Record<string, string>, path: string) => string | Promise<string>;
}[] = [
  ...LIST_PAGES.map(([route, description]) => ({
    match: routeMatcher(route),
    head: (ctx: AppContext, _: Record<string, string>, path: string) => {
      const group = ctx.config.group.name;
      // The web app sets the same title on the tab when it moves to this page by itself.
      const title = listPageTitle(path, group) ?? group;
      return pageHead(ctx, path, title, description(group));
    },
  })),
  {
    match: routeMatcher(ROUTES.newsDetail),
    head: (ctx, { newsId }, path) => itemHead(ctx, 'news', newsId ?? '', path),
  },
  {
    match: routeMatcher(ROUTES.experienceDetail),
    head: (ctx, { id }, path) => itemHead(ctx, 'experiences', id ?? '', path),
  },
];

/** Each app's heads, by path, with the database's version each was made under. */
const heads = new WeakMap<AppContext, Map<string, { version: string; head: string }>>();

/**
 * The head tags of the public page at `pathname`, as one escaped HTML string (they replace the
 * shell's default title and description), or null when the path is not a public page. A head is
 * kept until the database's version moves, so it costs a lookup until a news item, an
 * experience, a scouter or an image's public copy (a consent given or withdrawn) changes.
 */
export async function publicPageHead(ctx: AppContext, pathname: string): Promise<string | null> {
  let found: { page: (typeof PAGES)[number]; ids: Record<string, string> } | null = null;
  for (const page of PAGES) {
    const ids = page.match(pathname);
    if (ids) {
      found = { page, ids };
      break;
    }
  }
  if (!found) return null;
  const version = await ctx.db.readVersion();
  let kept = heads.get(ctx);
  if (!kept) {
    kept = new Map();
    heads.set(ctx, kept);
  }
  const cached = kept.get(pathname);
  if (cached && cached.version === version) return cached.head;
  const head = await found.page.head(ctx, found.ids, pathname);
  kept.delete(pathname);
  if (kept.size >= MAX_HEADS) kept.delete(kept.keys().next().value as string);
  kept.set(pathname, { version, head });
  return head;
}
