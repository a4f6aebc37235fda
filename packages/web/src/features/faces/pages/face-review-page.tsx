import type { FaceBoxInput, FaceChild, FaceReviewImage, ReviewFace } from '@fogata/shared';
import {
  Fragment,
  type KeyboardEvent,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import Button from 'react-bootstrap/Button';
import { Link, useParams } from 'react-router';
import { DismissibleAlert } from '../../../components/dismissible-alert';
import { Loading } from '../../../components/loading';
import { paths } from '../../../config/paths';
import { useCan } from '../../../lib/can';
import { parseRouteId } from '../../../lib/route-id';
import {
  type FaceSource,
  useFaceChildren,
  useFaceImages,
  useFaceMutations,
  useFaceSource,
} from '../api/faces-api';
import { ChildPicker } from '../components/child-picker';
import { FaceImage, faceLabel } from '../components/face-image';
import { UnsearchedNotice } from '../components/unsearched-notice';
import { T } from '../texts';

/** Where "back" goes from a source's review. */
function backOf(source: FaceSource): { href: string; label: string } {
  if (source.kind === 'album')
    return { href: paths.album.getHref(source.id), label: T.backToAlbum };
  if (source.kind === 'news')
    return { href: paths.newsDetail.getHref(source.id), label: T.backToNews };
  return { href: paths.experienceDetail.getHref(source.id), label: T.backToExperience };
}

/** The key of an image among the loaded ones (a cover and a photo may share an id). */
const imageKey = (image: Pick<FaceReviewImage, 'kind' | 'id'>) => `${image.kind}-${image.id}`;

/**
 * The face to go to after `faceId` was reviewed: the next one still to review (after it, then
 * from the top), else the one after it.
 */
export function nextFace(faces: ReviewFace[], faceId: number): ReviewFace | undefined {
  const at = faces.findIndex((face) => face.id === faceId);
  const after = faces.slice(at + 1);
  const before = faces.slice(0, Math.max(at, 0));
  return (
    after.find((face) => face.status === 'pending') ??
    before.find((face) => face.status === 'pending') ??
    after[0]
  );
}

/** Revisar caras of one source (decision 077). */
function FaceReview({ source }: { source: FaceSource }) {
  const info = useFaceSource(source);
  const images = useFaceImages(source);
  const children = useFaceChildren(source);
  const { review, draw, remove, unblur } = useFaceMutations(source);
  const [selected, setSelected] = useState<number | null>(null);
  const [drawingIn, setDrawingIn] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const chips = useRef(new Map<number, HTMLButtonElement>());
  /** Each image's 'Dibujar una cara', where the focus goes back when drawing is cancelled. */
  const drawButtons = useRef(new Map<string, HTMLButtonElement>());
  const search = useRef<HTMLInputElement>(null);
  /** Letters typed on a face before its search has the focus (null: none waiting). */
  const typedAhead = useRef<string | null>(null);
  /** The face to focus once the cache shows the change (after a save, the next face). */
  const [focusNext, setFocusNext] = useState<number | null>(null);

  const loaded = useMemo(
    () => images.data?.pages.flatMap((page) => page.images) ?? [],
    [images.data],
  );
  const total = images.data?.pages[0]?.total ?? 0;
  const allFaces = useMemo(() => loaded.flatMap((image) => image.faces), [loaded]);
  const pendingLoaded = allFaces.filter((face) => face.status === 'pending').length;
  const pending =
    source.kind === 'album' ? (info.data?.faces_to_review ?? pendingLoaded) : pendingLoaded;

  useEffect(() => {
    if (focusNext === null) return;
    chips.current.get(focusNext)?.focus();
    setFocusNext(null);
  }, [focusNext]);

  const select = useCallback((face: ReviewFace, focus = false) => {
    setSelected(face.id);
    if (focus) chips.current.get(face.id)?.focus();
  }, []);

  /** Saves what face `face` is, then moves on to the next face to review. */
  const save = (face: ReviewFace, change: { status: ReviewFace['status']; child?: FaceChild }) => {
    if (!face.changeable) {
      setError(T.otherSectionNote);
      return;
    }
    setError(null);
    review.mutate(
      {
        id: face.id,
        input: { status: change.status, child_id: change.child ? change.child.id : null },
      },
      {
        onSuccess: (saved) => {
          setStatus(`${T.saved} ${faceLabel(saved)}.`);
          const updated = allFaces.map((f) => (f.id === saved.id ? saved : f));
          const next = nextFace(updated, saved.id);
          if (next) {
            setSelected(next.id);
            setFocusNext(next.id);
          } else setFocusNext(saved.id);
        },
        onError: (err) => setError(err.message),
      },
    );
  };

  const onChipKey = (event: KeyboardEvent<HTMLButtonElement>, face: ReviewFace) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const key = event.key.toLowerCase();
    if (key === 'a') {
      event.preventDefault();
      save(face, { status: 'adult' });
    } else if (key === 'n') {
      event.preventDefault();
      save(face, { status: 'not_face' });
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      select(face);
      // Once the panel is there: the child's search.
      setTimeout(() => search.current?.focus(), 0);
    } else if (event.key === 'Delete' && face.source === 'manual' && face.changeable) {
      event.preventDefault();
      remove.mutate(face.id, { onError: (err) => setError(err.message) });
    } else if (event.key.length === 1 && /\p{L}/u.test(event.key)) {
      // Any other letter starts the child's search with it. Letters typed before the search has
      // the focus are kept, in order: a fast typist's 'hugo' is not cut to its last letters.
      select(face);
      const starting = typedAhead.current === null;
      typedAhead.current = (typedAhead.current ?? '') + event.key;
      if (starting) {
        setTimeout(() => {
          const typed = typedAhead.current ?? '';
          typedAhead.current = null;
          const input = search.current;
          if (!input) return;
          input.focus();
          const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
          setter?.call(input, typed);
          input.dispatchEvent(new Event('input', { bubbles: true }));
        }, 0);
      }
      event.preventDefault();
    }
  };

  const onDraw = (image: FaceReviewImage, box: FaceBoxInput) => {
    setError(null);
    draw.mutate(
      { image: { kind: image.kind, id: image.id }, box },
      {
        onSuccess: (face) => {
          setDrawingIn(null);
          setStatus(T.drawn);
          setSelected(face.id);
          setFocusNext(face.id);
        },
        onError: (err) => setError(err.message),
      },
    );
  };

  /** Stops drawing in image `key`; its 'Dibujar una cara' gets the focus back. */
  const cancelDraw = useCallback((key: string) => {
    setDrawingIn(null);
    drawButtons.current.get(key)?.focus();
  }, []);

  useEffect(() => {
    if (!drawingIn) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') cancelDraw(drawingIn);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawingIn, cancelDraw]);

  const back = backOf(source);
  if (images.isPending) return <Loading />;
  if (images.isError) {
    return (
      <section className="pb-5">
        <Link to={back.href} className="small">
          {back.label}
        </Link>
        <DismissibleAlert variant="danger" message={images.error.message} className="mt-3" />
      </section>
    );
  }

  let photoNumber = 0;
  const photoTotal = source.kind === 'album' ? total - (loaded[0]?.kind === 'album' ? 1 : 0) : 1;
  return (
    <section className="pb-5 face-review">
      <Link to={back.href} className="small">
        {back.label}
      </Link>
      <h1 className="h2 mb-1 text-break">{T.title}</h1>
      {info.data && <p className="lead mb-1 text-break">{info.data.title}</p>}
      <p className="fw-semibold mb-1" data-testid="faces-pending">
        {T.pending(pending)}
      </p>
      <p className="small text-body-secondary">{T.help}</p>
      <DismissibleAlert variant="danger" message={error} onClose={() => setError(null)} />
      {children.isError && <DismissibleAlert variant="danger" message={children.error.message} />}
      <p className="visually-hidden" role="status">
        {status}
      </p>
      {loaded.map((image) => {
        const key = imageKey(image);
        const where =
          image.kind === 'album'
            ? T.cover
            : image.kind === 'photo'
              ? T.photo(++photoNumber, photoTotal)
              : T.image;
        const chosen = image.faces.find((face) => face.id === selected);
        const drawing = drawingIn === key;
        return (
          <article key={key} className="mb-4 face-review-image" aria-label={where}>
            <div className="d-flex align-items-center justify-content-between gap-2 mb-2 flex-wrap">
              <h2 className="h6 mb-0">{where}</h2>
              <Button
                ref={(node: HTMLButtonElement | null) => {
                  if (node) drawButtons.current.set(key, node);
                  else drawButtons.current.delete(key);
                }}
                size="sm"
                variant={drawing ? 'dark' : 'outline-dark'}
                aria-pressed={drawing}
                onClick={() => setDrawingIn(drawing ? null : key)}
              >
                {drawing ? T.cancelDraw : T.draw}
              </Button>
            </div>
            {drawing && <p className="small mb-2">{T.drawing}</p>}
            <FaceImage
              image={image}
              alt={where}
              selectedId={selected}
              onSelect={(face) => select(face, true)}
              drawing={drawing}
              onDraw={(box) => onDraw(image, box)}
              onCancel={() => cancelDraw(key)}
            />
            {!image.searched && (
              <UnsearchedNotice
                source={source}
                image={image}
                onDone={setStatus}
                onError={setError}
              />
            )}
            {image.faces.length === 0 ? (
              image.searched && <p className="small text-body-secondary mt-2 mb-0">{T.noFaces}</p>
            ) : (
              <fieldset className="d-flex flex-wrap gap-2 mt-2 mb-0 border-0 p-0">
                <legend className="visually-hidden">{T.facesOf(where)}</legend>
                {image.faces.map((face, i) => (
                  <Fragment key={face.id}>
                    <button
                      type="button"
                      ref={(node) => {
                        if (node) chips.current.set(face.id, node);
                        else chips.current.delete(face.id);
                      }}
                      data-status={face.status}
                      className={`btn btn-sm face-chip ${face.id === selected ? 'btn-dark' : 'btn-outline-dark'}`}
                      aria-pressed={face.id === selected}
                      onClick={() => select(face)}
                      onFocus={() => setSelected(face.id)}
                      onKeyDown={(event) => onChipKey(event, face)}
                    >
                      {/* '1 Ana López': the group's legend says whose faces they are. */}
                      <span className="face-chip-number">{i + 1}</span> {faceLabel(face)}
                    </button>
                  </Fragment>
                ))}
              </fieldset>
            )}
            {chosen && !chosen.changeable && (
              <p className="border rounded p-2 mt-2 mb-0 small face-panel">{T.otherSectionNote}</p>
            )}
            {chosen?.changeable && (
              <div className="border rounded p-2 mt-2 face-panel">
                <div className="d-flex flex-wrap gap-2 mb-2">
                  <Button
                    size="sm"
                    variant={chosen.status === 'adult' ? 'dark' : 'outline-dark'}
                    aria-keyshortcuts="A"
                    disabled={review.isPending}
                    onClick={() => save(chosen, { status: 'adult' })}
                  >
                    {T.adult} <kbd className="ms-1">A</kbd>
                  </Button>
                  <Button
                    size="sm"
                    variant={chosen.status === 'not_face' ? 'dark' : 'outline-dark'}
                    aria-keyshortcuts="N"
                    disabled={review.isPending}
                    onClick={() => save(chosen, { status: 'not_face' })}
                  >
                    {T.notFace} <kbd className="ms-1">N</kbd>
                  </Button>
                  {chosen.status !== 'pending' && (
                    <Button
                      size="sm"
                      variant="outline-dark"
                      disabled={review.isPending}
                      onClick={() => save(chosen, { status: 'pending' })}
                    >
                      {T.backToPending}
                    </Button>
                  )}
                  {chosen.source === 'manual' && (
                    <Button
                      size="sm"
                      variant="outline-dark"
                      disabled={remove.isPending}
                      onClick={() =>
                        remove.mutate(chosen.id, { onError: (err) => setError(err.message) })
                      }
                    >
                      {T.deleteBox}
                    </Button>
                  )}
                </div>
                {chosen.blur_requested && (
                  <p className="small mb-2 d-flex flex-wrap align-items-center gap-2">
                    {T.blurRequested}
                    <Button
                      size="sm"
                      variant="outline-dark"
                      disabled={unblur.isPending}
                      onClick={() =>
                        unblur.mutate(chosen.id, {
                          onSuccess: () => setStatus(T.unblurred),
                          onError: (err) => setError(err.message),
                        })
                      }
                    >
                      {T.unblur}
                    </Button>
                  </p>
                )}
                <ChildPicker
                  options={children.data ?? []}
                  inputRef={search}
                  disabled={review.isPending}
                  onPick={(child) => save(chosen, { status: 'child', child })}
                  onCancel={() => chips.current.get(chosen.id)?.focus()}
                />
              </div>
            )}
          </article>
        );
      })}
      {images.hasNextPage && (
        <div className="text-center">
          <Button
            variant="outline-dark"
            disabled={images.isFetchingNextPage}
            onClick={() => void images.fetchNextPage()}
          >
            {images.isFetchingNextPage ? T.loadingMore : T.more}
          </Button>
        </div>
      )}
    </section>
  );
}

/** Managers only: anyone else gets what a missing page gets. */
function ManagersOnly({ source }: { source: FaceSource | null }) {
  const canReview = useCan('faces:review');
  if (!canReview || !source) {
    return (
      <section className="pb-5">
        <h1 className="h3 text-body-secondary">{T.notFound}</h1>
      </section>
    );
  }
  return <FaceReview key={`${source.kind}-${source.id}`} source={source} />;
}

export function AlbumFacesPage() {
  const id = parseRouteId(useParams().albumId);
  return <ManagersOnly source={id === null ? null : { kind: 'album', id }} />;
}

export function NewsFacesPage() {
  const id = parseRouteId(useParams().newsId);
  return <ManagersOnly source={id === null ? null : { kind: 'news', id }} />;
}

export function ExperienceFacesPage() {
  const id = parseRouteId(useParams().id);
  return <ManagersOnly source={id === null ? null : { kind: 'experience', id }} />;
}
