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
  return (
    <Link
      to={paths.childHealth.getHref(childId)}
      className="btn btn-sm btn-outline-dark d-inline-flex align-items-center gap-2"
      aria-label={badge ? `${T.linkLabel(name)}: ${badge}` : T.linkLabel(name)}
    >
      {T.link}
      {badge && (
        <Badge bg="warning" text="dark" pill>
          {badge}
        </Badge>
      )}
    </Link>
  );
}
