import { LIMITS } from '@fogata/shared';
import { lazy, Suspense, useId } from 'react';
import { Link, useLocation } from 'react-router';
import { SkeletonCard } from '../../../components/skeleton-card';
import { paths } from '../../../config/paths';
import { useAppConfig } from '../../../lib/app-config';
import { useAuth } from '../../../lib/auth';
import { useHighlightedNews } from '../api/get-highlighted-news';
import { HighlightedNewsCard } from '../components/highlighted-news-card';
import { LANDING_TEXTS as T } from '../texts';

// Only after a page sent the visitor here with a notice: the alert (React-Bootstrap's, with its
// transitions) is not part of the landing's first load (decision 113).
const DismissibleAlert = lazy(async () => ({
  default: (await import('../../../components/dismissible-alert')).DismissibleAlert,
}));

/** /: the hero with the group's name and tagline, then 'Lo Más Destacado' (the 3 newest news). */
export function LandingPage() {
  const config = useAppConfig();
  const { isAuthenticated } = useAuth();
  const groupName = config.data?.groupName;
  // A page that sent the visitor here to say something (e.g. that their account was deleted).
  const notice = (useLocation().state as { notice?: unknown } | null)?.notice;

  return (
    <>
      {typeof notice === 'string' && (
        <Suspense fallback={null}>
          <DismissibleAlert variant="success" message={notice} className="mb-4" />
        </Suspense>
      )}
      <section className="hero px-4 py-5 p-md-5 shadow-sm mb-5" aria-labelledby="hero-title">
        <h1 id="hero-title" className="display-5 fw-bold mb-3">
          {groupName ?? (config.isPending ? '\u00a0' : 'Fogata')}
        </h1>
        <p className="lead mb-4">{T.tagline}</p>
        <div className="d-flex flex-wrap gap-2">
          <Link to={paths.news.getHref()} className="btn btn-warning fw-semibold">
            {T.news}
          </Link>
          <Link to={paths.whoWeAre.getHref()} className="btn btn-outline-light">
            {T.whoWeAre}
          </Link>
          {!isAuthenticated && (
            <Link to={paths.login.getHref()} className="btn btn-outline-light">
              {T.login}
            </Link>
          )}
        </div>
      </section>
      <HighlightedNews />
    </>
  );
}

/** Bootstrap's grid row as React-Bootstrap's <Row xs={1} md={3} className="g-4"> writes it. */
const ROW = 'g-4 row row-cols-md-3 row-cols-1';

function HighlightedNews() {
  const news = useHighlightedNews();
  const headingId = useId();

  let body: React.ReactNode;
  if (news.isPending) {
    body = (
      <div aria-busy="true">
        <span className="visually-hidden" role="status">
          {T.loading}
        </span>
        <div className={ROW}>
          {Array.from({ length: LIMITS.skeletonSmall }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <div key={i} className="col">
              <SkeletonCard ratio={16 / 9} />
            </div>
          ))}
        </div>
      </div>
    );
  } else if (news.isError) {
    // A quiet line: the landing still shows everything else.
    body = <p className="text-body-secondary py-3 mb-0">{T.loadFailed}</p>;
  } else if (news.data.length === 0) {
    body = <p className="text-body-secondary py-3 mb-0">{T.empty}</p>;
  } else {
    body = (
      <div className={ROW}>
        {news.data.slice(0, LIMITS.landingNews).map((item, i) => (
          <div key={item.id} className="col">
            <HighlightedNewsCard news={item} priority={i === 0} />
          </div>
        ))}
      </div>
    );
  }

  return (
    <section aria-labelledby={headingId} className="pb-4">
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-3">
        <h2 id={headingId} className="h3 mb-0">
          {T.highlighted}
        </h2>
        <Link to={paths.news.getHref()} className="fw-semibold">
          {T.allNews}
        </Link>
      </div>
      {body}
    </section>
  );
}
