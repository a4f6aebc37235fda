import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PUBLIC_URL, type TestApp } from '../../test/build-app.js';
import { createExperience, createNews } from '../../test/content-factories.js';
import { createUser } from '../../test/factories.js';
import { countQueries } from '../../test/gallery-factories.js';
import { multipartParts } from '../../test/images.js';
import { createMonitor } from '../../test/monitor-factories.js';
import { buildPublicWebApp, one, readHead } from '../../test/public-head.js';
import { publicPageHead } from './page-head.js';

// What a shared link shows (decision 116): each public page's own head, in the page every
// visitor, member and link-preview bot gets.

const GROUP = 'Grupo Scout 73 <Los Pinos>';
const ADDRESS = 'Calle Real 5, 28001 Madrid';
const LOGO = `${TEST_PUBLIC_URL}/og/logo.png`;

let t: TestApp;

beforeAll(async () => {
  t = await buildPublicWebApp({
    group: { name: GROUP, address: ADDRESS, mapUrl: null },
  });
});

afterAll(() => t?.close());

const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { accept: 'text/html', ...headers } });

/** The preview URL of a public copy stored under `key`. */
const previewOf = (key: string) => `${TEST_PUBLIC_URL}/og/${key.replace(/\.webp$/, '.jpg')}`;

describe("a public page's head", () => {
  it("a news item: its title, summary, canonical URL, Open Graph, card and NewsArticle, and none of the shell's defaults", async () => {
    const news = await createNews(t.app, { title: 'Acampada de otoño & "fuego"' });
    const row = await t.app.ctx.db.kysely
      .selectFrom('news')
      .selectAll()
      .where('id', '=', news.id)
      .executeTakeFirstOrThrow();
    const res = await page(`/news/${news.id}`);
    expect(res.statusCode).toBe(200);
    const url = `${TEST_PUBLIC_URL}/news/${news.id}`;
    // Exactly these tags, in this order, escaped.
    const made = (await publicPageHead(t.app.ctx, `/news/${news.id}`)) ?? '';
    expect(made.slice(0, made.indexOf('<script'))).toBe(
      [
        '<title>Acampada de otoño &#38; &#34;fuego&#34; · Grupo Scout 73 &#60;Los Pinos&#62;</title>',
        `<meta name="description" content="${row.description}" />`,
        `<link rel="canonical" href="${url}" />`,
        `<link rel="alternate" type="application/rss+xml" title="Noticias · Grupo Scout 73 &#60;Los Pinos&#62;" href="${TEST_PUBLIC_URL}/feed.xml" />`,
        '<meta property="og:type" content="article" />',
        '<meta property="og:site_name" content="Grupo Scout 73 &#60;Los Pinos&#62;" />',
        '<meta property="og:locale" content="es_ES" />',
        '<meta property="og:title" content="Acampada de otoño &#38; &#34;fuego&#34;" />',
        `<meta property="og:description" content="${row.description}" />`,
        `<meta property="og:url" content="${url}" />`,
        `<meta property="og:image" content="${previewOf(news.imageKey)}" />`,
        '<meta property="og:image:type" content="image/jpeg" />',
        '<meta property="og:image:width" content="8" />',
        '<meta property="og:image:height" content="6" />',
        '<meta property="og:image:alt" content="Imagen de «Acampada de otoño &#38; &#34;fuego&#34;»" />',
        `<meta property="article:published_time" content="${row.created_at}" />`,
        `<meta property="article:modified_time" content="${row.updated_at}" />`,
        '<meta name="twitter:card" content="summary_large_image" />',
      ].join(''),
    );
    expect(made).toMatch(/<script type="application\/ld\+json">[^<]*<\/script>$/);
    const head = readHead(res.body);
    // The shell's own title and description are replaced, not doubled.
    expect(head.titles).toEqual([`Acampada de otoño & "fuego" · ${GROUP}`]);
    expect(head.meta.description).toEqual([row.description]);
    expect(res.body).not.toContain('<title>Fogata</title>');
    expect(head.jsonLd).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'NewsArticle',
        headline: 'Acampada de otoño & "fuego"',
        description: row.description,
        image: [previewOf(news.imageKey)],
        datePublished: row.created_at,
        dateModified: row.updated_at,
        url,
        mainEntityOfPage: url,
        inLanguage: 'es-ES',
        author: { '@type': 'Organization', name: GROUP, url: `${TEST_PUBLIC_URL}/`, logo: LOGO },
        publisher: {
          '@type': 'Organization',
          name: GROUP,
          url: `${TEST_PUBLIC_URL}/`,
          logo: LOGO,
        },
      },
    ]);
    // A `<` of a title cannot close the JSON-LD's script early.
    expect(res.body).not.toMatch(/application\/ld\+json">[^<]*<Los/);
  });

  it('the landing, the lists and who we are: their titles, descriptions and the logo', async () => {
    await createMonitor(t.app);
    const expected: Record<string, { title: string; ogTitle: string; description: string }> = {
      '/': {
        title: GROUP,
        ogTitle: GROUP,
        description: 'La web de nuestro grupo scout: noticias, experiencias y fotos.',
      },
      '/news': {
        title: `Noticias · ${GROUP}`,
        ogTitle: 'Noticias',
        description: `Las últimas noticias de ${GROUP}.`,
      },
      '/experiences': {
        title: `Experiencias · ${GROUP}`,
        ogTitle: 'Experiencias',
        description: `Rutas, campamentos y zonas de acampada de ${GROUP}.`,
      },
      '/whoweare': {
        title: `¿Quiénes somos? · ${GROUP}`,
        ogTitle: '¿Quiénes somos?',
        description:
          'Somos un grupo scout: un lugar donde niños, niñas y jóvenes aprenden haciendo, al aire libre y en equipo, y descubren que dejar el mundo un poco mejor de como lo encontraron está a su alcance.',
      },
    };
    for (const [path, want] of Object.entries(expected)) {
      const res = await page(path);
      expect(res.statusCode).toBe(200);
      const head = readHead(res.body);
      expect(head.titles, path).toEqual([want.title]);
      expect(head.meta.description, path).toEqual([want.description]);
      expect(head.links.canonical, path).toEqual([`${TEST_PUBLIC_URL}${path}`]);
      expect(head.links.alternate, path).toEqual([`${TEST_PUBLIC_URL}/feed.xml`]);
      expect(one(head, 'og:type'), path).toBe('website');
      expect(one(head, 'og:title'), path).toBe(want.ogTitle);
      expect(one(head, 'og:description'), path).toBe(want.description);
      expect(one(head, 'og:url'), path).toBe(`${TEST_PUBLIC_URL}${path}`);
      expect(one(head, 'og:locale'), path).toBe('es_ES');
      expect(one(head, 'og:site_name'), path).toBe(GROUP);
      expect(one(head, 'og:image'), path).toBe(LOGO);
      expect(one(head, 'og:image:width'), path).toBe('1200');
      expect(one(head, 'og:image:height'), path).toBe('630');
      expect(one(head, 'og:image:alt'), path).toBe(`Logotipo de ${GROUP}`);
      expect(one(head, 'twitter:card'), path).toBe('summary_large_image');
      expect(head.jsonLd.length, path).toBe(path === '/whoweare' ? 1 : 0);
    }
    // Who we are: the group, with its address.
    const head = readHead((await page('/whoweare')).body);
    expect(head.jsonLd[0]).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: GROUP,
      url: `${TEST_PUBLIC_URL}/`,
      logo: LOGO,
      description:
        'Somos un grupo scout: un lugar donde niños, niñas y jóvenes aprenden haciendo, al aire libre y en equipo, y descubren que dejar el mundo un poco mejor de como lo encontraron está a su alcance.',
      address: { '@type': 'PostalAddress', streetAddress: ADDRESS },
    });
    // The logo is a real PNG of the size the head gives.
    const logo = await t.app.inject({ url: '/og/logo.png' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    const sharp = (await import('sharp')).default;
    const meta = await sharp(logo.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);
  });

  it('an experience: its own title and description, and the logo when it has no image', async () => {
    const { id } = await createExperience(t.app, { title: 'Ruta por Gredos' });
    const description = `Lo que vivimos en la experiencia ${id}.`;
    await t.app.ctx.db.kysely
      .updateTable('experiences')
      .set({
        description: `  ${'Subimos al Almanzor de madrugada y vimos el amanecer. '.repeat(6)}\n`,
        image_key: null,
        image_thumb_key: null,
      })
      .where('id', '=', id)
      .execute();
    const head = readHead((await page(`/experience/${id}`)).body);
    expect(head.titles).toEqual([`Ruta por Gredos · ${GROUP}`]);
    // The summary on one line, cut at a word under 200 characters.
    const cut = one(head, 'description') ?? '';
    expect(cut).toBe(
      `${'Subimos al Almanzor de madrugada y vimos el amanecer. '.repeat(3)}Subimos al Almanzor de madrugada y…`,
    );
    expect(cut.length).toBeLessThanOrEqual(200);
    expect(description).not.toBe(cut);
    expect(one(head, 'og:type')).toBe('article');
    expect(one(head, 'og:image')).toBe(LOGO);
    expect(one(head, 'og:image:alt')).toBe(`Logotipo de ${GROUP}`);
    expect(head.jsonLd).toEqual([]);
  });

  it('an id that names nothing: the page as before (the app shows its not-found), a head that says so and is not indexed', async () => {
    for (const [path, title, description] of [
      [
        '/news/999999',
        `Noticia no encontrada · ${GROUP}`,
        'La noticia no existe o no pudo ser cargada.',
      ],
      [
        '/experience/999999',
        `Experiencia no encontrada · ${GROUP}`,
        'La experiencia solicitada no existe o no pudo ser cargada.',
      ],
    ] as const) {
      const res = await page(path);
      expect(res.statusCode).toBe(200);
      const head = readHead(res.body);
      expect(head.titles).toEqual([title]);
      expect(head.meta.description).toEqual([description]);
      expect(head.meta.robots).toEqual(['noindex']);
      expect(head.meta['og:image']).toBeUndefined();
      expect(head.links.canonical).toBeUndefined();
    }
    // Any other page keeps the shell's own title and description.
    const other = readHead((await page('/gallery')).body);
    expect(other.titles).toEqual(['Fogata']);
    expect(other.meta.description).toEqual([
      'La web de nuestro grupo scout: noticias, experiencias y fotos.',
    ]);
    expect(other.meta['og:title']).toBeUndefined();
    expect(await publicPageHead(t.app.ctx, '/login')).toBeNull();
  });

  it("never reflects a session: a member gets the visitor's head, and a change shows at once", async () => {
    const member = await createUser(t.app, { name: 'Laura Gómez' });
    const news = await createNews(t.app, { title: 'Salida a la sierra' });
    const path = `/news/${news.id}`;
    const visitor = await page(path);
    const landing = await page('/');
    // With a session, the same bytes, from the page kept for everyone, without a query.
    for (const [url, seen] of [
      ['/', landing],
      [path, visitor],
    ] as const) {
      const { result, queries } = await countQueries(t.app, () => page(url, member.headers));
      expect(queries, url).toBe(0);
      expect(result.body, url).toBe(seen.body);
      expect(result.body, url).not.toContain('Laura');
    }
    expect(readHead(visitor.body).titles).toEqual([`Salida a la sierra · ${GROUP}`]);
    // An edited title is in the next page's head.
    const form = multipartParts([
      { name: 'title', value: 'Salida a Peñalara' },
      { name: 'description', value: 'Nueva' },
      { name: 'content', value: 'Todo el día.' },
    ]);
    const scouter = await createUser(t.app, { role: 'scouter' });
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/news/${news.id}`,
      headers: { ...scouter.headers, ...form.headers },
      payload: form.payload,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const edited = readHead((await page(path)).body);
    expect(edited.titles).toEqual([`Salida a Peñalara · ${GROUP}`]);
    expect(one(edited, 'og:description')).toBe('Nueva');
  });

  it('a link-preview bot gets the page and its head whatever it accepts', async () => {
    const news = await createNews(t.app, { title: 'Campamento de Semana Santa' });
    for (const agent of [
      'WhatsApp/2.23.20.0 A',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'TelegramBot (like TwitterBot)',
    ]) {
      for (const accept of [undefined, '*/*']) {
        const res = await t.app.inject({
          url: `/news/${news.id}`,
          headers: { 'user-agent': agent, ...(accept ? { accept } : {}) },
        });
        expect(res.statusCode, agent).toBe(200);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        const head = readHead(res.body);
        expect(one(head, 'og:title'), agent).toBe('Campamento de Semana Santa');
        expect(one(head, 'og:image'), agent).toBe(previewOf(news.imageKey));
      }
    }
    // Any other path is still only a page for a browser asking for one.
    const asset = await t.app.inject({ url: '/assets/gone.js', headers: { accept: '*/*' } });
    expect(asset.statusCode).toBe(404);
  });
});
