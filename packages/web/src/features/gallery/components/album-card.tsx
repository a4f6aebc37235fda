import { type Album, LIMITS } from '@fogata/shared';
import { useId } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { ChatIcon, HeartIcon, ImagesIcon, PencilIcon, TrashIcon } from '../../../components/icons';
import { ImageWithPlaceholder } from '../../../components/image-with-placeholder';
import { REVIEW_FACES_TEXTS } from '../../../components/review-faces-link';
import { TruncatedText } from '../../../components/truncated-text';
import { paths } from '../../../config/paths';
import { GALLERY_TEXTS as T } from '../texts';
import { AudienceBadges } from './audience-badges';

interface AlbumCardProps {
  album: Album;
  /** Shown to managers only: the card offers what the server would allow. */
  onEdit?: (album: Album) => void;
  onDelete?: (album: Album) => void;
}

/** One album on /gallery: cover, title, short description, counts; links to /album/{id}. */
export function AlbumCard({ album, onEdit, onDelete }: AlbumCardProps) {
  const titleId = useId();
  const href = paths.album.getHref(album.id);
  return (
    <Card className="h-100 shadow-sm border-0 overflow-hidden album-card">
      <Link to={href} tabIndex={-1} aria-hidden="true">
        <ImageWithPlaceholder
          src={album.cover_thumb ?? album.cover}
          placeholder={album.cover_placeholder}
          width={album.cover_width}
          height={album.cover_height}
          ratio={4 / 3}
          alt=""
        />
      </Link>
      <Card.Body className="d-flex flex-column">
        {!album.published && (
          <Badge bg="warning" text="dark" className="align-self-start mb-2 text-wrap text-start">
            {T.draftBadge}
          </Badge>
        )}
        {album.faces_to_review !== undefined && album.faces_to_review > 0 && (
          // Managers: what is left to do in 'Revisar caras'.
          <Badge bg="warning" text="dark" className="align-self-start mb-2 text-wrap text-start">
            {REVIEW_FACES_TEXTS.toReview(album.faces_to_review)}
          </Badge>
        )}
        <AudienceBadges audience={album.audience} className="mb-2" />
        <Card.Title as="h2" className="h5 mb-2 text-break" id={titleId}>
          <Link to={href} className="link-body-emphasis text-decoration-none">
            {album.title}
          </Link>
        </Card.Title>
        <TruncatedText
          text={album.description}
          max={LIMITS.albumTruncate}
          className="card-text small text-body-secondary mb-3"
        />
        <div className="mt-auto d-flex align-items-center gap-3 small text-body-secondary">
          <span
            className="d-inline-flex align-items-center gap-1"
            title={T.likes(album.likes_count)}
          >
            <HeartIcon className="text-danger" />
            <span aria-hidden="true">{album.likes_count}</span>
            <span className="visually-hidden">{T.likes(album.likes_count)}</span>
          </span>
          <span
            className="d-inline-flex align-items-center gap-1"
            title={T.comments(album.comments_count)}
          >
            <ChatIcon />
            <span aria-hidden="true">{album.comments_count}</span>
            <span className="visually-hidden">{T.comments(album.comments_count)}</span>
          </span>
          <span
            className="d-inline-flex align-items-center gap-1"
            title={T.photos(album.photos_count)}
          >
            <ImagesIcon />
            <span aria-hidden="true">{album.photos_count}</span>
            <span className="visually-hidden">{T.photos(album.photos_count)}</span>
          </span>
          {(onEdit || onDelete) && (
            <span className="ms-auto d-inline-flex gap-1">
              {onEdit && (
                <Button
                  variant="outline-secondary"
                  size="sm"
                  aria-label={T.editAlbum}
                  aria-describedby={titleId}
                  title={T.editAlbum}
                  onClick={() => onEdit(album)}
                >
                  <PencilIcon />
                </Button>
              )}
              {onDelete && (
                <Button
                  variant="outline-danger"
                  size="sm"
                  aria-label={T.deleteAlbum}
                  aria-describedby={titleId}
                  title={T.deleteAlbum}
                  onClick={() => onDelete(album)}
                >
                  <TrashIcon />
                </Button>
              )}
            </span>
          )}
        </div>
      </Card.Body>
    </Card>
  );
}
