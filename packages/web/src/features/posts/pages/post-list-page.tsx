import { LIMITS } from '@fogata/shared';
import { useEffect, useState } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { BannerAlert, LoadFailedAlert } from '../../../components/dismissible-alert';
import { FloatingActionButton } from '../../../components/floating-action-button';
import { lazyComponent } from '../../../components/lazy-component';
import { ConfirmModal } from '../../../components/lazy-confirm-modal';
import { SkeletonGrid } from '../../../components/skeleton-grid';
import { useCan } from '../../../lib/can';
import { useConfirmedDelete } from '../../../lib/use-confirmed-delete';
import { useDeletePost, usePostList } from '../api/posts-api';
import { ListFilter } from '../components/list-filter';
import { PostCard } from '../components/post-card';
import { EXPERIENCES_KIND, NEWS_KIND, type PostBase, type PostKind } from '../kinds';

/** The grid's columns per breakpoint, loaded or loading. */
const LIST_COLUMNS = { xs: 1, sm: 2, lg: 3, xl: 4 } as const;

// Managers only: everyone else never loads the form (nor react-hook-form and zod).
const PostFormModal = lazyComponent(() => import('../components/post-form-modal'), 'PostFormModal');

/** What a page that deleted a post hands to its list: the server's message to show. */
export interface PostListState {
  deleted?: string;
}

/** /news 'Noticias': news cards; managers create and delete. */
export function NewsListPage() {
  return <PostListPage kind={NEWS_KIND} />;
}

/** /experiences 'Experiencias': a category filter and cards; managers create and delete. */
export function ExperiencesPage() {
  return <PostListPage kind={EXPERIENCES_KIND} />;
}

/** The filter's value from the URL: one of its options, or 'all' for a stale or typed one. */
function useListFilter(kind: PostKind) {
  const [params, setParams] = useSearchParams();
  const { filter } = kind;
  const raw = filter ? params.get(filter.param) : null;
  const value = filter?.options.some((o) => o.value === raw) ? (raw as string) : 'all';
  const setValue = (next: string) =>
    filter && setParams(next === 'all' ? {} : { [filter.param]: next }, { replace: true });
  return [value, setValue] as const;
}

function PostListPage<S extends PostBase>({ kind }: { kind: PostKind<S> }) {
  const T = kind.texts;
  const list = usePostList(kind);
  const isManager = useCan('content:manage');
  const remove = useDeletePost(kind as PostKind);
  const location = useLocation();
  const navigate = useNavigate();
  const [filter, setFilter] = useListFilter(kind as PostKind);
  // A deletion announced by the page that was left, shown once.
  const deleted = (location.state as PostListState | null)?.deleted;
  const announced = deleted ? { variant: 'success' as const, message: deleted } : null;
  const [creating, setCreating] = useState(false);
  // Shown once: a reload does not announce the deletion again.
  useEffect(() => {
    if ((location.state as PostListState | null)?.deleted) {
      navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    }
  }, [location, navigate]);

  const {
    target,
    ask: setTarget,
    confirm: confirmDelete,
    banner,
    setBanner,
  } = useConfirmedDelete<S>(remove.mutateAsync, T.deleteFailed, announced);

  let body: React.ReactNode;
  if (list.isPending) {
    body = (
      <SkeletonGrid
        label={T.loadingList}
        count={LIMITS.skeletonList}
        ratio={kind.skeletonRatio}
        columns={LIST_COLUMNS}
      />
    );
  } else if (list.isError) {
    body = <LoadFailedAlert message={T.loadFailed} />;
  } else {
    const matches = kind.filter?.matches;
    const shown =
      filter === 'all' || !matches ? list.data : list.data.filter((item) => matches(item, filter));
    body =
      shown.length === 0 ? (
        <p className="text-body-secondary py-4 text-center">
          {T.empty}
          {isManager && T.emptyManager}
          {filter !== 'all' && T.emptyFiltered}
        </p>
      ) : (
        <Row {...LIST_COLUMNS} className="g-4">
          {shown.map((item, i) => (
            <Col key={item.id}>
              <PostCard
                kind={kind}
                item={item}
                onDelete={isManager ? setTarget : undefined}
                priority={i === 0}
              />
            </Col>
          ))}
        </Row>
      );
  }

  return (
    // The page behind an open dialog is inert: neither focusable nor read.
    <section className="pb-5" inert={creating || !!target}>
      <h1 className={kind.filter ? 'h2 mb-3' : 'h2 mb-4'}>{T.title}</h1>
      {kind.filter && <ListFilter filter={kind.filter} value={filter} onChange={setFilter} />}
      <BannerAlert banner={banner} onClose={() => setBanner(null)} />
      {body}
      {isManager && (
        <>
          <FloatingActionButton label={T.createButton} onClick={() => setCreating(true)} />
          <PostFormModal
            kind={kind as PostKind}
            show={creating}
            onClose={() => setCreating(false)}
          />
          <ConfirmModal
            show={!!target}
            title={T.deleteTitle}
            body={target && <p className="text-break">{T.deleteBody(target.title)}</p>}
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
