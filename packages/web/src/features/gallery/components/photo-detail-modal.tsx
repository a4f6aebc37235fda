import type { LikeResult, Photo } from '@fogata/shared';
import { useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Col from 'react-bootstrap/Col';
import Modal from 'react-bootstrap/Modal';
import Row from 'react-bootstrap/Row';
import { CommentsSection } from '../../../components/comments-section';
import { ImageWithPlaceholder } from '../../../components/image-with-placeholder';
import { LikeButton } from '../../../components/like-button';
import { useCan } from '../../../lib/can';
import { usePhoto } from '../api/get-photo';
import { photoInteractions } from '../api/photo-interactions';
import { GALLERY_TEXTS as T } from '../texts';
import { PhotoCaption } from './photo-caption';
import { RequestRemoval } from './request-removal';

interface PhotoDetailModalProps {
  /** The photo as the album list has it; null when closed. */
  photo: Photo | null;
  /** For the image's alt text when the photo has no caption: '{album}, foto {n} de {total}'. */
  albumTitle: string;
  position: number;
  total: number;
  onLiked: (photo: Photo, result: LikeResult) => void;
  /** Called when the modal has closed; the album reloads then. */
  onClose: () => void;
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
  onLiked,
  onClose,
}: PhotoDetailModalProps) {
  // The last photo stays while the modal fades out.
  const [shown, setShown] = useState(photo);
  if (photo && photo !== shown) setShown(photo);
  const [alt, setAlt] = useState('');
  const fallbackAlt = T.photoAlt(albumTitle, position, total);
  if (photo && position > 0 && alt !== fallbackAlt) setAlt(fallbackAlt);
  return (
    <Modal
      show={photo !== null}
      onHide={onClose}
      onExited={() => setShown(null)}
      size="xl"
      centered
      aria-labelledby="photo-detail-title"
    >
      <Modal.Header closeButton closeLabel={T.close}>
        <Modal.Title id="photo-detail-title" as="h2" className="h5">
          {T.detailTitle}
        </Modal.Title>
      </Modal.Header>
      {shown && (
        <PhotoDetail key={shown.id} listPhoto={shown} fallbackAlt={alt} onLiked={onLiked} />
      )}
    </Modal>
  );
}

function PhotoDetail({
  listPhoto,
  fallbackAlt,
  onLiked,
}: {
  listPhoto: Photo;
  fallbackAlt: string;
  onLiked: (photo: Photo, result: LikeResult) => void;
}) {
  const fetched = usePhoto(listPhoto.id);
  const photo = fetched.data ?? listPhoto;
  const canInteract = useCan('interact');
  const interactions = useMemo(() => photoInteractions(photo.id), [photo.id]);
  // Adjusted here as comments come and go (SPEC §4), until the album reloads on close.
  const [commentDelta, setCommentDelta] = useState(0);
  const commentsCount = Math.max(0, photo.comments_count + commentDelta);
  // Once the member asked for it to be hidden, the photo is gone for them too (decision 018).
  const [requested, setRequested] = useState<string | null>(null);

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
        <Col lg={8} className="bg-dark d-flex align-items-center justify-content-center">
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
