import type { Photo } from '@fogata/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { type Banner, BannerAlert, DismissibleAlert } from '../../../components/dismissible-alert';
import { FloatingActionButton } from '../../../components/floating-action-button';
import { lazyComponent } from '../../../components/lazy-component';
import { ConfirmModal } from '../../../components/lazy-confirm-modal';
import { Loading } from '../../../components/loading';
import { ReviewFacesLink } from '../../../components/review-faces-link';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useCan } from '../../../lib/can';
import { useDeletePhoto } from '../api/delete-photo';
import { useAlbum } from '../api/get-album';
import {
  photosOf,
  useAlbumPhotos,
  useApplyPhotoLike,
  useReloadAlbum,
} from '../api/get-album-photos';
import { usePhoto } from '../api/get-photo';
import { AlbumDraftBar } from '../components/album-draft-bar';
import { AudienceBadges } from '../components/audience-badges';
import { DownloadAlbumButton } from '../components/download-album-button';
import { JustifiedRows } from '../components/justified-rows';
import { MyHiddenPhotos } from '../components/my-hidden-photos';
import { PhotoCard, tileBodyHeight } from '../components/photo-card';
import { GALLERY_TEXTS as T } from '../texts';

// What a member only needs once they open a photo, and a manager's upload: their own chunks,
// so the grid draws without them (and without the forms and dialogs behind them).
const loadDetail = () => import('../components/photo-detail-modal');
const PhotoDetailModal = lazyComponent(loadDetail, 'PhotoDetailModal');
const UploadPhotosModal = lazyComponent(
  () => import('../components/upload-photos-modal'),
  'UploadPhotosModal',
);

/** The album id of the URL when it is a positive whole number, else null. */
export function parseAlbumId(raw: string | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * The query parameter naming the photo open in 'Detalle de Foto' (/album/3?foto=120): the
 * address can be shared with another member, and the back button closes the detail.
 */
export const PHOTO_PARAM = 'foto';

/** The photo id of the address, when it is a positive whole number, else null. */
function parsePhotoId(raw: string | null): number | null {
  return parseAlbumId(raw ?? undefined);
}

/** /album/{albumId}: the album's title and description, then its photos. */
export function AlbumPage() {
  const { albumId } = useParams();
  const id = parseAlbumId(albumId);
  if (id === null) {
    return (
      <section>
        <BackLink />
        <DismissibleAlert variant="danger" message={T.invalidId} />
      </section>
    );
  }
  return <Album key={id} id={id} />;
}

function BackLink() {
  return (
    <p className="mb-2">
      <Link to={paths.gallery.getHref()} className="small">
        ← {T.back}
      </Link>
    </p>
  );
}

function Album({ id }: { id: number }) {
  // Album and photos load together.
  const album = useAlbum(id);
  const photos = useAlbumPhotos(id);
  const isManager = useCan('content:manage');
  const canInteract = useCan('interact');
  const removePhoto = useDeletePhoto(id);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const [uploading, setUploading] = useState(false);
  const [target, setTarget] = useState<Photo | null>(null);
  const [banner, setBanner] = useState<Banner>(null);
  const list = useMemo(() => photosOf(photos.data), [photos.data]);
  const aspects = useMemo(() => list.map(aspectOf), [list]);
  const belowOf = useCallback(
    (items: number[]) => tileBodyHeight(items.map((i) => list[i]!)),
    [list],
  );
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = photos;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  // The photo in 'Detalle de Foto' is the address's (?foto=): one of the pages read, or, from a
  // shared link, one further on, shown at once while the pages up to it load.
  const openId = parsePhotoId(params.get(PHOTO_PARAM));
  const openIndex = openId === null ? -1 : list.findIndex((p) => p.id === openId);
  const linked = usePhoto(openId !== null && openIndex < 0 ? openId : null);
  const linkedHere = linked.data?.album_id === id ? linked.data : null;
  const open = openIndex >= 0 ? list[openIndex]! : linkedHere;
  // Near the end of what is loaded, the viewer asks for the next page (decision 038).
  const wantsMore = open !== null && (openIndex < 0 || openIndex >= list.length - 3);
  useEffect(() => {
    if (wantsMore) loadMore();
  }, [wantsMore, loadMore]);
  // The detail's chunk comes when the browser is idle after the grid, or at once when needed.
  const [detailUsed, setDetailUsed] = useState(false);
  if (open && !detailUsed) setDetailUsed(true);
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1000));
    const start = () => idle(() => void loadDetail());
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => window.removeEventListener('load', start);
  }, []);
  const viewing = location.state as { viewer?: boolean } | null;
  const show = (photo: Photo) =>
    navigate({ search: `?${PHOTO_PARAM}=${photo.id}` }, { state: { viewer: true } });
  // The photo last asked for: presses quicker than the address changes each move one more.
  const asked = useRef({ from: openId, id: openId });
  if (asked.current.from !== openId) asked.current = { from: openId, id: openId };
  const step = (by: -1 | 1) => {
    const at = list.findIndex((p) => p.id === asked.current.id);
    const to = at < 0 ? undefined : list[at + by];
    if (!to) return;
    asked.current.id = to.id;
    navigate({ search: `?${PHOTO_PARAM}=${to.id}` }, { replace: true, state: viewing });
  };
  // Opened from the grid, closing goes back in the history (so the back button and the close
  // button do the same); opened from a shared link, the address just drops the photo.
  const close = () =>
    viewing?.viewer ? navigate(-1) : navigate({ search: '' }, { replace: true });
  // Closing the detail reloads the album, however it closed (its counts may have changed).
  const wasOpen = useRef(false);
  useEffect(() => {
    if (openId !== null) wasOpen.current = true;
    else if (wasOpen.current) {
      wasOpen.current = false;
      void reload();
    }
  });

  const reload = useReloadAlbum(id);
  const onLiked = useApplyPhotoLike(id);

  const confirmDelete = async () => {
    if (!target) return;
    setBanner(null);
    try {
      const result = await removePhoto.mutateAsync(target.id);
      setBanner({ variant: 'success', message: result.message });
    } catch (error) {
      setBanner({ variant: 'danger', message: T.photoDeleteFailed((error as Error).message) });
    } finally {
      setTarget(null);
    }
  };

  if (album.isPending || photos.isPending) {
    return (
      <section>
        <BackLink />
        <Loading label={T.loadingAlbum} />
      </section>
    );
  }

  if (album.isError) {
    const notFound = album.error instanceof ApiError && album.error.status === 404;
    return (
      <section>
        <BackLink />
        {notFound ? (
          <h1 className="h3 text-body-secondary">{T.notFound}</h1>
        ) : (
          <DismissibleAlert variant="danger" message={album.error.message} />
        )}
      </section>
    );
  }

  return (
    <section className="pb-5">
      <BackLink />
      <h1 className="h2 mb-2 text-break">{album.data.title}</h1>
      <AudienceBadges audience={album.data.audience} className="mb-2" />
      {album.data.description && (
        <p className="lead text-body-secondary text-break album-description">
          {album.data.description}
        </p>
      )}
      <AlbumDraftBar album={album.data} onResult={setBanner} />
      <ReviewFacesLink
        href={paths.albumFaces.getHref(album.data.id)}
        pending={album.data.faces_to_review}
        className="mb-3"
      />
      <DownloadAlbumButton
        album={album.data}
        onError={(message) => setBanner({ variant: 'danger', message })}
      />
      <BannerAlert banner={banner} onClose={() => setBanner(null)} />
      <MyHiddenPhotos albumId={id} />
      {photos.isError ? (
        <DismissibleAlert variant="danger" message={photos.error.message} />
      ) : list.length === 0 ? (
        <p className="text-body-secondary py-4 text-center">
          {T.noPhotos}
          {isManager && T.noPhotosManager}
        </p>
      ) : (
        // Justified rows (decision 024): each photo whole, as wide as its proportions ask.
        <div className="mt-3">
          <JustifiedRows
            aspects={aspects}
            total={Math.max(album.data.photos_count, list.length)}
            belowOf={belowOf}
            onNearEnd={loadMore}
            keyOf={(i) => list[i]!.id}
            render={(i, firstScreen, below) => (
              <PhotoCard
                photo={list[i]!}
                position={i + 1}
                priority={firstScreen}
                bodyHeight={below}
                canLike={canInteract}
                onOpen={show}
                onLiked={onLiked}
                onDelete={isManager ? setTarget : undefined}
              />
            )}
          />
        </div>
      )}
      {photos.hasNextPage && (
        // A new sentinel after each page: still near the screen, it asks for the next one too.
        <NextPhotos
          key={photos.data?.pages.length}
          loading={photos.isFetchingNextPage}
          onNear={() => photos.fetchNextPage()}
        />
      )}

      {detailUsed && (
        <PhotoDetailModal
          photo={open}
          albumTitle={album.data.title}
          position={openIndex + 1}
          total={Math.max(album.data.photos_count, list.length)}
          previous={openIndex > 0 ? list[openIndex - 1] : undefined}
          next={openIndex >= 0 ? list[openIndex + 1] : undefined}
          onStep={step}
          onLiked={onLiked}
          onClose={close}
        />
      )}
      {isManager && (
        <>
          <FloatingActionButton label={T.uploadButton} onClick={() => setUploading(true)} />
          <UploadPhotosModal show={uploading} albumId={id} onClose={() => setUploading(false)} />
          <ConfirmModal
            show={!!target}
            title={T.deletePhoto}
            body={<p>{T.deletePhotoBody}</p>}
            confirmLabel={T.deleteConfirm}
            busy={removePhoto.isPending}
            onConfirm={confirmDelete}
            onCancel={() => setTarget(null)}
          />
        </>
      )}
    </section>
  );
}

/** A photo's width over its height (a square when they are unknown). */
function aspectOf(photo: Photo) {
  return photo.width > 0 && photo.height > 0 ? photo.width / photo.height : 1;
}

/**
 * The end of the grid so far: when it comes within a screen or so of the viewport, the next page
 * of photos is asked for (decision 014), so a 2000-photo album opens with its first page only.
 */
function NextPhotos({ loading, onNear }: { loading: boolean; onNear: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useRef(onNear);
  near.current = onNear;
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) near.current();
      },
      { rootMargin: '800px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return <div ref={ref}>{loading && <Loading label={T.loadingMorePhotos} />}</div>;
}
