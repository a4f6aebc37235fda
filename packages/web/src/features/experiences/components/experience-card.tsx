import { EXPERIENCE_CATEGORY_LABELS, type Experience } from '@fogata/shared';
import Badge from 'react-bootstrap/Badge';
import { ContentCard } from '../../../components/content-card';
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
  return (
    <ContentCard
      href={paths.experienceDetail.getHref(experience.id)}
      image={{
        src: experience.image_thumb ?? experience.image,
        placeholder: experience.image_placeholder,
        width: experience.image_width,
        height: experience.image_height,
        ratio: 4 / 3,
      }}
      label={
        <div className="mb-2">
          <Badge bg="success-subtle" text="success-emphasis" className="fw-semibold">
            {EXPERIENCE_CATEGORY_LABELS[experience.category]}
          </Badge>
        </div>
      }
      title={experience.title}
      text={experience.description}
      likes={experience.likes_count}
      comments={experience.comments_count}
      deleteLabel={T.deleteExperience}
      onDelete={onDelete && (() => onDelete(experience))}
      priority={priority}
    />
  );
}
