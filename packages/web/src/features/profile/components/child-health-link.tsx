import { useId } from 'react';
import Badge from 'react-bootstrap/Badge';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useChildHealth } from '../../../lib/child-health-api';
import { HEALTH_LINK_TEXTS as T } from '../texts';

/**
 * The link to a child's ficha sanitaria in 'Mis educandos', with a badge while it asks something
 * of the family: never filled, or not confirmed since the round began.
 */
export function ChildHealthLink({ childId, name }: { childId: number; name: string }) {
  const health = useChildHealth(childId);
  const badge =
    health.data?.record === null ? T.notFilled : health.data?.confirm_due ? T.confirmDue : null;
  const badgeId = useId();
  // The badge sits beside the link and describes it: a link's name must hold its visible text,
  // which a badge inside it would break.
  return (
    <span className="d-inline-flex align-items-center gap-2">
      <Link
        to={paths.childHealth.getHref(childId)}
        className="btn btn-sm btn-outline-dark"
        aria-describedby={badge ? badgeId : undefined}
      >
        {T.link} <span className="visually-hidden">{T.linkNameTail(name)}</span>
      </Link>
      {badge && (
        <Badge id={badgeId} bg="warning" text="dark" pill>
          {badge}
        </Badge>
      )}
    </span>
  );
}
