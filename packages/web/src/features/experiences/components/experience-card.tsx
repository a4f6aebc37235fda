import { EXPERIENCE_CATEGORY_LABELS, type Experience } from '@fogata/shared';
import { useId } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { TrashIcon } from '../../../components/icons';
import { ImageWithPlaceholder } from '../../../components/image-with-placeholder';
import { InteractionCounts } from '../../../components/interaction-counts';
import { paths } from '../../../config/paths';
import { EXPERIENCE_TEXTS as T } from '../texts';

interface ExperienceCardProps {
  experience: Experience;
  /** Shown to managers only (SPEC §6). */
  onDelete?: (experience: Experience) => void;
  /** The first card: its image is the page's largest above the fold. */
  priority?: boolean;
}

/** One experience on /experiences: image, category, title, description and counts; links to it. */
export function ExperienceCard({ experience, onDelete, priority = false }: ExperienceCardProps) {
  const titleId = useId();
  const href = paths.experienceDetail.getHref(experience.id);
  return (
    <Card
      as="article"
      className="h-100 shadow-sm border-0 overflow-hidden content-card"
      aria-labelledby={titleId}
    >
      <Link to={href} tabIndex={-1} aria-hidden="true">
        <ImageWithPlaceholder
          src={experience.image_thumb ?? experience.image}
          placeholder={experience.image_placeholder}
          width={experience.image_width}
          height={experience.image_height}
          ratio={4 / 3}
          alt=""
          priority={priority}
        />
      </Link>
      <Card.Body className="d-flex flex-column">
        <div className="mb-2">
          <Badge bg="success-subtle" text="success-emphasis" className="fw-semibold">
            {EXPERIENCE_CATEGORY_LABELS[experience.category]}
          </Badge>
        </div>
        <Card.Title as="h2" className="h5 mb-2 text-break" id={titleId}>
          <Link to={href} className="link-body-emphasis text-decoration-none">
            {experience.title}
          </Link>
        </Card.Title>
        <Card.Text className="small text-body-secondary text-break text-clamp-3 mb-3">
          {experience.description}
        </Card.Text>
        <div className="mt-auto d-flex align-items-center gap-3 small text-body-secondary">
          <InteractionCounts likes={experience.likes_count} comments={experience.comments_count} />
          {onDelete && (
            <Button
              variant="outline-danger"
              size="sm"
              className="ms-auto"
              aria-label={T.deleteExperience}
              aria-describedby={titleId}
              title={T.deleteExperience}
              onClick={() => onDelete(experience)}
            >
              <TrashIcon />
            </Button>
          )}
        </div>
      </Card.Body>
    </Card>
  );
}
