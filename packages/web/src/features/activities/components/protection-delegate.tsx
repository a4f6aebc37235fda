import { CAMP_ERRORS, CAMP_LABELS } from '@fogata/shared';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import type { Activity } from '../api/types';

/**
 * The group's delegado/a de protección at the foot of every activity, with the way to write to
 * them from the app (the link shows even before one is named: the form then says so).
 */
export function ProtectionDelegate({ activity }: { activity: Activity }) {
  const delegate = activity.protection_delegate;
  return (
    <section className="mt-4 small" aria-labelledby="activity-delegate">
      <h2 className="h6 mb-1" id="activity-delegate">
        {CAMP_LABELS.protectionDelegate}
      </h2>
      <p className="mb-1 text-break">
        {delegate ? `${delegate.name} · ${delegate.contact}` : CAMP_ERRORS.noDelegate}
      </p>
      <Link to={paths.protection.getHref()}>{CAMP_LABELS.writeToDelegate}</Link>
    </section>
  );
}
