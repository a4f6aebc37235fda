import { CLIENT_ERRORS, type Comment, LIMITS, MSG } from '@fogata/shared';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useLocation } from 'react-router';
import { paths } from '../config/paths';
import type { InteractionsApi } from '../lib/interactions-api';
import { Avatar } from './avatar';
import { COMMENT_TEXTS } from './comment-texts';
import { DismissibleAlert } from './dismissible-alert';
import { TrashIcon } from './icons';
import { lazyComponent } from './lazy-component';
import { ConfirmModal } from './lazy-confirm-modal';
import { DateTime } from './local-date';

// Only members may comment: visitors never download the form (nor React-Bootstrap's Form).
const CommentForm = lazyComponent(() => import('./comment-form'), 'CommentForm');

export interface CommentsSectionProps {
  /** The item's comment calls (lib/interactions-api). */
  api: Pick<
    InteractionsApi,
    'queryKey' | 'getComments' | 'firstComments' | 'addComment' | 'deleteComment'
  >;
  /** Whether the visitor may comment ('interact'); anonymous visitors get a login link. */
  canComment: boolean;
  /** Any change of this value starts the list again from page 1. */
  refreshKey?: unknown;
  /** After a comment is added or deleted, so the parent can adjust its count. */
  onAdded?: (comment: Comment) => void;
  onDeleted?: (commentId: number) => void;
  /** A heading above the form, e.g. 'Comentarios (3)'. */
  title?: ReactNode;
}

/**
 * Comment form and paginated list of one item: 5 per page, newest first; more pages exist only
 * while a page comes back full. Adding or deleting starts the list again from page 1.
 */
export function CommentsSection({
  api,
  canComment,
  refreshKey,
  onAdded,
  onDeleted,
  title,
}: CommentsSectionProps) {
  const queryClient = useQueryClient();
  const queryKey = [...api.queryKey, 'comments', refreshKey ?? null];
  const comments = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => api.getComments(pageParam, LIMITS.commentsPageSize),
    initialPageParam: 1,
    getNextPageParam: (last, all) =>
      last.length === LIMITS.commentsPageSize ? all.length + 1 : undefined,
    // A visitor's first page can come in the page itself (lib/page-data): no request, and the
    // list draws with the item. Only visitors get it, and they cannot add or delete comments,
    // so no reset ever goes back to it. Comments fetched are stale at once, as always; the ones
    // the page brought are as fresh as the page.
    initialData: () => {
      const first = api.firstComments?.();
      return first ? { pages: [first], pageParams: [1] } : undefined;
    },
    staleTime: (query) => (query.state.dataUpdateCount === 0 ? 30_000 : 0),
  });
  const restart = () => queryClient.resetQueries({ queryKey });

  const [target, setTarget] = useState<Comment | null>(null);
  // The dialog (its own chunk) is drawn from the first deletion asked, not before.
  const [deleteAsked, setDeleteAsked] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const remove = useMutation({ mutationFn: (id: number) => api.deleteComment(id) });

  const confirmDelete = async () => {
    if (!target) return;
    const id = target.id;
    setDeleteError(null);
    try {
      await remove.mutateAsync(id);
      onDeleted?.(id);
      await restart();
    } catch (error) {
      setDeleteError(CLIENT_ERRORS.commentDeleteFailed((error as Error).message));
    } finally {
      setTarget(null);
    }
  };

  const items = comments.data?.pages.flat() ?? [];

  return (
    <section className="comments-section" aria-label="Comentarios">
      {title}
      {canComment ? (
        <CommentForm
          api={api}
          onAdded={async (comment) => {
            onAdded?.(comment);
            await restart();
          }}
        />
      ) : (
        <p className="mb-3">
          <LoginLink />
        </p>
      )}

      <DismissibleAlert
        variant="danger"
        message={deleteError}
        onClose={() => setDeleteError(null)}
      />
      {comments.isError && (
        <DismissibleAlert
          variant="danger"
          message={CLIENT_ERRORS.commentsLoadFailed(comments.error.message)}
        />
      )}

      {comments.isPending ? (
        <div className="d-flex align-items-center gap-2 text-body-secondary py-2" role="status">
          <Spinner animation="border" size="sm" aria-hidden="true" />
          {COMMENT_TEXTS.loading}
        </div>
      ) : (
        <>
          {items.length > 0 && (
            <ul className="list-unstyled mb-2" aria-label="Lista de comentarios">
              {items.map((comment) => (
                <CommentItem
                  key={comment.id}
                  comment={comment}
                  onDelete={(c) => {
                    setDeleteAsked(true);
                    setTarget(c);
                  }}
                />
              ))}
            </ul>
          )}
          {comments.hasNextPage ? (
            <Button
              variant="outline-secondary"
              size="sm"
              disabled={comments.isFetchingNextPage}
              onClick={() => comments.fetchNextPage()}
            >
              {comments.isFetchingNextPage && (
                <Spinner
                  as="span"
                  animation="border"
                  size="sm"
                  aria-hidden="true"
                  className="me-2"
                />
              )}
              {COMMENT_TEXTS.loadMore}
            </Button>
          ) : (
            !comments.isError && (
              <p className="text-body-secondary small mb-0">
                {items.length > 0 ? COMMENT_TEXTS.noMore : COMMENT_TEXTS.none}
              </p>
            )
          )}
        </>
      )}

      {deleteAsked && (
        <ConfirmModal
          show={!!target}
          title={COMMENT_TEXTS.deleteTitle}
          body={target && <p className="comment-text">«{target.comment_text}»</p>}
          confirmLabel={COMMENT_TEXTS.deleteConfirm}
          busy={remove.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setTarget(null)}
        />
      )}
    </section>
  );
}

/** 'Debes iniciar sesión para comentar.' as a link to /login that comes back here. */
function LoginLink() {
  const location = useLocation();
  return (
    <Link to={paths.login.getHref()} state={{ from: location }}>
      {MSG.commentLoginRequired}
    </Link>
  );
}

function CommentItem({
  comment,
  onDelete,
}: {
  comment: Comment;
  onDelete: (comment: Comment) => void;
}) {
  const edited = comment.updated_at !== comment.created_at;
  return (
    <li className="d-flex gap-2 py-2 border-bottom">
      <Avatar src={comment.author_avatar} size={36} />
      <div className="flex-grow-1 min-w-0">
        <div className="d-flex flex-wrap align-items-baseline column-gap-2">
          <strong className="text-break">{comment.author_name}</strong>
          <small className="text-body-secondary">
            <time dateTime={comment.created_at}>
              <DateTime value={comment.created_at} />
            </time>
            {edited && ` ${COMMENT_TEXTS.edited}`}
          </small>
        </div>
        <p className="comment-text mb-0">{comment.comment_text}</p>
      </div>
      {comment.can_delete && (
        <Button
          variant="link"
          size="sm"
          className="text-danger p-1 align-self-start"
          aria-label={COMMENT_TEXTS.delete}
          title={COMMENT_TEXTS.delete}
          onClick={() => onDelete(comment)}
        >
          <TrashIcon />
        </Button>
      )}
    </li>
  );
}
