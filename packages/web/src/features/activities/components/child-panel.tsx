import { useId } from 'react';
import Card from 'react-bootstrap/Card';
import { formatMadrid } from '../../../lib/madrid-time';
import type { Activity, ChildActivityStatus } from '../api/types';
import { ACTIVITY_TEXTS as T } from '../texts';
import { ChildAuthorization } from './child-authorization';
import { isOver, SignupBadge } from './child-status';
import { HealthPrompt } from './health-prompt';
import { SignupAnswers, SignupForm } from './signup-form';

/**
 * One of the viewer's children on an activity's page: their answer (a form while sign-ups are
 * open, else what was answered and why it is read-only) and their autorización.
 */
export function ChildPanel({
  activity,
  child,
  now,
}: {
  activity: Activity;
  child: ChildActivityStatus;
  now: number;
}) {
  const titleId = useId();
  const closed = !activity.signups_open;
  return (
    <Card as="section" className="shadow-sm border-0 mb-3" aria-labelledby={titleId}>
      <Card.Body>
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <h3 className="h5 mb-0" id={titleId}>
            {child.child_name}
          </h3>
          <SignupBadge child={child} over={isOver(activity, now)} />
        </div>
        {closed ? (
          <>
            <SignupAnswers activity={activity} child={child} />
            {activity.status !== 'cancelada' && (
              <p className="small text-body-secondary mb-0">
                {Date.parse(activity.signup_deadline) <= now
                  ? T.closedNote(formatMadrid(activity.signup_deadline))
                  : T.closedNoteNoDate}
              </p>
            )}
          </>
        ) : (
          <SignupForm activity={activity} child={child} />
        )}
        {(child.signup === 'va' || child.signup === 'espera') && !isOver(activity, now) && (
          <HealthPrompt activity={activity} child={child} />
        )}
        {(child.signup === 'va' || child.signup === 'espera') && (
          <ChildAuthorization activity={activity} child={child} now={now} />
        )}
      </Card.Body>
    </Card>
  );
}
