import type { NewsSummary } from '@fogata/shared';
import { ContentCard } from '../../../components/content-card';
import { LongDate } from '../../../components/local-date';
import { paths } from '../../../config/paths';
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
  return (
    <ContentCard
      href={paths.newsDetail.getHref(news.id)}
      image={{
        src: news.thumb_url ?? news.image_url,
        placeholder: news.placeholder,
        width: news.width,
        height: news.height,
        ratio: 16 / 9,
      }}
      label={
        <time dateTime={news.created_at} className="small text-body-secondary mb-1">
          <LongDate value={news.created_at} />
        </time>
      }
      title={news.title}
      text={news.description}
      likes={news.likes_count}
      comments={news.comments_count}
      deleteLabel={T.deleteNews}
      onDelete={onDelete && (() => onDelete(news))}
      priority={priority}
    />
  );
}
