import type { Album } from '@fogata/shared';
import { LIMITS } from '@fogata/shared';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { BannerAlert, LoadFailedAlert } from '../../../components/dismissible-alert';
import { FloatingActionButton } from '../../../components/floating-action-button';
import { lazyComponent } from '../../../components/lazy-component';
import { ConfirmModal } from '../../../components/lazy-confirm-modal';
import { SkeletonGrid } from '../../../components/skeleton-grid';
import { useCan } from '../../../lib/can';
import { useCardActions } from '../../../lib/use-card-actions';
import { useDeleteAlbum } from '../api/delete-album';
import { useAlbums } from '../api/get-albums';
import { AlbumCard } from '../components/album-card';
import { GALLERY_TEXTS as T } from '../texts';

/** The grid's columns per breakpoint, loaded or loading. */
const LIST_COLUMNS = { xs: 1, sm: 2, lg: 3, xl: 4 } as const;

// Managers only: a member's /gallery never loads the album form and the delete dialog, nor
// react-hook-form, zod and the modal behind them (decision 091).
const AlbumFormModal = lazyComponent(
  () => import('../components/album-form-modal'),
  'AlbumFormModal',
);

/** /gallery 'Álbumes de Fotos': album cards; managers create, edit and delete. */
export function GalleryPage() {
  const albums = useAlbums();
  const isManager = useCan('content:manage');
  const remove = useDeleteAlbum();
  const {
    formOpen,
    formItem,
    openForm,
    closeForm,
    target,
    setTarget,
    banner,
    setBanner,
    confirmDelete,
  } = useCardActions<Album>(remove.mutateAsync, 'álbum');

  let body: React.ReactNode;
  if (albums.isPending) {
    body = (
      <SkeletonGrid label={T.loadingAlbums} count={LIMITS.skeletonList} columns={LIST_COLUMNS} />
    );
  } else if (albums.isError) {
    body = <LoadFailedAlert message={T.loadFailed} />;
  } else if (albums.data.length === 0) {
    body = (
      <p className="text-body-secondary py-4 text-center">
        {T.empty}
        {isManager && ` ${T.emptyManager}`}
      </p>
    );
  } else {
    body = (
      <Row {...LIST_COLUMNS} className="g-4">
        {albums.data.map((album) => (
          <Col key={album.id}>
            <AlbumCard
              album={album}
              onEdit={isManager ? openForm : undefined}
              onDelete={isManager ? setTarget : undefined}
            />
          </Col>
        ))}
      </Row>
    );
  }

  return (
    <section className="pb-5">
      <h1 className="h2 mb-4">{T.title}</h1>
      <BannerAlert banner={banner} onClose={() => setBanner(null)} />
      {body}
      {isManager && (
        <>
          <FloatingActionButton label={T.createButton} onClick={() => openForm(null)} />
          <AlbumFormModal show={formOpen} album={formItem} onClose={closeForm} />
          <ConfirmModal
            show={!!target}
            title={T.deleteAlbum}
            body={target && <p>{T.deleteAlbumBody(target.title)}</p>}
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
