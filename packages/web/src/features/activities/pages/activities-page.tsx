import type { ReactNode } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../../components/load-state';
import { Pager } from '../../../components/pager';
import { SkeletonGrid } from '../../../components/skeleton-grid';
import { useActivities } from '../api/activities-api';
import type { ActivitySummary } from '../api/types';
import { ActivityCard } from '../components/activity-card';
import { CalendarFeeds } from '../components/calendar-feeds';
import { ACTIVITY_TEXTS as T } from '../texts';

const LIST_COLUMNS = { xs: 1, lg: 2, xl: 3 } as const;

interface ActivitiesPageProps {
  /** The managers' controls («Nueva actividad»), put here by the app for those who may use them. */
  actions?: ReactNode;
}

/** /actividades: what is coming for the viewer, then what has passed (paged), and their calendar. */
export function ActivitiesPage({ actions }: ActivitiesPageProps) {
  const [params, setParams] = useSearchParams();
  const pastPage = Math.max(1, Number(params.get('pasadas')) || 1);
  const list = useActivities(pastPage);

  let body: ReactNode;
  if (list.isPending) {
    body = <SkeletonGrid label={T.loading} count={3} ratio={3} columns={LIST_COLUMNS} />;
  } else if (list.isError) {
    body = <LoadError message={list.error.message} onRetry={() => void list.refetch()} />;
  } else {
    const { upcoming, past, past_total, page_size } = list.data;
    body = (
      <>
        <section aria-labelledby="activities-upcoming" className="mb-5">
          <h2 id="activities-upcoming" className="h4 mb-3">
            {T.upcoming}
          </h2>
          <Cards activities={upcoming} empty={T.emptyUpcoming} />
        </section>
        <section aria-labelledby="activities-past" className="mb-5">
          <h2 id="activities-past" className="h4 mb-3">
            {T.past}
          </h2>
          <Cards activities={past} empty={T.emptyPast} />
          {past_total > page_size && (
            <Pager
              className="mt-3"
              label={T.pastPager}
              page={pastPage}
              total={past_total}
              pageSize={page_size}
              count={T.pastCount}
              busy={list.isFetching}
              onPage={(page) => setParams(page === 1 ? {} : { pasadas: String(page) })}
            />
          )}
        </section>
      </>
    );
  }

  return (
    <section className="pb-5">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-4">
        <h1 className="h2 mb-0">{T.title}</h1>
        {actions}
      </div>
      {body}
      <CalendarFeeds />
    </section>
  );
}

function Cards({ activities, empty }: { activities: ActivitySummary[]; empty: string }) {
  if (activities.length === 0) {
    return <p className="text-body-secondary py-3 mb-0">{empty}</p>;
  }
  return (
    <Row {...LIST_COLUMNS} className="g-3">
      {activities.map((activity) => (
        <Col key={activity.id}>
          <ActivityCard activity={activity} />
        </Col>
      ))}
    </Row>
  );
}
