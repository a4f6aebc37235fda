import { paths } from '../../config/paths';

/** The drawer's entries open to everyone, in its order; pages drawn on the server list them too. */
export const PUBLIC_NAV = [
  { to: paths.news.getHref(), label: 'Noticias' },
  { to: paths.experiences.getHref(), label: 'Experiencias' },
  { to: paths.whoWeAre.getHref(), label: '¿Quiénes somos?' },
] as const;
