import { type ReactNode, useId } from 'react';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { CardDeleteButton } from './card-buttons';
import { ImageWithPlaceholder, type ImageWithPlaceholderProps } from './image-with-placeholder';
import { InteractionCounts } from './interaction-counts';

export interface ContentCardProps {
  /** The item's own page. */
  href: string;
  image: Pick<ImageWithPlaceholderProps, 'src' | 'placeholder' | 'width' | 'height' | 'ratio'>;
  /** Above the title: the date of a news item, the category of an experience. */
  label: ReactNode;
  title: string;
  text: string;
  likes: number;
  comments: number;
  /** The delete button's name; the button shows only with `onDelete` (managers). */
  deleteLabel: string;
  onDelete?: () => void;
  /** The first card: its image is the page's largest above the fold. */
  priority?: boolean;
}

/**
 * One news item or experience in its list: image, label, title, text and counts, linking to its
 * page (the two lists differ only in what they put in these places).
 */
export function ContentCard({
  href,
  image,
  label,
  title,
  text,
  likes,
  comments,
  deleteLabel,
  onDelete,
  priority = false,
}: ContentCardProps) {
  const titleId = useId();
  return (
    <Card
      as="article"
      className="h-100 shadow-sm border-0 overflow-hidden content-card"
      aria-labelledby={titleId}
    >
      <Link to={href} tabIndex={-1} aria-hidden="true">
        <ImageWithPlaceholder
          src={image.src}
          placeholder={image.placeholder}
          width={image.width}
          height={image.height}
          ratio={image.ratio}
          alt=""
          priority={priority}
        />
      </Link>
      <Card.Body className="d-flex flex-column">
        {label}
        <Card.Title as="h2" className="h5 mb-2 text-break" id={titleId}>
          <Link to={href} className="link-body-emphasis text-decoration-none">
            {title}
          </Link>
        </Card.Title>
        <Card.Text className="small text-body-secondary text-break text-clamp-3 mb-3">
          {text}
        </Card.Text>
        <div className="mt-auto d-flex align-items-center gap-3 small text-body-secondary">
          <InteractionCounts likes={likes} comments={comments} />
          {onDelete && (
            <CardDeleteButton
              label={deleteLabel}
              describedBy={titleId}
              onClick={onDelete}
              className="ms-auto"
            />
          )}
        </div>
      </Card.Body>
    </Card>
  );
}
