import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PUBLIC_URL, type TestApp } from '../../test/build-app.js';
import { createExperience, createNews } from '../../test/content-factories.js';
import { createMonitor } from '../../test/monitor-factories.js';
import { buildPublicWebApp, one, readHead } from '../../test/public-head.js';

// The public web for crawlers and feed readers (decision 116): the sitemap, robots.txt and the
// news feed, each well-formed XML (or text) that names only public pages, and real ones.

const GROUP = 'Grupo Scout 73 <Los Pinos> & Cía';

let t: TestApp;

beforeAll(async () => {
  t = await buildPublicWebApp({
    group: { name: GROUP, address: 'Calle Real 5', mapUrl: null },
  });
});

afterAll(() => t?.close());

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' });

/** `body` as XML: it must be well-formed (the validator says where it is not), then parsed. */
function parseXml(body: string): Record<string, unknown> {
  expect(XMLValidator.validate(body)).toBe(true);
  return parser.parse(body) as Record<string, unknown>;
}

/** A list of one or more elements as the parser gives it (one alone is not in an array). */
const many = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** The path of one of our absolute URLs. */
const pathOf = (url: string) => {
  expect(url.startsWith(`${TEST_PUBLIC_URL}/`)).toBe(true);
  return url.slice(TEST_PUBLIC_URL.length);
};

describe('the public web for crawlers', () => {
  it('/sitemap.xml lists the public pages only, each with when it last changed', async () => {
    const empty = await t.app.inject({ url: '/sitemap.xml' });
    expect(empty.statusCode).toBe(200);
    expect(empty.headers['content-type']).toBe('application/xml; charset=utf-8');
    const emptyUrls = many((parseXml(empty.body).urlset as { url: { loc: string }[] }).url).map(
      (u) => u.loc,
    );
    expect(emptyUrls).toEqual(
      ['/', '/news', '/experiences', '/whoweare'].map((p) => `${TEST_PUBLIC_URL}${p}`),
    );

    const older = await createNews(t.app, { createdAt: '2026-03-01T10:00:00.000Z' });
    const newer = await createNews(t.app, { createdAt: '2026-04-01T10:00:00.000Z' });
    const trip = await createExperience(t.app, { createdAt: '2026-02-01T09:00:00.000Z' });
    await createMonitor(t.app, { createdAt: '2026-01-15T08:00:00.000Z' });
    const res = await t.app.inject({ url: '/sitemap.xml' });
    const xml = parseXml(res.body);
    const urlset = xml.urlset as { '@xmlns': string; url: { loc: string; lastmod?: string }[] };
    expect(urlset['@xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const sections = await t.app.ctx.db.kysely
      .selectFrom('sections')
      .select((eb) => eb.fn.max('updated_at').as('at'))
      .executeTakeFirstOrThrow();
    const whoWeAre = ['2026-01-15T08:00:00.000Z', sections.at ?? ''].sort().at(-1);
    expect(many(urlset.url)).toEqual([
      { loc: `${TEST_PUBLIC_URL}/`, lastmod: '2026-04-01T10:00:00.000Z' },
      { loc: `${TEST_PUBLIC_URL}/news`, lastmod: '2026-04-01T10:00:00.000Z' },
      { loc: `${TEST_PUBLIC_URL}/news/${newer.id}`, lastmod: '2026-04-01T10:00:00.000Z' },
      { loc: `${TEST_PUBLIC_URL}/news/${older.id}`, lastmod: '2026-03-01T10:00:00.000Z' },
      { loc: `${TEST_PUBLIC_URL}/experiences`, lastmod: '2026-02-01T09:00:00.000Z' },
      { loc: `${TEST_PUBLIC_URL}/experience/${trip.id}`, lastmod: '2026-02-01T09:00:00.000Z' },
      { loc: `${TEST_PUBLIC_URL}/whoweare`, lastmod: whoWeAre },
    ]);
    // Every address is a real page with its own head.
    for (const { loc } of many(urlset.url)) {
      const page = await t.app.inject({ url: pathOf(loc), headers: { accept: 'text/html' } });
      expect(page.statusCode, loc).toBe(200);
      expect(readHead(page.body).links.canonical, loc).toEqual([loc]);
    }
    // A new item is there at once.
    const latest = await createNews(t.app, { createdAt: '2026-05-01T10:00:00.000Z' });
    expect((await t.app.inject({ url: '/sitemap.xml' })).body).toContain(
      `<loc>${TEST_PUBLIC_URL}/news/${latest.id}</loc>`,
    );
  });

  it('/robots.txt lets crawlers read the public pages, keeps them out of the rest, and names the sitemap', async () => {
    const res = await t.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /api/',
        'Disallow: /media/p/',
        // Activities: the list, an activity, its form, its board, the camp pack and the roll; the
        // autorización's text.
        'Disallow: /actividades',
        'Disallow: /actividades/',
        'Disallow: /actividades/*/campamento',
        'Disallow: /actividades/*/editar',
        'Disallow: /actividades/*/lista',
        'Disallow: /actividades/*/tablero',
        'Disallow: /actividades/nueva',
        'Disallow: /admin/autorizacion',
        'Disallow: /admin/consentimiento',
        'Disallow: /admin/educandos',
        'Disallow: /admin/imagen',
        'Disallow: /admin/invitations',
        'Disallow: /admin/paso-de-seccion',
        'Disallow: /admin/removal-requests',
        'Disallow: /admin/salvaguarda',
        'Disallow: /admin/secciones',
        'Disallow: /album/',
        'Disallow: /album/*/caras',
        'Disallow: /auth/callback',
        'Disallow: /experience/*/caras',
        'Disallow: /forgot-password',
        'Disallow: /gallery',
        'Disallow: /login',
        'Disallow: /mis-educandos/*/ficha',
        'Disallow: /mis-educandos/*/fotos',
        'Disallow: /news/*/caras',
        'Disallow: /profile/edit',
        // On camp: the delegado/a's form and inbox are nobody's search result.
        'Disallow: /proteccion',
        'Disallow: /proteccion/mensajes',
        'Disallow: /register',
        'Disallow: /reset-password',
        'Disallow: /unsubscribe',
        '',
        `Sitemap: ${TEST_PUBLIC_URL}/sitemap.xml`,
        '',
      ].join('\n'),
    );
    // No public page is kept out.
    for (const path of ['/', '/news', '/news/1', '/experiences', '/experience/1', '/whoweare']) {
      const closed = res.body
        .split('\n')
        .filter((line) => line.startsWith('Disallow: '))
        .map((line) => line.slice('Disallow: '.length))
        .filter((rule) => new RegExp(`^${rule.replace(/\*/g, '[^/]*')}`).test(path));
      expect(closed, path).toEqual([]);
    }
  });

  it('/feed.xml carries the latest news as RSS 2.0 with their public images, each linking to its page; every public page links to it', async () => {
    const first = await createNews(t.app, {
      title: 'Campamento <de> verano & más',
      createdAt: '2026-06-01T10:00:00.000Z',
      withFiles: true,
    });
    const res = await t.app.inject({ url: '/feed.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const rss = parseXml(res.body).rss as Record<string, unknown>;
    expect(rss['@version']).toBe('2.0');
    const channel = rss.channel as Record<string, unknown>;
    expect(channel.title).toBe(`Noticias · ${GROUP}`);
    expect(channel.link).toBe(`${TEST_PUBLIC_URL}/news`);
    expect(channel.description).toBe(`Las últimas noticias de ${GROUP}.`);
    expect(channel.language).toBe('es-es');
    expect(channel['atom:link']).toMatchObject({ '@href': `${TEST_PUBLIC_URL}/feed.xml` });
    const items = many(channel.item as Record<string, unknown>[]);
    const count = await t.app.ctx.db.kysely
      .selectFrom('news')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(items.length).toBe(Math.min(20, Number(count.n)));
    // Newest first: the one just made.
    const top = items[0]!;
    expect(top.title).toBe('Campamento <de> verano & más');
    expect(top.link).toBe(`${TEST_PUBLIC_URL}/news/${first.id}`);
    expect(top.guid).toMatchObject({ '#text': top.link, '@isPermaLink': 'true' });
    expect(top.pubDate).toBe('Mon, 01 Jun 2026 10:00:00 GMT');
    expect(top['media:content']).toMatchObject({
      '@url': `${TEST_PUBLIC_URL}/og/${first.imageKey.replace(/\.webp$/, '.jpg')}`,
      '@type': 'image/jpeg',
      '@medium': 'image',
    });
    for (const item of items) {
      // Each item links to its real page, whose head names the same title and image.
      const page = await t.app.inject({
        url: pathOf(item.link as string),
        headers: { accept: 'text/html' },
      });
      expect(page.statusCode).toBe(200);
      const head = readHead(page.body);
      expect(one(head, 'og:title')).toBe(item.title);
      expect(one(head, 'og:image')).toBe((item['media:content'] as Record<string, string>)['@url']);
      // And the image answers, as a JPEG.
      const image = await t.app.inject({ url: pathOf(one(head, 'og:image') ?? '') });
      if (item.link === top.link) {
        expect(image.statusCode).toBe(200);
        expect(image.headers['content-type']).toBe('image/jpeg');
      }
    }
    // Every public page's head links to the feed.
    for (const path of ['/', '/news', `/news/${first.id}`, '/experiences', '/whoweare']) {
      const page = await t.app.inject({ url: path, headers: { accept: 'text/html' } });
      expect(readHead(page.body).links.alternate, path).toEqual([`${TEST_PUBLIC_URL}/feed.xml`]);
    }
  });

  it('a preview image is served only for a current public copy', async () => {
    const news = await createNews(t.app, { withFiles: true });
    const preview = `/og/${news.imageKey.replace(/\.webp$/, '.jpg')}`;
    const res = await t.app.inject({ url: preview });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    // Nothing else: made-up keys, another folder, a members-only key, a path that climbs out.
    for (const url of [
      `/og/news/${'0'.repeat(32)}.jpg`,
      `/og/monitors/${news.imageKey.slice('news/'.length, -'.webp'.length)}.jpg`,
      `/og/private/${news.imageKey.replace(/\.webp$/, '.jpg')}`,
      '/og/../fogata.db',
      `/og/${news.imageKey}`,
    ]) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(404);
    }
  });
});
