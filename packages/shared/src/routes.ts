/**
 * Where the external sign-in popup comes back (the provider's redirect URI). Here, away from the
 * schemas, so the web app's first load can name it without bringing zod along.
 */
export const EXTERNAL_SIGNIN_CALLBACK_PATH = '/auth/callback';

/**
 * Every page of the app, the one table of them: the web's router matches `path`, its links, the
 * mails' links and the server's page data are built from it (with `getHref`). A `:name` in a
 * path is a row id.
 */
export const ROUTES = {
  home: { path: '/', getHref: () => '/' },
  login: { path: '/login', getHref: () => '/login' },
  forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
  resetPassword: {
    path: '/reset-password',
    getHref: (token?: string) =>
      token ? `/reset-password?token=${encodeURIComponent(token)}` : '/reset-password',
  },
  register: {
    path: '/register',
    getHref: (invitation?: string) =>
      invitation ? `/register?invitation=${encodeURIComponent(invitation)}` : '/register',
  },
  whoWeAre: { path: '/whoweare', getHref: () => '/whoweare' },
  news: { path: '/news', getHref: () => '/news' },
  newsDetail: { path: '/news/:newsId', getHref: (id: number | string) => `/news/${id}` },
  experiences: { path: '/experiences', getHref: () => '/experiences' },
  experienceDetail: {
    path: '/experience/:id',
    getHref: (id: number | string) => `/experience/${id}`,
  },
  gallery: { path: '/gallery', getHref: () => '/gallery' },
  album: { path: '/album/:albumId', getHref: (id: number | string) => `/album/${id}` },
  profileEdit: { path: '/profile/edit', getHref: () => '/profile/edit' },
  /** The e-mail digest's unsubscribe link (decision 022): works without signing in. */
  unsubscribe: {
    path: '/unsubscribe',
    getHref: (token: string) => `/unsubscribe?token=${encodeURIComponent(token)}`,
  },
  admin: { path: '/admin/invitations', getHref: () => '/admin/invitations' },
  /** Admins: the group's sections (decision 049). */
  sections: { path: '/admin/secciones', getHref: () => '/admin/secciones' },
  /** Admins and scouters (those of their sections): the children (decision 049). */
  children: { path: '/admin/educandos', getHref: () => '/admin/educandos' },
  /** Admins: the paso de sección (decision 048). */
  promotion: { path: '/admin/paso-de-seccion', getHref: () => '/admin/paso-de-seccion' },
  /** Scouters and admins: members' requests to hide a photo (decision 018). */
  removalRequests: { path: '/admin/removal-requests', getHref: () => '/admin/removal-requests' },
  /** Managers (decision 077): Revisar caras of an album, a news item, an experience. */
  albumFaces: {
    path: '/album/:albumId/caras',
    getHref: (id: number | string) => `/album/${id}/caras`,
  },
  newsFaces: { path: '/news/:newsId/caras', getHref: (id: number | string) => `/news/${id}/caras` },
  experienceFaces: {
    path: '/experience/:id/caras',
    getHref: (id: number | string) => `/experience/${id}/caras`,
  },
  /** The consent text and register (admins; scouters, their sections; decisions 070–074). */
  consent: { path: '/admin/consentimiento', getHref: () => '/admin/consentimiento' },
  /** A guardian's 'Fotos de mi educando' (decision 073). */
  childPhotos: {
    path: '/mis-educandos/:childId/fotos',
    getHref: (id: number | string) => `/mis-educandos/${id}/fotos`,
  },
  /** Admins: image consent, face review settings and the image ledger (decision 088). */
  imageSettings: { path: '/admin/imagen', getHref: () => '/admin/imagen' },
  /** Members: what is coming for them (a family: their children's; a scouter: their sections'). */
  activities: { path: '/actividades', getHref: () => '/actividades' },
  /** An activity: everything a family needs, and each of their children's status (issue 36). */
  activity: {
    path: '/actividades/:activityId',
    getHref: (id: number | string) => `/actividades/${id}`,
  },
  /** Managers: a new activity, and an activity's form (the managers' screens of 'Actividades'). */
  activityNew: { path: '/actividades/nueva', getHref: () => '/actividades/nueva' },
  activityEdit: {
    path: '/actividades/:activityId/editar',
    getHref: (id: number | string) => `/actividades/${id}/editar`,
  },
  /** Managers: an activity's board — who goes, who is authorised, who has paid. */
  activityBoard: {
    path: '/actividades/:activityId/tablero',
    getHref: (id: number | string) => `/actividades/${id}/tablero`,
  },
  /** A guardian's ficha sanitaria of their child, and who has read it (issue 37). */
  childHealth: {
    path: '/mis-educandos/:childId/ficha',
    getHref: (id: number | string) => `/mis-educandos/${id}/ficha`,
  },
  /** Staff: the camp pack, readable offline once taken («Llevar al campamento»). */
  campPack: {
    path: '/actividades/:activityId/campamento',
    getHref: (id: number | string) => `/actividades/${id}/campamento`,
  },
  /** Staff: «Pasar lista», offline too. */
  campRoll: {
    path: '/actividades/:activityId/lista',
    getHref: (id: number | string) => `/actividades/${id}/lista`,
  },
  /** Admins: certificados negativos, the ratio, health data's retention, the delegado/a. */
  safeguarding: { path: '/admin/salvaguarda', getHref: () => '/admin/salvaguarda' },
  /** Anyone: write to the delegado/a de protección. */
  protection: { path: '/proteccion', getHref: () => '/proteccion' },
  /** The delegado/a de protección: the messages written to them. */
  protectionInbox: { path: '/proteccion/mensajes', getHref: () => '/proteccion/mensajes' },
  /** Admins: the autorización's text and the group's delegado/a de protección. */
  authorizationText: { path: '/admin/autorizacion', getHref: () => '/admin/autorizacion' },
  /** Where the external sign-in popup comes back (the provider's redirect URI). */
  authCallback: {
    path: EXTERNAL_SIGNIN_CALLBACK_PATH,
    getHref: () => EXTERNAL_SIGNIN_CALLBACK_PATH,
  },
} as const;

/** The name of a page in ROUTES. */
export type RouteName = keyof typeof ROUTES;

/**
 * What matches concrete paths (no query string) against a route's `path`: a path's ids by
 * parameter name (each `[1-9]` and at most nine digits, so any id of ours fits in 32 bits), or
 * null when the path is not of this route.
 */
export function routeMatcher(route: {
  path: string;
}): (path: string) => Record<string, string> | null {
  const names: string[] = [];
  const pattern = route.path.replace(/:(\w+)/g, (_, name: string) => {
    names.push(name);
    return '([1-9]\\d{0,8})';
  });
  const regex = new RegExp(`^${pattern}$`);
  return (path) => {
    const match = regex.exec(path);
    if (!match) return null;
    return Object.fromEntries(names.map((name, i) => [name, match[i + 1] ?? '']));
  };
}
