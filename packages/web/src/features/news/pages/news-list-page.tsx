import type { NewsSummary } from '@fogata/shared';
import { LIMITS } from '@fogata/shared';
import { useEffect, useState } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useLocation, useNavigate } from 'react-router';
import { type AlertVariant, DismissibleAlert } from '../../../components/dismissible-alert';
import { FloatingActionButton } from '../../../components/floating-action-button';
import { lazyComponent } from '../../../components/lazy-component';
import { ConfirmModal } from '../../../components/lazy-confirm-modal';
import { SkeletonCard } from '../../../components/skeleton-card';
import { useCan } from '../../../lib/can';
import { useDeleteNews } from '../api/delete-news';
import { useNewsList } from '../api/get-news-list';
import { NewsCard } from '../components/news-card';
import { NEWS_TEXTS as T } from '../texts';

// Managers only: everyone else never loads the form (nor react-hook-form and zod).
const NewsFormModal = lazyComponent(() => import('../components/news-form-modal'), 'NewsFormModal');

type Banner = { variant: AlertVariant; message: string } | null;

/** What a page that deleted a news item hands to /news: the server's message to show. */
export interface NewsListState {
  deleted?: string;
}

/** /news 'Noticias': news cards; managers create and delete. */
export function NewsListPage() {
  const list = useNewsList();
  const isManager = useCan('content:manage');
  const remove = useDeleteNews();
  const location = useLocation();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [target, setTarget] = useState<NewsSummary | null>(null);
  const [banner, setBanner] = useState<Banner>(() => {
    const deleted = (location.state as NewsListState | null)?.deleted;
    return deleted ? { variant: 'success', message: deleted } : null;
  });
  const [loadErrorClosed, setLoadErrorClosed] = useState(false);
  // Shown once: a reload of /news does not announce the deletion again.
  useEffect(() => {
    if ((location.state as NewsListState | null)?.deleted) {
      navigate(location.pathname, { replace: true, state: null });
    }
  }, [location, navigate]);

  const confirmDelete = async () => {
    if (!target) return;
    setBanner(null);
    try {
      const result = await remove.mutateAsync(target.id);
      setBanner({ variant: 'success', message: result.message });
    } catch (error) {
      setBanner({ variant: 'danger', message: T.deleteFailed((error as Error).message) });
    } finally {
      setTarget(null);
    }
  };

  let body: React.ReactNode;
  if (list.isPending) {
    body = (
      <div aria-busy="true">
        <span className="visually-hidden" role="status">
          {T.loadingList}
        </span>
        <Row xs={1} sm={2} lg={3} xl={4} className="g-4">
          {Array.from({ length: LIMITS.skeletonList }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Col key={i}>
              <SkeletonCard ratio={16 / 9} />
            </Col>
          ))}
        </Row>
      </div>
    );
  } else if (list.isError) {
    body = loadErrorClosed ? null : (
      <DismissibleAlert
        variant="danger"
        message={T.loadFailed}
        onClose={() => setLoadErrorClosed(true)}
      />
    );
  } else if (list.data.length === 0) {
    body = (
      <p className="text-body-secondary py-4 text-center">
        {T.empty}
        {isManager && T.emptyManager}
      </p>
    );
  } else {
    body = (
      <Row xs={1} sm={2} lg={3} xl={4} className="g-4">
        {list.data.map((news, i) => (
          <Col key={news.id}>
            <NewsCard news={news} onDelete={isManager ? setTarget : undefined} priority={i === 0} />
          </Col>
        ))}
      </Row>
    );
  }

  return (
    // The page behind an open dialog is inert: neither focusable nor read.
    <section className="pb-5" inert={creating || !!target}>
      <h1 className="h2 mb-4">{T.title}</h1>
      <DismissibleAlert
        variant={banner?.variant ?? 'danger'}
        message={banner?.message}
        onClose={() => setBanner(null)}
      />
      {body}
      {isManager && (
        <>
          <FloatingActionButton label={T.createButton} onClick={() => setCreating(true)} />
          <NewsFormModal show={creating} onClose={() => setCreating(false)} />
          <ConfirmModal
            show={!!target}
            title={T.deleteNews}
            body={target && <p className="text-break">{T.deleteNewsBody(target.title)}</p>}
            confirmLabel={T.deleteConfirm}
            busy={remove.isPending}
            onConfirm={confirmDelete}
            onCancel={() => setTarget(null)}
          />
        </>
      )}
    </section>
  );
}
