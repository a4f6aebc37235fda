import type { News } from '@fogata/shared';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { CommentsSection } from '../../../components/comments-section';
import { DismissibleAlert } from '../../../components/dismissible-alert';
import { EditDeleteButtons } from '../../../components/edit-delete-buttons';
import { ImageWithPlaceholder } from '../../../components/image-with-placeholder';
import { lazyComponent } from '../../../components/lazy-component';
import { ConfirmModal } from '../../../components/lazy-confirm-modal';
import { LikeButton } from '../../../components/like-button';
import { Loading } from '../../../components/loading';
import { LongDate } from '../../../components/local-date';
import { ReviewFacesLink } from '../../../components/review-faces-link';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useCan } from '../../../lib/can';
import { parseRouteId } from '../../../lib/route-id';
import { useInteractionCounts } from '../../../lib/use-interaction-counts';
import { useDeleteNews } from '../api/delete-news';
import { newsItemQueryKey, useNews } from '../api/get-news';
import { newsQueryKey } from '../api/get-news-list';
import { newsInteractions } from '../api/news-interactions';
import { NEWS_TEXTS as T } from '../texts';
import type { NewsListState } from './news-list-page';

// Managers only: everyone else never loads the form (nor react-hook-form and zod).
const NewsFormModal = lazyComponent(() => import('../components/news-form-modal'), 'NewsFormModal');

/** /news/{newsId}: one news item in full, its like button and its comments. */
export function NewsDetailPage() {
  const { newsId } = useParams();
  const id = parseRouteId(newsId);
  if (id === null) {
    return (
      <section className="reading-column">
        <BackLink />
        <DismissibleAlert variant="danger" message={T.invalidId} />
      </section>
    );
  }
  return <NewsDetail key={id} id={id} />;
}

function BackLink() {
  return (
    <p className="mb-2">
      <Link to={paths.news.getHref()} className="small">
        ← {T.back}
      </Link>
    </p>
  );
}

function NewsDetail({ id }: { id: number }) {
  const query = useNews(id);
  const navigate = useNavigate();
  const isManager = useCan('content:manage');
  const canInteract = useCan('interact');
  const interactions = useMemo(() => newsInteractions(id), [id]);
  const remove = useDeleteNews();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const { onLiked, moveComments } = useInteractionCounts<News>(newsItemQueryKey(id), newsQueryKey);

  const confirmDelete = async () => {
    setDeleteError(null);
    try {
      const result = await remove.mutateAsync(id);
      const state: NewsListState = { deleted: result.message };
      navigate(paths.news.getHref(), { state });
    } catch (error) {
      setDeleteError(T.deleteFailed((error as Error).message));
      setConfirming(false);
    }
  };

  if (query.isPending) {
    return (
      <section className="reading-column">
        <BackLink />
        <Loading label={T.loadingDetail} />
      </section>
    );
  }

  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <section className="reading-column">
        <BackLink />
        {notFound ? (
          <>
            <h1 className="h3">{T.notFound}</h1>
            <p className="text-body-secondary">{T.notFoundBody}</p>
          </>
        ) : (
          <DismissibleAlert variant="danger" message={query.error.message} />
        )}
      </section>
    );
  }

  const news = query.data;
  return (
    // The page behind an open dialog is inert: neither focusable nor read.
    <article className="pb-5 reading-column" inert={editing || confirming}>
      <BackLink />
      <h1 className="h2 mb-2 text-break">{news.title}</h1>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <time dateTime={news.created_at} className="text-body-secondary me-auto">
          <LongDate value={news.created_at} />
        </time>
        <LikeButton
          liked={news.user_has_liked}
          count={news.likes_count}
          canLike={canInteract}
          api={interactions}
          onChange={onLiked}
          messageFloat="end"
        />
        <ReviewFacesLink href={paths.newsFaces.getHref(news.id)} />
        {isManager && (
          <EditDeleteButtons
            editLabel={T.edit}
            deleteLabel={T.remove}
            onEdit={() => setEditing(true)}
            onDelete={() => setConfirming(true)}
          />
        )}
      </div>
      <DismissibleAlert
        variant="danger"
        message={deleteError}
        onClose={() => setDeleteError(null)}
      />
      {news.image_url ? (
        <ImageWithPlaceholder
          src={news.image_url}
          placeholder={news.placeholder}
          width={news.width}
          height={news.height}
          fit="contain"
          priority
          maxHeight="60vh"
          alt={news.title}
          className="rounded mb-3"
        />
      ) : (
        <p className="text-body-secondary fst-italic">{T.noImage}</p>
      )}
      <p className="lead fst-italic text-break">{news.description}</p>
      <div className="preserve-lines mb-4">{news.content}</div>

      <CommentsSection
        api={interactions}
        canComment={canInteract}
        onAdded={() => moveComments(1)}
        onDeleted={() => moveComments(-1)}
        title={<h2 className="h5">{T.commentsHeading(news.comments_count)}</h2>}
      />

      {isManager && (
        <>
          <NewsFormModal show={editing} news={news} onClose={() => setEditing(false)} />
          <ConfirmModal
            show={confirming}
            title={T.deleteNews}
            body={<p className="text-break">{T.deleteNewsBody(news.title)}</p>}
            confirmLabel={T.deleteConfirm}
            busy={remove.isPending}
            onConfirm={confirmDelete}
            onCancel={() => setConfirming(false)}
          />
        </>
      )}
    </article>
  );
}
