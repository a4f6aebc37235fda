import { type Album, LIMITS } from '@fogata/shared';
import { useId } from 'react';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { CardDeleteButton, CardEditButton } from '../../../components/card-buttons';
import { ImagesIcon } from '../../../components/icons';
import { ImageWithPlaceholder } from '../../../components/image-with-placeholder';
import { IconCount, InteractionCounts } from '../../../components/interaction-counts';
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
          <InteractionCounts likes={album.likes_count} comments={album.comments_count} />
          <IconCount
            icon={<ImagesIcon />}
            count={album.photos_count}
            label={T.photos(album.photos_count)}
          />
          {(onEdit || onDelete) && (
            <span className="ms-auto d-inline-flex gap-1">
              {onEdit && (
                <CardEditButton
                  label={T.editAlbum}
                  describedBy={titleId}
                  onClick={() => onEdit(album)}
                />
              )}
              {onDelete && (
                <CardDeleteButton
                  label={T.deleteAlbum}
                  describedBy={titleId}
                  onClick={() => onDelete(album)}
                />
              )}
            </span>
          )}
        </div>
      </Card.Body>
    </Card>
  );
}
