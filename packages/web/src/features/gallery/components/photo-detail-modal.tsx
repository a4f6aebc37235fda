import type { LikeResult, Photo } from '@fogata/shared';
import { type PointerEvent, useEffect, useMemo, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Modal from 'react-bootstrap/Modal';
import Row from 'react-bootstrap/Row';
import { CommentsSection } from '../../../components/comments-section';
import { ChevronLeftIcon, ChevronRightIcon, FullscreenIcon } from '../../../components/icons';
import { ImageWithPlaceholder } from '../../../components/image-with-placeholder';
import { LikeButton } from '../../../components/like-button';
import { useCan } from '../../../lib/can';
import { usePhoto } from '../api/get-photo';
import { photoInteractions } from '../api/photo-interactions';
import { GALLERY_TEXTS as T } from '../texts';
import { PhotoCaption } from './photo-caption';
import { PhotoZoomView } from './photo-zoom-view';
import { RequestRemoval } from './request-removal';
import { swipeDirection } from './swipe';

interface PhotoDetailModalProps {
  /** The photo as the album list has it; null when closed. */
  photo: Photo | null;
  /** For the image's alt text when the photo has no caption: '{album}, foto {n} de {total}'. */
  albumTitle: string;
  /** Its place in the album, 1-based; 0 while unknown (a shared link to a page not loaded yet). */
  position: number;
  total: number;
  /** The photos before and after it, absent at either end: their display copies load ahead. */
  previous?: Photo;
  next?: Photo;
  /**
   * Shows the previous (-1) or next (1) photo of the album; the album page counts from the photo
   * last asked for, so quick presses each move one more.
   */
  onStep: (step: -1 | 1) => void;
  onLiked: (photo: Photo, result: LikeResult) => void;
  /** Called when the modal has closed; the album reloads then. */
  onClose: () => void;
}

/** Whether a key press belongs to a field (typing a comment), not to the viewer. */
function isTyping(target: EventTarget | null) {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))
  );
}

/**
 * 'Detalle de Foto': the display-size image, its description, like button and comments. It fetches
 * the photo again and keeps the list's copy when that fails.
 */
export function PhotoDetailModal({
  photo,
  albumTitle,
  position,
  total,
  previous,
  next,
  onStep,
  onLiked,
  onClose,
}: PhotoDetailModalProps) {
  // The last photo stays while the modal fades out.
  const [shown, setShown] = useState(photo);
  if (photo && photo !== shown) setShown(photo);
  const [alt, setAlt] = useState('');
  const fallbackAlt = T.photoAlt(albumTitle, position, total);
  if (photo && position > 0 && alt !== fallbackAlt) setAlt(fallbackAlt);
  const [fullScreen, setFullScreen] = useState(false);
  const toPrevious = previous ? () => onStep(-1) : undefined;
  const toNext = next ? () => onStep(1) : undefined;

  // The arrow keys move through the album (not while typing a comment); Escape leaves the full
  // screen first, then the detail.
  const keys = useRef<(event: KeyboardEvent) => void>(() => {});
  keys.current = (event) => {
    if (isTyping(event.target) || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'ArrowLeft' && toPrevious) toPrevious();
    else if (event.key === 'ArrowRight' && toNext) toNext();
    else if (event.key === 'Escape' && fullScreen) setFullScreen(false);
    else return;
    event.preventDefault();
  };
  const open = photo !== null;
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => keys.current(event);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  // The neighbours' display copies load while this one is looked at, so the next shows at once.
  const ahead = [previous?.image_url, next?.image_url].join(' ');
  useEffect(() => {
    if (!open) return;
    for (const url of ahead.split(' ')) if (url) new Image().src = url;
  }, [open, ahead]);

  const image = shown ? shown.description?.trim() || alt : '';
  return (
    <Modal
      show={open}
      onHide={onClose}
      onExited={() => {
        setShown(null);
        setFullScreen(false);
      }}
      keyboard={!fullScreen}
      size="xl"
      centered
      aria-labelledby="photo-detail-title"
    >
      <Modal.Header closeButton closeLabel={T.close}>
        <Modal.Title id="photo-detail-title" as="h2" className="h5">
          {T.detailTitle}
        </Modal.Title>
      </Modal.Header>
      <nav
        className="d-flex align-items-center gap-2 px-3 py-2 border-bottom photo-viewer-bar"
        aria-label={T.viewerNavigation}
      >
        <Button
          variant="outline-secondary"
          size="sm"
          aria-label={T.previousPhoto}
          title={T.previousPhoto}
          disabled={!toPrevious}
          onClick={toPrevious}
        >
          <ChevronLeftIcon />
        </Button>
        <span className="small text-body-secondary" aria-live="polite" aria-atomic="true">
          {position > 0 && T.photoPosition(position, total)}
        </span>
        <Button
          variant="outline-secondary"
          size="sm"
          aria-label={T.nextPhoto}
          title={T.nextPhoto}
          disabled={!toNext}
          onClick={toNext}
        >
          <ChevronRightIcon />
        </Button>
        <Button
          variant="outline-secondary"
          size="sm"
          className="ms-auto"
          aria-label={T.fullScreen}
          title={T.fullScreen}
          disabled={!shown}
          onClick={() => setFullScreen(true)}
        >
          <FullscreenIcon />
        </Button>
      </nav>
      {shown && (
        <PhotoDetail
          key={shown.id}
          listPhoto={shown}
          fallbackAlt={alt}
          onLiked={onLiked}
          onPrevious={toPrevious}
          onNext={toNext}
        />
      )}
      {shown && fullScreen && (
        <PhotoZoomView
          photo={shown}
          alt={image}
          onClose={() => setFullScreen(false)}
          onPrevious={toPrevious}
          onNext={toNext}
        />
      )}
    </Modal>
  );
}

function PhotoDetail({
  listPhoto,
  fallbackAlt,
  onLiked,
  onPrevious,
  onNext,
}: {
  listPhoto: Photo;
  fallbackAlt: string;
  onLiked: (photo: Photo, result: LikeResult) => void;
  onPrevious?: () => void;
  onNext?: () => void;
}) {
  const fetched = usePhoto(listPhoto.id);
  const photo = fetched.data ?? listPhoto;
  const canInteract = useCan('interact');
  const interactions = useMemo(() => photoInteractions(photo.id), [photo.id]);
  // Adjusted here as comments come and go, until the album reloads on close.
  const [commentDelta, setCommentDelta] = useState(0);
  const commentsCount = Math.max(0, photo.comments_count + commentDelta);
  // Once the member asked for it to be hidden, the photo is gone for them too (decision 018).
  const [requested, setRequested] = useState<string | null>(null);
  // A sideways swipe over the photo goes to the next or previous one (decision 038).
  const swipe = useRef<{ x: number; y: number } | null>(null);
  const onPointerDown = (event: PointerEvent) => {
    swipe.current = event.isPrimary ? { x: event.clientX, y: event.clientY } : null;
  };
  const onPointerUp = (event: PointerEvent) => {
    const from = swipe.current;
    swipe.current = null;
    if (!from || !event.isPrimary) return;
    const direction = swipeDirection(from, { x: event.clientX, y: event.clientY });
    if (direction === 'next') onNext?.();
    if (direction === 'previous') onPrevious?.();
  };

  if (requested) {
    return (
      <Modal.Body>
        <Alert variant="info" className="mb-0" role="status">
          {requested}
        </Alert>
      </Modal.Body>
    );
  }

  return (
    <Modal.Body className="p-0">
      <Row className="g-0">
        <Col
          lg={8}
          className="bg-dark d-flex align-items-center justify-content-center photo-detail-stage"
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          onPointerCancel={() => {
            swipe.current = null;
          }}
        >
          <ImageWithPlaceholder
            src={photo.image_url}
            placeholder={photo.placeholder}
            width={photo.width}
            height={photo.height}
            fit="contain"
            loading="eager"
            maxHeight="75vh"
            alt={photo.description?.trim() || fallbackAlt}
            className="photo-detail-image"
          />
        </Col>
        <Col lg={4} className="p-3 d-flex flex-column gap-3 photo-detail-side">
          <div>
            <LikeButton
              liked={photo.user_has_liked}
              count={photo.likes_count}
              canLike={canInteract}
              api={interactions}
              size="lg"
              onChange={(result) => onLiked(photo, result)}
            />
          </div>
          {photo.hidden && (
            <Badge bg="secondary" className="align-self-start text-wrap text-start">
              {T.hiddenBadge}
            </Badge>
          )}
          <PhotoCaption photo={photo} />
          <RequestRemoval photoId={photo.id} onRequested={setRequested} />
          <CommentsSection
            api={interactions}
            canComment={canInteract}
            onAdded={() => setCommentDelta((d) => d + 1)}
            onDeleted={() => setCommentDelta((d) => d - 1)}
            title={<h3 className="h6">{T.commentsHeading(commentsCount)}</h3>}
          />
        </Col>
      </Row>
    </Modal.Body>
  );
}
