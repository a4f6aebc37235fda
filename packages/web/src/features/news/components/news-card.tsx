import type { NewsSummary } from '@fogata/shared';
import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { TrashIcon } from '../../../components/icons';
import { ImageWithPlaceholder } from '../../../components/image-with-placeholder';
import { InteractionCounts } from '../../../components/interaction-counts';
import { paths } from '../../../config/paths';
import { formatLongDate } from '../../../lib/format-date';
import { NEWS_TEXTS as T } from '../texts';

interface NewsCardProps {
  news: NewsSummary;
  /** Shown to managers only (SPEC §6). */
  onDelete?: (news: NewsSummary) => void;
  /** The first card: its image is the page's largest above the fold. */
  priority?: boolean;
}

/** One news item on /news: thumbnail, title, summary, date and counts; links to /news/{id}. */
export function NewsCard({ news, onDelete, priority = false }: NewsCardProps) {
  const titleId = useId();
  const href = paths.newsDetail.getHref(news.id);
  return (
    <Card
      as="article"
      className="h-100 shadow-sm border-0 overflow-hidden content-card"
      aria-labelledby={titleId}
    >
      <Link to={href} tabIndex={-1} aria-hidden="true">
        <ImageWithPlaceholder
          src={news.thumb_url ?? news.image_url}
          placeholder={news.placeholder}
          width={news.width}
          height={news.height}
          ratio={16 / 9}
          alt=""
          priority={priority}
        />
      </Link>
      <Card.Body className="d-flex flex-column">
        <time dateTime={news.created_at} className="small text-body-secondary mb-1">
          {formatLongDate(news.created_at)}
        </time>
        <Card.Title as="h2" className="h5 mb-2 text-break" id={titleId}>
          <Link to={href} className="link-body-emphasis text-decoration-none">
            {news.title}
          </Link>
        </Card.Title>
        <Card.Text className="small text-body-secondary text-break text-clamp-3 mb-3">
          {news.description}
        </Card.Text>
        <div className="mt-auto d-flex align-items-center gap-3 small text-body-secondary">
          <InteractionCounts likes={news.likes_count} comments={news.comments_count} />
          {onDelete && (
            <Button
              variant="outline-danger"
              size="sm"
              className="ms-auto"
              aria-label={T.deleteNews}
              aria-describedby={titleId}
              title={T.deleteNews}
              onClick={() => onDelete(news)}
            >
              <TrashIcon />
            </Button>
          )}
        </div>
      </Card.Body>
    </Card>
  );
}
