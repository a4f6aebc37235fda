import { useId } from 'react';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { TriangleIcon } from '../../../components/icons';
import { paths } from '../../../config/paths';
import { formatMadridRange } from '../../../lib/madrid-time';
import type { ActivitySummary } from '../api/types';
import { ACTIVITY_TEXTS as T } from '../texts';
import { AudienceBadges } from './audience-badges';
import { isOver, needsSignature, SignupBadge } from './child-status';

/** The kind and, when it says something, the state: «Acampada», «Cancelada». */
export function KindAndStatus({
  activity,
}: {
  activity: Pick<ActivitySummary, 'kind' | 'status'>;
}) {
  const status = T.statusBadge(activity.status);
  return (
    <div className="d-flex flex-wrap gap-1 mb-2">
      <Badge bg="primary">{T.kinds[activity.kind]}</Badge>
      {status && (
        <Badge
          bg={activity.status === 'cancelada' ? 'danger' : 'secondary'}
          className="text-wrap text-start"
        >
          {status}
        </Badge>
      )}
    </div>
  );
}

/** One activity on /actividades: what, when, where, for whom, and each child's status. */
export function ActivityCard({ activity }: { activity: ActivitySummary }) {
  const titleId = useId();
  const href = paths.activity.getHref(activity.id);
  const over = isOver(activity);
  return (
    <Card as="article" className="h-100 shadow-sm border-0" aria-labelledby={titleId}>
      <Card.Body className="d-flex flex-column">
        <KindAndStatus activity={activity} />
        <Card.Title as="h3" className="h5 mb-2 text-break" id={titleId}>
          <Link to={href} className="link-body-emphasis">
            {activity.title}
          </Link>
        </Card.Title>
        <p className="mb-1">{formatMadridRange(activity.starts_at, activity.ends_at)}</p>
        {activity.place && <p className="mb-2 text-body-secondary">{activity.place}</p>}
        <AudienceBadges audience={activity.audience} />
        {activity.children.length > 0 && (
          <ul className="list-unstyled mb-0 mt-3 border-top pt-3">
            {activity.children.map((child) => (
              <li key={child.child_id} className="d-flex flex-wrap align-items-center gap-2 mb-1">
                <span className="fw-semibold">{child.child_name}</span>
                <SignupBadge child={child} over={over} />
                {child.signup === 'pendiente' && activity.status === 'publicada' && !over && (
                  <ActionMark text={T.needsAnswer} />
                )}
                {needsSignature(child) && !over && <ActionMark text={T.needsSignature} />}
              </li>
            ))}
          </ul>
        )}
        {activity.needs_answer && activity.children.length === 0 && (
          <div className="mt-3">
            <ActionMark text={T.needsAction} />
          </div>
        )}
      </Card.Body>
    </Card>
  );
}

/** What the family still has to do, hard to miss and not only by its colour. */
export function ActionMark({ text }: { text: string }) {
  return (
    <span className="badge bg-warning text-dark text-wrap text-start d-inline-flex align-items-center gap-1">
      <TriangleIcon aria-hidden="true" />
      {text}
    </span>
  );
}
