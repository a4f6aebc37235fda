import { type ComponentType, isValidElement, type ReactNode, Suspense, use } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { Loading } from '../components/loading';
import { paths } from '../config/paths';
import { campSessionEnd } from '../features/camp/boot';
import { CampKeeper } from '../features/camp/camp-keeper';
import { AuthProvider } from '../lib/auth';
import { loadBootstrapRest } from '../styles/load-bootstrap-rest';
import { AppLayout } from './layout/app-layout';
import { AdminRoute, ProtectedRoute } from './routes/guards';

/**
 * A page loaded only when its route is visited (its own chunk), with the rest of Bootstrap's
 * styles: both arrive before the page shows, so nothing is drawn unstyled. Like React's `lazy`,
 * but `preload()` can fetch it before the first render (main.tsx), which then draws the page
 * at once instead of a spinner first.
 */
function lazyPage<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M,
  styles: () => Promise<unknown> = loadBootstrapRest,
) {
  let Loaded: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  const preload = () => {
    loading ??= Promise.all([load(), styles()]).then(([page]) => {
      Loaded = page[name] as ComponentType;
    });
    return loading;
  };
  function Page() {
    if (!Loaded) use(preload());
    return Loaded ? <Loaded /> : null;
  }
  return Object.assign(Page, { preload });
}

const LandingPage = lazyPage(
  () => import('../features/landing/pages/landing-page'),
  'LandingPage',
  async () => {},
);
const LoginPage = lazyPage(() => import('../features/auth/pages/login-page'), 'LoginPage');
const ForgotPasswordPage = lazyPage(
  () => import('../features/auth/pages/forgot-password-page'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = lazyPage(
  () => import('../features/auth/pages/reset-password-page'),
  'ResetPasswordPage',
);
const RegisterPage = lazyPage(() => import('../features/auth/pages/register-page'), 'RegisterPage');
const AdminPage = lazyPage(() => import('./routes/admin-page'), 'AdminPage');
const SectionsPage = lazyPage(
  () => import('../features/admin-sections/pages/sections-page'),
  'SectionsPage',
);
const ChildrenPage = lazyPage(
  () => import('../features/admin-sections/pages/children-page'),
  'ChildrenPage',
);
const PromotionPage = lazyPage(
  () => import('../features/admin-sections/pages/promotion-page'),
  'PromotionPage',
);
// The admin page 'Imagen' (decision 088).
const ImagePage = lazyPage(() => import('../features/admin-consent/pages/image-page'), 'ImagePage');
const RemovalRequestsPage = lazyPage(
  () => import('../features/admin-consent/pages/removal-requests-page'),
  'RemovalRequestsPage',
);
const ProfileEditPage = lazyPage(
  () => import('../features/profile/pages/profile-edit-page'),
  'ProfileEditPage',
);
const NewsListPage = lazyPage(
  () => import('../features/posts/pages/post-list-page'),
  'NewsListPage',
);
const NewsDetailPage = lazyPage(
  () => import('../features/posts/pages/post-detail-page'),
  'NewsDetailPage',
);
const ExperiencesPage = lazyPage(
  () => import('../features/posts/pages/post-list-page'),
  'ExperiencesPage',
);
const ExperienceDetailPage = lazyPage(
  () => import('../features/posts/pages/post-detail-page'),
  'ExperienceDetailPage',
);
const WhoWeArePage = lazyPage(
  () => import('../features/whoweare/pages/who-we-are-page'),
  'WhoWeArePage',
);
const GalleryPage = lazyPage(() => import('../features/gallery/pages/gallery-page'), 'GalleryPage');
const AlbumPage = lazyPage(() => import('../features/gallery/pages/album-page'), 'AlbumPage');
const AuthCallbackPage = lazyPage(
  () => import('../features/auth/pages/auth-callback-page'),
  'AuthCallbackPage',
);
const UnsubscribePage = lazyPage(
  () => import('../features/digest/pages/unsubscribe-page'),
  'UnsubscribePage',
);
// Revisar caras (decision 077), one page for an album, a news item, an experience.
const AlbumFacesPage = lazyPage(
  () => import('../features/faces/pages/face-review-page'),
  'AlbumFacesPage',
);
const NewsFacesPage = lazyPage(
  () => import('../features/faces/pages/face-review-page'),
  'NewsFacesPage',
);
const ExperienceFacesPage = lazyPage(
  () => import('../features/faces/pages/face-review-page'),
  'ExperienceFacesPage',
);
// The consent page and 'Fotos de mi educando' (decisions 073, 074).
const ConsentPage = lazyPage(
  () => import('../features/admin-consent/pages/consent-page'),
  'ConsentPage',
);
const ChildPhotosPage = lazyPage(
  () => import('../features/profile/pages/child-photos-page'),
  'ChildPhotosPage',
);
// Activities: the managers' screens (the form, the board, the autorización's text).
const NewActivityPage = lazyPage(
  () => import('../features/activity-management/pages/activity-form-page'),
  'NewActivityPage',
);
const EditActivityPage = lazyPage(
  () => import('../features/activity-management/pages/activity-form-page'),
  'EditActivityPage',
);
const ActivityBoardPage = lazyPage(() => import('./routes/activity-pages'), 'BoardRoute');
const AuthorizationTextPage = lazyPage(
  () => import('../features/activity-management/pages/authorization-text-page'),
  'AuthorizationTextPage',
);
// 'Actividades' (issue 36): the list and an activity's page; app/routes/activity-pages.tsx puts the
// managers' controls into them.
const ActivitiesPage = lazyPage(() => import('./routes/activity-pages'), 'ActivitiesRoute');
const ActivityPage = lazyPage(() => import('./routes/activity-pages'), 'ActivityRoute');
// On camp: the pack and «Pasar lista», readable with no signal once taken.
const CampPackPage = lazyPage(
  () => import('../features/camp/pages/camp-pack-page'),
  'CampPackPage',
);
const CampRollPage = lazyPage(
  () => import('../features/camp/pages/camp-roll-page'),
  'CampRollPage',
);
// On camp: the ficha sanitaria, safeguarding (admins) and the delegado/a de protección.
const ChildHealthPage = lazyPage(
  () => import('../features/health/pages/child-health-page'),
  'ChildHealthPage',
);
const SafeguardingPage = lazyPage(
  () => import('../features/safeguarding/pages/safeguarding-page'),
  'SafeguardingPage',
);
const ProtectionPage = lazyPage(
  () => import('../features/protection/pages/protection-page'),
  'ProtectionPage',
);
const ProtectionInboxPage = lazyPage(
  () => import('../features/protection/pages/inbox-page'),
  'ProtectionInboxPage',
);
const NotFoundPage = lazyPage(() => import('./routes/not-found-page'), 'NotFoundPage');

function Root() {
  return (
    <AuthProvider onSessionEnd={campSessionEnd}>
      <CampKeeper />
      <AppLayout />
    </AuthProvider>
  );
}

export const routes: RouteObject[] = [
  // Inside the sign-in popup: no layout, no session, it only hands the token to its opener.
  {
    path: paths.authCallback.path,
    element: (
      <Suspense fallback={<Loading />}>
        <AuthCallbackPage />
      </Suspense>
    ),
  },
  {
    element: <Root />,
    children: [
      { path: paths.home.path, element: <LandingPage /> },
      { path: paths.login.path, element: <LoginPage /> },
      { path: paths.forgotPassword.path, element: <ForgotPasswordPage /> },
      { path: paths.resetPassword.path, element: <ResetPasswordPage /> },
      { path: paths.register.path, element: <RegisterPage /> },
      { path: paths.unsubscribe.path, element: <UnsubscribePage /> },
      { path: paths.whoWeAre.path, element: <WhoWeArePage /> },
      { path: paths.news.path, element: <NewsListPage /> },
      { path: paths.newsDetail.path, element: <NewsDetailPage /> },
      { path: paths.experiences.path, element: <ExperiencesPage /> },
      { path: paths.experienceDetail.path, element: <ExperienceDetailPage /> },
      {
        path: paths.gallery.path,
        element: (
          <ProtectedRoute>
            <GalleryPage />
          </ProtectedRoute>
        ),
      },
      {
        path: paths.album.path,
        element: (
          <ProtectedRoute>
            <AlbumPage />
          </ProtectedRoute>
        ),
      },
      {
        path: paths.activities.path,
        element: (
          <ProtectedRoute>
            <ActivitiesPage />
          </ProtectedRoute>
        ),
      },
      {
        path: paths.activity.path,
        element: (
          <ProtectedRoute>
            <ActivityPage />
          </ProtectedRoute>
        ),
      },
      {
        path: paths.profileEdit.path,
        element: (
          <ProtectedRoute>
            <ProfileEditPage />
          </ProtectedRoute>
        ),
      },
      {
        path: paths.admin.path,
        element: (
          <AdminRoute>
            <AdminPage />
          </AdminRoute>
        ),
      },
      {
        path: paths.sections.path,
        element: (
          <AdminRoute>
            <SectionsPage />
          </AdminRoute>
        ),
      },
      {
        // Scouters too (decision 049): the page itself refuses who may not manage children.
        path: paths.children.path,
        element: (
          <ProtectedRoute>
            <ChildrenPage />
          </ProtectedRoute>
        ),
      },
      {
        path: paths.promotion.path,
        element: (
          <AdminRoute>
            <PromotionPage />
          </AdminRoute>
        ),
      },
      {
        path: paths.removalRequests.path,
        element: (
          <ProtectedRoute>
            <RemovalRequestsPage />
          </ProtectedRoute>
        ),
      },
      // Managers' Revisar caras; the page itself refuses anyone else.
      ...[
        { path: paths.albumFaces.path, Page: AlbumFacesPage },
        { path: paths.newsFaces.path, Page: NewsFacesPage },
        { path: paths.experienceFaces.path, Page: ExperienceFacesPage },
      ].map(({ path, Page }) => ({
        path,
        element: (
          <ProtectedRoute>
            <Page />
          </ProtectedRoute>
        ),
      })),
      {
        // Scouters too (their sections' register): the page shows each part to who may use it.
        path: paths.consent.path,
        element: (
          <ProtectedRoute>
            <ConsentPage />
          </ProtectedRoute>
        ),
      },
      {
        path: paths.childPhotos.path,
        element: (
          <ProtectedRoute>
            <ChildPhotosPage />
          </ProtectedRoute>
        ),
      },
      {
        // Image consent, the settings and the ledger (admins).
        path: paths.imageSettings.path,
        element: (
          <AdminRoute>
            <ImagePage />
          </AdminRoute>
        ),
      },
      // Activities, the managers' screens: each page itself refuses who may not manage.
      ...[
        { path: paths.activityNew.path, Page: NewActivityPage },
        { path: paths.activityEdit.path, Page: EditActivityPage },
        { path: paths.activityBoard.path, Page: ActivityBoardPage },
        { path: paths.authorizationText.path, Page: AuthorizationTextPage },
        // On camp: the staff's pack and roll, read from the browser's copy first (offline too).
        { path: paths.campPack.path, Page: CampPackPage },
        { path: paths.campRoll.path, Page: CampRollPage },
      ].map(({ path, Page }) => ({
        path,
        element: (
          <ProtectedRoute>
            <Page />
          </ProtectedRoute>
        ),
      })),
      // On camp: a guardian's ficha, the admins' safeguarding, the delegado/a's form and inbox.
      {
        path: paths.childHealth.path,
        element: (
          <ProtectedRoute>
            <ChildHealthPage />
          </ProtectedRoute>
        ),
      },
      {
        path: paths.safeguarding.path,
        element: (
          <AdminRoute>
            <SafeguardingPage />
          </AdminRoute>
        ),
      },
      // Visitors too: a child or a family may write without an account.
      { path: paths.protection.path, element: <ProtectionPage /> },
      {
        // The page itself tells anyone but the delegado/a that the messages are not theirs.
        path: paths.protectionInbox.path,
        element: (
          <ProtectedRoute>
            <ProtectionInboxPage />
          </ProtectedRoute>
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** The preload of the page an element shows, inside its guards. */
function preloadOf(element: ReactNode): (() => Promise<void>) | undefined {
  let node = element;
  while (isValidElement<{ children?: ReactNode }>(node)) {
    const { preload } = node.type as { preload?: () => Promise<void> };
    if (typeof preload === 'function') return preload;
    node = node.props.children;
  }
  return undefined;
}

/** Loads the chunk (and styles) of the page at `pathname`, so the first render can draw it. */
export function preloadPage(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  const preload = preloadOf(matches[matches.length - 1]?.route.element);
  return preload ? preload() : Promise.resolve();
}
