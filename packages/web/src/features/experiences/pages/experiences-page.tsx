import type { Experience } from '@fogata/shared';
import { LIMITS } from '@fogata/shared';
import { useEffect, useState } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { type AlertVariant, DismissibleAlert } from '../../../components/dismissible-alert';
import { FloatingActionButton } from '../../../components/floating-action-button';
import { lazyComponent } from '../../../components/lazy-component';
import { ConfirmModal } from '../../../components/lazy-confirm-modal';
import { SkeletonCard } from '../../../components/skeleton-card';
import { useCan } from '../../../lib/can';
import { useDeleteExperience } from '../api/delete-experience';
import { useExperiences } from '../api/get-experiences';
import {
  CategoryFilter,
  type CategoryFilterValue,
  isCategoryFilter,
} from '../components/category-filter';
import { ExperienceCard } from '../components/experience-card';
import { EXPERIENCE_TEXTS as T } from '../texts';

// Managers only: everyone else never loads the form (nor react-hook-form and zod).
const ExperienceFormModal = lazyComponent(
  () => import('../components/experience-form-modal'),
  'ExperienceFormModal',
);

type Banner = { variant: AlertVariant; message: string } | null;

/** What a page that deleted an experience hands to /experiences: the server's message. */
export interface ExperiencesListState {
  deleted?: string;
}

/** The URL's query parameter holding the filter, so a link or the back button keeps it. */
const FILTER_PARAM = 'categoria';

/** /experiences 'Experiencias': a category filter and cards; managers create and delete. */
export function ExperiencesPage() {
  const list = useExperiences();
  const isManager = useCan('content:manage');
  const remove = useDeleteExperience();
  const location = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const raw = params.get(FILTER_PARAM);
  const filter: CategoryFilterValue = isCategoryFilter(raw) ? raw : 'all';
  const setFilter = (value: CategoryFilterValue) =>
    setParams(value === 'all' ? {} : { [FILTER_PARAM]: value }, { replace: true });

  const [creating, setCreating] = useState(false);
  const [target, setTarget] = useState<Experience | null>(null);
  const [banner, setBanner] = useState<Banner>(() => {
    const deleted = (location.state as ExperiencesListState | null)?.deleted;
    return deleted ? { variant: 'success', message: deleted } : null;
  });
  const [loadErrorClosed, setLoadErrorClosed] = useState(false);
  // Shown once: a reload does not announce the deletion again.
  useEffect(() => {
    if ((location.state as ExperiencesListState | null)?.deleted) {
      navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
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
              <SkeletonCard />
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
  } else {
    const shown = filter === 'all' ? list.data : list.data.filter((e) => e.category === filter);
    body =
      shown.length === 0 ? (
        <p className="text-body-secondary py-4 text-center">
          {T.empty}
          {filter !== 'all' && T.emptyFiltered}
        </p>
      ) : (
        <Row xs={1} sm={2} lg={3} xl={4} className="g-4">
          {shown.map((experience, i) => (
            <Col key={experience.id}>
              <ExperienceCard
                experience={experience}
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
      <h1 className="h2 mb-3">{T.title}</h1>
      <CategoryFilter value={filter} onChange={setFilter} />
      <DismissibleAlert
        variant={banner?.variant ?? 'danger'}
        message={banner?.message}
        onClose={() => setBanner(null)}
      />
      {body}
      {isManager && (
        <>
          <FloatingActionButton label={T.createButton} onClick={() => setCreating(true)} />
          <ExperienceFormModal show={creating} onClose={() => setCreating(false)} />
          <ConfirmModal
            show={!!target}
            title={T.deleteExperience}
            body={target && <p className="text-break">{T.deleteExperienceBody(target.title)}</p>}
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
