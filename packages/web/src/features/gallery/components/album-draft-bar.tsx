import type { Album } from '@fogata/shared';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import type { AlertVariant } from '../../../components/dismissible-alert';
import { ConfirmModal } from '../../../components/lazy-confirm-modal';
import { useCan } from '../../../lib/can';
import { useSetAlbumPublished } from '../api/publish-album';
import { GALLERY_TEXTS as T } from '../texts';

interface AlbumDraftBarProps {
  album: Album;
  /** The outcome, for the page's banner. */
  onResult: (banner: { variant: AlertVariant; message: string }) => void;
}

/**
 * For managers on /album/{id}: a draft's badge and its 'Publicar' button, or 'Volver a borrador'
 * on a published album; both ask for confirmation first (decision 018).
 */
export function AlbumDraftBar({ album, onResult }: AlbumDraftBarProps) {
  const canReview = useCan('gallery:review');
  const setPublished = useSetAlbumPublished();
  const [confirming, setConfirming] = useState(false);
  if (!canReview) return null;
  const publishing = !album.published;

  const confirm = async () => {
    try {
      const result = await setPublished.mutateAsync({ id: album.id, published: publishing });
      onResult({ variant: 'success', message: result.message });
    } catch (error) {
      onResult({ variant: 'danger', message: (error as Error).message });
    } finally {
      setConfirming(false);
    }
  };

  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
      {publishing && (
        <Badge bg="warning" text="dark" className="fs-6 fw-semibold text-wrap text-start">
          {T.draftBadge}
        </Badge>
      )}
      <Button
        variant={publishing ? 'success' : 'outline-dark'}
        size="sm"
        onClick={() => setConfirming(true)}
      >
        {publishing ? T.publish : T.unpublish}
      </Button>
      <ConfirmModal
        show={confirming}
        title={publishing ? T.publishTitle : T.unpublishTitle}
        body={
          <p>
            {!publishing
              ? T.unpublishBody(album.title)
              : album.audience.length > 0
                ? T.publishBodySections(
                    album.title,
                    album.audience.map((section) => section.name),
                  )
                : T.publishBody(album.title)}
          </p>
        }
        confirmLabel={publishing ? T.publish : T.unpublish}
        busyLabel={publishing ? T.publishing : T.unpublishing}
        busy={setPublished.isPending}
        reversible
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
