import { Link, useParams } from 'react-router';
import { DismissibleAlert, LoadFailedAlert } from '../../../components/dismissible-alert';
import { LoadError, TableSkeleton } from '../../../components/load-state';
import { paths } from '../../../config/paths';
import { useChildHealth } from '../../../lib/child-health-api';
import { formatMadrid } from '../../../lib/madrid-time';
import { parseRouteId } from '../../../lib/route-id';
import { useOwnChildren } from '../api/health-api';
import { HealthForm } from '../components/health-form';
import { HealthReads } from '../components/health-reads';
import { HEALTH_TEXTS as T } from '../texts';

/** /mis-educandos/{id}/ficha: a guardian's ficha sanitaria of their child, and who has read it. */
export function ChildHealthPage() {
  const childId = parseRouteId(useParams().childId);
  const health = useChildHealth(childId);
  const children = useOwnChildren();
  const name = children.data?.find((c) => c.id === childId)?.full_name;

  const back = (
    <p className="mb-3">
      <Link to={paths.profileEdit.getHref()}>{T.back}</Link>
    </p>
  );
  const heading = <h1 className="h2 mb-3 text-break">{name ? T.title(name) : T.titleNoName}</h1>;

  const status = (health.error as { status?: number } | null)?.status;
  if (childId === null || status === 404 || status === 403) {
    return (
      <section className="pb-5">
        {back}
        {heading}
        <LoadFailedAlert message={T.notFound} />
      </section>
    );
  }
  let body: React.ReactNode;
  if (health.isError) {
    body = <LoadError message={health.error.message} onRetry={() => health.refetch()} />;
  } else if (health.isPending) {
    body = (
      <div aria-busy="true">
        <span className="visually-hidden" role="status">
          {T.loading}
        </span>
        <TableSkeleton rows={6} />
      </div>
    );
  } else {
    const { record, confirm_due } = health.data;
    body = (
      <>
        {record === null ? (
          <DismissibleAlert variant="warning" message={T.notFilledIntro} dismissible={false} />
        ) : confirm_due ? (
          <DismissibleAlert variant="info" message={T.confirmDueIntro} dismissible={false} />
        ) : (
          <p className="small text-body-secondary">
            {T.lastConfirmed(formatMadrid(record.confirmed_at))}
          </p>
        )}
        <HealthForm childId={childId} record={record} />
        <HealthReads childId={childId} />
      </>
    );
  }
  return (
    <article className="pb-5" style={{ maxWidth: '56rem' }}>
      {back}
      {heading}
      <p className="text-body-secondary">{T.intro}</p>
      {body}
    </article>
  );
}
