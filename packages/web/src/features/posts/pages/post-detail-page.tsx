import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { CommentsSection } from '../../../components/comments-section';
import { DismissibleAlert } from '../../../components/dismissible-alert';
import { EditDeleteButtons } from '../../../components/edit-delete-buttons';
import { lazyComponent } from '../../../components/lazy-component';
import { ConfirmModal } from '../../../components/lazy-confirm-modal';
import { LikeButton } from '../../../components/like-button';
import { ReviewFacesLink } from '../../../components/review-faces-link';
import { ApiError } from '../../../lib/api-client';
import { useCan } from '../../../lib/can';
import { parseRouteId } from '../../../lib/route-id';
import { useInteractionCounts } from '../../../lib/use-interaction-counts';
import {
  postInteractions,
  postQueryKey,
  postsQueryKey,
  useDeletePost,
  usePost,
} from '../api/posts-api';
import { EXPERIENCES_KIND, NEWS_KIND, type PostBase, type PostKind } from '../kinds';
import type { PostListState } from './post-list-page';

// Managers only: everyone else never loads the form (nor react-hook-form and zod).
const PostFormModal = lazyComponent(() => import('../components/post-form-modal'), 'PostFormModal');

/** /news/{newsId}: one news item in full, its like button and its comments. */
export function NewsDetailPage() {
  return <PostDetailPage kind={NEWS_KIND} />;
}

/** /experience/{id}: one experience in full, its like button and its comments. */
export function ExperienceDetailPage() {
  return <PostDetailPage kind={EXPERIENCES_KIND} />;
}

function PostDetailPage<S extends PostBase, I extends S>({ kind }: { kind: PostKind<S, I> }) {
  const id = parseRouteId(useParams()[kind.routeParam]);
  if (id === null) {
    return (
      <section className="reading-column">
        <BackLink kind={kind} />
        <DismissibleAlert variant="danger" message={kind.texts.invalidId} />
      </section>
    );
  }
  return <PostDetail key={id} kind={kind} id={id} />;
}

function BackLink({ kind }: { kind: PostKind<never, never> }) {
  return (
    <p className="mb-2">
      <Link to={kind.href.list()} className="small">
        ← {kind.texts.back}
      </Link>
    </p>
  );
}

function PostDetail<S extends PostBase, I extends S>({
  kind,
  id,
}: {
  kind: PostKind<S, I>;
  id: number;
}) {
  const T = kind.texts;
  const anyKind = kind as unknown as PostKind;
  const query = usePost(kind, id);
  const navigate = useNavigate();
  const canManage = useCan(kind.detailManage);
  const canInteract = useCan('interact');
  const interactions = useMemo(() => postInteractions(anyKind, id), [anyKind, id]);
  const remove = useDeletePost(anyKind);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const { onLiked, moveComments } = useInteractionCounts<I>(
    postQueryKey(anyKind, id),
    postsQueryKey(anyKind),
  );

  const confirmDelete = async () => {
    setDeleteError(null);
    try {
      const result = await remove.mutateAsync(id);
      const state: PostListState = { deleted: result.message };
      navigate(kind.href.list(), { state });
    } catch (error) {
      setDeleteError(T.deleteFailed((error as Error).message));
      setConfirming(false);
    }
  };

  const item = query.data;
  if (!item) {
    let content = kind.detail.loading();
    if (query.isError) {
      const notFound = query.error instanceof ApiError && query.error.status === 404;
      content = notFound ? (
        <>
          <h1 className="h3">{T.notFound}</h1>
          <p className="text-body-secondary">{T.notFoundBody}</p>
        </>
      ) : (
        <DismissibleAlert variant="danger" message={query.error.message} />
      );
    }
    return (
      <section className="reading-column">
        <BackLink kind={kind} />
        {content}
      </section>
    );
  }

  return (
    // The page behind an open dialog is inert: neither focusable nor read.
    <article className="pb-5 reading-column" inert={editing || confirming}>
      <BackLink kind={kind} />
      {kind.detail.top(item)}
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        {kind.detail.meta(item)}
        <LikeButton
          liked={item.user_has_liked}
          count={item.likes_count}
          canLike={canInteract}
          api={interactions}
          onChange={onLiked}
          messageFloat="end"
        />
        <ReviewFacesLink href={kind.href.faces(item.id)} />
        {canManage && (
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
      {kind.detail.body(item)}

      <CommentsSection
        api={interactions}
        canComment={canInteract}
        onAdded={() => moveComments(1)}
        onDeleted={() => moveComments(-1)}
        title={<h2 className="h5">{T.commentsHeading(item.comments_count)}</h2>}
      />

      {canManage && (
        <>
          <PostFormModal
            kind={anyKind}
            show={editing}
            item={item}
            onClose={() => setEditing(false)}
          />
          <ConfirmModal
            show={confirming}
            title={T.deleteTitle}
            body={<p className="text-break">{T.deleteBody(item.title)}</p>}
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
