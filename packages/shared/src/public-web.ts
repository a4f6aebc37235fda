import { ROUTES, routeMatcher } from './routes.js';

/**
 * Texts of the public pages that both the web app shows and the server puts in each page's head
 * (what a shared link shows): the pages' titles and not-found texts word for word as the product
 * gives them, the who-we-are introduction, and the descriptions and image texts of a link's
 * preview.
 */
export const PUBLIC_PAGE_TEXTS = {
  newsTitle: 'Noticias',
  experiencesTitle: 'Experiencias',
  whoWeAreTitle: '¿Quiénes somos?',
  newsNotFound: 'Noticia no encontrada',
  newsNotFoundBody: 'La noticia no existe o no pudo ser cargada.',
  experienceNotFound: 'Experiencia no encontrada',
  experienceNotFoundBody: 'La experiencia solicitada no existe o no pudo ser cargada.',
  whoWeAreIntro:
    'Somos un grupo scout: un lugar donde niños, niñas y jóvenes aprenden haciendo, al aire libre y en equipo, y descubren que dejar el mundo un poco mejor de como lo encontraron está a su alcance.',
  /** The landing's description: the same words the shell gives every other page. */
  siteDescription: 'La web de nuestro grupo scout: noticias, experiencias y fotos.',
  newsDescription: (group: string) => `Las últimas noticias de ${group}.`,
  experiencesDescription: (group: string) => `Rutas, campamentos y zonas de acampada de ${group}.`,
  /** A preview image's alternative text: the item's own image, or the group's logo. */
  imageAlt: (title: string) => `Imagen de «${title}»`,
  logoAlt: (group: string) => `Logotipo de ${group}`,
} as const;

/** A page's title as a browser tab, a search result and a shared link show it. */
export function publicPageTitle(title: string, groupName: string): string {
  return title === groupName ? title : `${title} · ${groupName}`;
}

/**
 * The title of a page with no head of its own (index.html's <title>): the private pages, and
 * any address that is not a public page.
 */
export const SHELL_TITLE = 'Fogata';

/** The public pages that show no one item, each with its own title (the landing: the group). */
const LIST_PAGE_TITLES: [(path: string) => unknown, (group: string) => string][] = [
  [routeMatcher(ROUTES.home), (group) => group],
  [routeMatcher(ROUTES.news), () => PUBLIC_PAGE_TEXTS.newsTitle],
  [routeMatcher(ROUTES.experiences), () => PUBLIC_PAGE_TEXTS.experiencesTitle],
  [routeMatcher(ROUTES.whoWeAre), () => PUBLIC_PAGE_TEXTS.whoWeAreTitle],
];

/**
 * The own title of the public page at `path` when it shows no one item (a list, the landing, the
 * who-we-are page), else null. The server's head and the web app's tab title both read it.
 */
export function listPageTitle(path: string, groupName: string): string | null {
  const found = LIST_PAGE_TITLES.find(([match]) => match(path) !== null);
  return found ? found[1](groupName) : null;
}

/**
 * The public pages: what a visitor, a crawler or a link-preview bot may land on, each with its
 * own head (what a shared link shows), and the sitemap's pages.
 */
export const PUBLIC_PAGE_ROUTES = [
  ROUTES.home,
  ROUTES.news,
  ROUTES.newsDetail,
  ROUTES.experiences,
  ROUTES.experienceDetail,
  ROUTES.whoWeAre,
] as const;

const publicPageMatchers = PUBLIC_PAGE_ROUTES.map(routeMatcher);

/** Whether `path` (without a query string) is one of the public pages. */
export function isPublicPagePath(path: string): boolean {
  return publicPageMatchers.some((match) => match(path) !== null);
}
