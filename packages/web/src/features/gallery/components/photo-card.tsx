import { tileBodyHeight as captionsBodyHeight, type LikeResult, type Photo } from '@fogata/shared';
import { useMemo } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { CardDeleteButton } from '../../../components/card-buttons';
import { ChatIcon } from '../../../components/icons';
import { ImageWithPlaceholder } from '../../../components/image-with-placeholder';
import { LikeButton } from '../../../components/like-button';
import { photoInteractions } from '../api/photo-interactions';
import { GALLERY_TEXTS as T } from '../texts';

interface PhotoCardProps {
  photo: Photo;
  /** Its place in the album, 1-based, for the accessible name. */
  position: number;
  canLike: boolean;
  onOpen: (photo: Photo) => void;
  onLiked: (photo: Photo, result: LikeResult) => void;
  /** Managers only. */
  onDelete?: (photo: Photo) => void;
  /** On the first screen: its thumbnail is fetched first and shown without fading in. */
  priority?: boolean;
  /** The card body's height in px: the same for every card of a row (tileBodyHeight). */
  bodyHeight: number;
}

/**
 * The height of the cards' bodies in a row of these photos (decision 038): fixed, so a row's
 * height follows from its photos' width and height alone and the grid knows it before drawing.
 */
export function tileBodyHeight(photos: Photo[]) {
  return captionsBodyHeight(photos.map((p) => p.description));
}

/** One photo of the album grid: its thumbnail, like button, comment count and description. */
export function PhotoCard({
  photo,
  position,
  canLike,
  onOpen,
  onLiked,
  onDelete,
  priority = false,
  bodyHeight,
}: PhotoCardProps) {
  const interactions = useMemo(() => photoInteractions(photo.id), [photo.id]);
  return (
    <Card className="h-100 shadow-sm border-0 overflow-hidden photo-tile">
      <button
        type="button"
        className="border-0 p-0 bg-transparent d-block w-100"
        onClick={() => onOpen(photo)}
        aria-label={
          photo.description
            ? `${T.openPhoto(position)}: ${photo.description}`
            : T.openPhoto(position)
        }
      >
        <ImageWithPlaceholder
          src={photo.thumb_url}
          placeholder={photo.placeholder}
          width={photo.width}
          height={photo.height}
          priority={priority}
          alt=""
        />
      </button>
      {photo.hidden && (
        // Over the photo, so the card keeps its height (the grid counts on it).
        <Badge bg="secondary" className="photo-tile-badge text-wrap text-start">
          {T.hiddenBadge}
        </Badge>
      )}
      <Card.Body
        className="p-2 d-flex flex-column gap-2 photo-tile-body"
        style={{ height: bodyHeight }}
      >
        <div className="d-flex align-items-start gap-1">
          <LikeButton
            liked={photo.user_has_liked}
            count={photo.likes_count}
            canLike={canLike}
            api={interactions}
            onChange={(result) => onLiked(photo, result)}
            messageFloat="start"
          />
          <Button
            variant="outline-secondary"
            size="sm"
            className="d-inline-flex align-items-center gap-1"
            aria-label={T.photoComments(photo.comments_count)}
            onClick={() => onOpen(photo)}
          >
            <ChatIcon />
            <span>{photo.comments_count}</span>
          </Button>
          {onDelete && (
            <CardDeleteButton
              label={T.deletePhoto}
              onClick={() => onDelete(photo)}
              className="ms-auto"
            />
          )}
        </div>
        {photo.description?.trim() && (
          // Two lines at most, cut with an ellipsis; the whole caption is in 'Detalle de Foto'
          // and in the photo button's name.
          <p className="small text-body-secondary mb-0 text-break photo-tile-caption">
            {photo.description}
          </p>
        )}
      </Card.Body>
    </Card>
  );
}
