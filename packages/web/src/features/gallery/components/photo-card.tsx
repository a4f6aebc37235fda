import type { LikeResult, Photo } from '@fogata/shared';
import { useMemo } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { ChatIcon, TrashIcon } from '../../../components/icons';
import { ImageWithPlaceholder } from '../../../components/image-with-placeholder';
import { LikeButton } from '../../../components/like-button';
import { TruncatedText } from '../../../components/truncated-text';
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
}

/** One photo of the album grid: its thumbnail, like button, comment count and description. */
export function PhotoCard({ photo, position, canLike, onOpen, onLiked, onDelete }: PhotoCardProps) {
  const interactions = useMemo(() => photoInteractions(photo.id), [photo.id]);
  return (
    <Card className="h-100 shadow-sm border-0 overflow-hidden">
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
          alt=""
        />
      </button>
      <Card.Body className="p-2 d-flex flex-column gap-2">
        {photo.hidden && (
          <Badge bg="secondary" className="align-self-start text-wrap text-start">
            {T.hiddenBadge}
          </Badge>
        )}
        <div className="d-flex align-items-start gap-1 flex-wrap">
          <LikeButton
            liked={photo.user_has_liked}
            count={photo.likes_count}
            canLike={canLike}
            api={interactions}
            onChange={(result) => onLiked(photo, result)}
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
            <Button
              variant="outline-danger"
              size="sm"
              className="ms-auto"
              aria-label={T.deletePhoto}
              title={T.deletePhoto}
              onClick={() => onDelete(photo)}
            >
              <TrashIcon />
            </Button>
          )}
        </div>
        <TruncatedText
          text={photo.description}
          max={T.photoDescriptionMax}
          className="small text-body-secondary mb-0"
        />
      </Card.Body>
    </Card>
  );
}
