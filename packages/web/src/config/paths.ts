import { EXTERNAL_SIGNIN_CALLBACK_PATH } from '@fogata/shared';

/** Every route of SPEC §2: components link with getHref(), the router matches on path. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  login: {
    path: '/login',
    getHref: () => '/login',
  },
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
  /** Scouters and admins: members' requests to hide a photo (issue #14, decision 018). */
  removalRequests: { path: '/admin/removal-requests', getHref: () => '/admin/removal-requests' },
  /** Where the external sign-in popup comes back (the provider's redirect URI). */
  authCallback: {
    path: EXTERNAL_SIGNIN_CALLBACK_PATH,
    getHref: () => EXTERNAL_SIGNIN_CALLBACK_PATH,
  },
} as const;
