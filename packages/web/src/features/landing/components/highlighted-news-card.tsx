import type { NewsSummary } from '@fogata/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import { ImageWithPlaceholder } from '../../../components/image-with-placeholder';
import { LongDate } from '../../../components/local-date';
import { paths } from '../../../config/paths';

/** One news item under 'Lo Más Destacado': thumbnail, title, summary, date; links to /news/{id}. */
export function HighlightedNewsCard({
  news,
  priority = false,
}: {
  news: NewsSummary;
  /** The first card: its image is the page's largest above the fold. */
  priority?: boolean;
}) {
  const titleId = useId();
  const href = paths.newsDetail.getHref(news.id);
  return (
    // Bootstrap's card markup as React-Bootstrap's Card draws it: the landing's first screen
    // loads no React-Bootstrap (decision 113).
    <article aria-labelledby={titleId} className="h-100 shadow-sm border-0 overflow-hidden card">
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
      <div className="d-flex flex-column card-body">
        <time dateTime={news.created_at} className="small text-body-secondary mb-1">
          <LongDate value={news.created_at} />
        </time>
        <h3 className="h5 mb-2 text-break card-title" id={titleId}>
          <Link to={href} className="link-body-emphasis text-decoration-none">
            {news.title}
          </Link>
        </h3>
        <p className="text-body-secondary text-break mb-0 card-text">{news.description}</p>
      </div>
    </article>
  );
}
