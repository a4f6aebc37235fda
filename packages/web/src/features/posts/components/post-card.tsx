import { ContentCard } from '../../../components/content-card';
import type { PostBase, PostKind } from '../kinds';

interface PostCardProps<S extends PostBase> {
  kind: PostKind<S>;
  item: S;
  /** Shown to managers only. */
  onDelete?: (item: S) => void;
  /** The first card: its image is the page's largest above the fold. */
  priority?: boolean;
}

/** One post in its list: thumbnail, the kind's label, title, description and counts; links to it. */
export function PostCard<S extends PostBase>({
  kind,
  item,
  onDelete,
  priority = false,
}: PostCardProps<S>) {
  const image = kind.image(item);
  return (
    <ContentCard
      href={kind.href.detail(item.id)}
      image={{
        src: image.thumb ?? image.src,
        placeholder: image.placeholder,
        width: image.width,
        height: image.height,
        ratio: kind.cardRatio,
      }}
      label={kind.cardLabel(item)}
      title={item.title}
      text={item.description}
      likes={item.likes_count}
      comments={item.comments_count}
      deleteLabel={kind.texts.deleteTitle}
      onDelete={onDelete && (() => onDelete(item))}
      priority={priority}
    />
  );
}
