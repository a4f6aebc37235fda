import type { ReactNode } from 'react';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link, useParams } from 'react-router';
import {
  BannerAlert,
  DismissibleAlert,
  LoadFailedAlert,
} from '../../../components/dismissible-alert';
import { TableSkeleton } from '../../../components/load-state';
import { paths } from '../../../config/paths';
import type { Banner } from '../../../lib/banner';
import { parseRouteId } from '../../../lib/route-id';
import { downloadActivityCalendar, useActivity } from '../api/activities-api';
import type { Activity } from '../api/types';
import { KindAndStatus } from '../components/activity-card';
import { ActivityFacts } from '../components/activity-facts';
import { AudienceBadges } from '../components/audience-badges';
import { ChildPanel } from '../components/child-panel';
import { ProtectionDelegate } from '../components/protection-delegate';
import { ACTIVITY_TEXTS as T } from '../texts';

interface ActivityPageProps {
  /** The managers' toolbar (edit, state changes, the board), drawn for an activity they manage. */
  toolbar?: (activity: Activity) => ReactNode;
  /** On camp: «Llevar al campamento», which shows itself only to the activity's staff. */
  camp?: (activity: Activity) => ReactNode;
  /** The activity's staff (the adults who go), under its facts. */
  staff?: (activity: Activity) => ReactNode;
}

/** /actividades/{id}: everything a family needs, and each of their children's answer and autorización. */
export function ActivityPage({ toolbar, camp, staff }: ActivityPageProps) {
  const id = parseRouteId(useParams().activityId);
  const activity = useActivity(id);
  const [now] = useState(() => Date.now());
  const [banner, setBanner] = useState<Banner>(null);

  const back = (
    <p className="mb-3">
      <Link to={paths.activities.getHref()}>{T.back}</Link>
    </p>
  );
  if (id === null || activity.isError) {
    const missing = id === null || (activity.error as { status?: number } | null)?.status === 404;
    return (
      <section className="pb-5">
        {back}
        <LoadFailedAlert
          message={missing ? T.notFound : (activity.error?.message ?? T.loadOneFailed)}
        />
      </section>
    );
  }
  if (activity.isPending) {
    return (
      <section className="pb-5" aria-busy="true">
        {back}
        <span className="visually-hidden" role="status">
          {T.loadingOne}
        </span>
        <TableSkeleton rows={5} />
      </section>
    );
  }
  const a = activity.data;

  const addToCalendar = async () => {
    setBanner(null);
    try {
      await downloadActivityCalendar(a.id);
    } catch (error) {
      setBanner({ variant: 'danger', message: (error as Error).message });
    }
  };

  return (
    <article className="pb-5 activity-page">
      {back}
      <KindAndStatus activity={a} />
      <h1 className="h2 mb-2 text-break">{a.title}</h1>
      <div className="mb-3">
        <AudienceBadges audience={a.audience} />
      </div>
      {a.can_manage && toolbar?.(a)}
      {a.status !== 'cancelada' && camp?.(a)}
      <DismissibleAlert variant="danger" message={a.status === 'cancelada' ? T.cancelled : null} />
      <BannerAlert banner={banner} onClose={() => setBanner(null)} />
      <Card className="shadow-sm border-0 mb-4">
        <Card.Body>
          <ActivityFacts activity={a} />
          {a.status !== 'cancelada' && (
            <Button variant="outline-primary" className="mt-3" onClick={() => void addToCalendar()}>
              {T.addToCalendar}
            </Button>
          )}
        </Card.Body>
      </Card>
      {staff?.(a)}
      {a.description && (
        <section className="mb-4" aria-labelledby="activity-description">
          <h2 className="h4" id="activity-description">
            {T.description}
          </h2>
          <p className="activity-description mb-0">{a.description}</p>
        </section>
      )}
      {a.children.length > 0 && (
        <section aria-labelledby="activity-children">
          <h2 className="h4 mb-3" id="activity-children">
            {T.yourChildren}
          </h2>
          {a.both_guardians && <p className="small">{T.bothGuardians}</p>}
          {a.children.map((child) => (
            <ChildPanel key={child.child_id} activity={a} child={child} now={now} />
          ))}
        </section>
      )}
      <ProtectionDelegate activity={a} />
    </article>
  );
}
