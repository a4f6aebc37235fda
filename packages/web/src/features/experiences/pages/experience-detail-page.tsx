import { EXPERIENCE_CATEGORY_LABELS, type Experience } from '@fogata/shared';
import { useMemo, useState } from 'react';
import Placeholder from 'react-bootstrap/Placeholder';
import { Link, useNavigate, useParams } from 'react-router';
import { CommentsSection } from '../../../components/comments-section';
import { DismissibleAlert } from '../../../components/dismissible-alert';
import { EditDeleteButtons } from '../../../components/edit-delete-buttons';
import { ImageWithPlaceholder } from '../../../components/image-with-placeholder';
import { lazyComponent } from '../../../components/lazy-component';
import { ConfirmModal } from '../../../components/lazy-confirm-modal';
import { LikeButton } from '../../../components/like-button';
import { ReviewFacesLink } from '../../../components/review-faces-link';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useCan } from '../../../lib/can';
import { parseRouteId } from '../../../lib/route-id';
import { useInteractionCounts } from '../../../lib/use-interaction-counts';
import { useDeleteExperience } from '../api/delete-experience';
import { experienceInteractions } from '../api/experience-interactions';
import { experienceQueryKey, useExperience } from '../api/get-experience';
import { experiencesQueryKey } from '../api/get-experiences';
import { EXPERIENCE_TEXTS as T } from '../texts';
import type { ExperiencesListState } from './experiences-page';

// Managers only: everyone else never loads the form (nor react-hook-form and zod).
const ExperienceFormModal = lazyComponent(
  () => import('../components/experience-form-modal'),
  'ExperienceFormModal',
);

/** /experience/{id}: one experience in full, its like button and its comments. */
export function ExperienceDetailPage() {
  const { id: raw } = useParams();
  const id = parseRouteId(raw);
  if (id === null) {
    return (
      <section className="reading-column">
        <BackLink />
        <DismissibleAlert variant="danger" message={T.invalidId} />
      </section>
    );
  }
  return <ExperienceDetail key={id} id={id} />;
}

function BackLink() {
  return (
    <p className="mb-2">
      <Link to={paths.experiences.getHref()} className="small">
        ← {T.back}
      </Link>
    </p>
  );
}

/** The page's shape while it loads: image, title, category and a few lines. */
function DetailSkeleton() {
  return (
    <div data-testid="experience-skeleton">
      <span className="visually-hidden" role="status">
        {T.loadingDetail}
      </span>
      <div aria-hidden="true">
        <Placeholder as="div" animation="glow" className="mb-3">
          <Placeholder
            className="w-100 rounded"
            style={{ aspectRatio: '16 / 9', maxHeight: '60vh' }}
          />
        </Placeholder>
        <Placeholder as="h1" animation="glow" className="h2">
          <Placeholder xs={8} />
        </Placeholder>
        <Placeholder as="p" animation="glow">
          <Placeholder xs={3} />
        </Placeholder>
        <Placeholder as="p" animation="glow">
          <Placeholder xs={12} /> <Placeholder xs={10} /> <Placeholder xs={7} />
        </Placeholder>
      </div>
    </div>
  );
}

function ExperienceDetail({ id }: { id: number }) {
  const query = useExperience(id);
  const navigate = useNavigate();
  // SPEC §6: on this page only an admin edits and deletes (decision 007).
  const canManage = useCan('experience:manage:detail');
  const canInteract = useCan('interact');
  const interactions = useMemo(() => experienceInteractions(id), [id]);
  const remove = useDeleteExperience();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const { onLiked, moveComments } = useInteractionCounts<Experience>(
    experienceQueryKey(id),
    experiencesQueryKey,
  );

  const confirmDelete = async () => {
    setDeleteError(null);
    try {
      const result = await remove.mutateAsync(id);
      const state: ExperiencesListState = { deleted: result.message };
      navigate(paths.experiences.getHref(), { state });
    } catch (error) {
      setDeleteError(T.deleteFailed((error as Error).message));
      setConfirming(false);
    }
  };

  const experience = query.data;
  if (!experience) {
    let content: React.ReactNode = <DetailSkeleton />;
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
        <BackLink />
        {content}
      </section>
    );
  }

  return (
    // The page behind an open dialog is inert: neither focusable nor read.
    <article className="pb-5 reading-column" inert={editing || confirming}>
      <BackLink />
      {experience.image && (
        <ImageWithPlaceholder
          src={experience.image}
          placeholder={experience.image_placeholder}
          width={experience.image_width}
          height={experience.image_height}
          fit="contain"
          priority
          maxHeight="60vh"
          alt={experience.title}
          className="rounded mb-3"
        />
      )}
      <h1 className="h2 mb-1 text-break">{experience.title}</h1>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <span className="text-body-secondary me-auto">
          {T.category(EXPERIENCE_CATEGORY_LABELS[experience.category])}
        </span>
        <LikeButton
          liked={experience.user_has_liked}
          count={experience.likes_count}
          canLike={canInteract}
          api={interactions}
          onChange={onLiked}
          messageFloat="end"
        />
        <ReviewFacesLink href={paths.experienceFaces.getHref(experience.id)} />
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
      {experience.description.trim() ? (
        <div className="preserve-lines mb-4">{experience.description}</div>
      ) : (
        <p className="text-body-secondary fst-italic mb-4">{T.noDescription}</p>
      )}

      <CommentsSection
        api={interactions}
        canComment={canInteract}
        onAdded={() => moveComments(1)}
        onDeleted={() => moveComments(-1)}
        title={<h2 className="h5">{T.commentsHeading(experience.comments_count)}</h2>}
      />

      {canManage && (
        <>
          <ExperienceFormModal
            show={editing}
            experience={experience}
            onClose={() => setEditing(false)}
          />
          <ConfirmModal
            show={confirming}
            title={T.deleteExperience}
            body={<p className="text-break">{T.deleteExperienceBody(experience.title)}</p>}
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
