import type { SectionRef } from '@fogata/shared';
import { badgeColours } from '../lib/readable-text-colour';

/**
 * A section's badge, in the section's colour with black or white text, whichever reads better (a
 * child's section, an invitation's children, a user's sections).
 */
export function SectionBadge({ section, className }: { section: SectionRef; className?: string }) {
  return (
    <span
      className={['badge rounded-pill text-wrap section-badge', className]
        .filter(Boolean)
        .join(' ')}
      style={badgeColours(section.colour)}
    >
      {section.name}
    </span>
  );
}
