import type { SectionRef } from '@fogata/shared';
import { SectionBadge } from '../../../components/section-badge';
import { ACTIVITY_TEXTS as T } from '../texts';

/** Who an activity is for: a badge per section in its colour, or «Todo el grupo». */
export function AudienceBadges({ audience }: { audience: SectionRef[] }) {
  const names = audience.length === 0 ? [T.wholeGroup] : audience.map((s) => s.name);
  return (
    <ul className="list-unstyled d-flex flex-wrap gap-1 mb-0" aria-label={T.audience(names)}>
      {audience.length === 0 ? (
        <li className="badge rounded-pill bg-dark">{T.wholeGroup}</li>
      ) : (
        audience.map((section) => (
          <li key={section.id}>
            <SectionBadge section={section} />
          </li>
        ))
      )}
    </ul>
  );
}
