import type { SectionRef } from '@fogata/shared';
import { badgeColours } from '../../../lib/readable-text-colour';
import { GALLERY_TEXTS as T } from '../texts';

interface AudienceBadgesProps {
  audience: SectionRef[];
  className?: string;
}

/**
 * The sections an album is for, a badge each in the section's colour with black or white text,
 * whichever reads better on it (decision 056). An album for the whole group shows none: it is
 * what most albums are, and the badges mark the exception.
 */
export function AudienceBadges({ audience, className = '' }: AudienceBadgesProps) {
  if (audience.length === 0) return null;
  const names = audience.map((section) => section.name);
  return (
    <ul
      className={`list-unstyled d-flex flex-wrap gap-1 mb-0 ${className}`}
      aria-label={T.audienceBadges(names)}
    >
      {audience.map((section) => (
        <li
          key={section.id}
          className="badge rounded-pill text-wrap text-start"
          style={badgeColours(section.colour)}
        >
          {section.name}
        </li>
      ))}
    </ul>
  );
}
