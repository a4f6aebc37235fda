import { Link, useParams } from 'react-router';
import { LoadError, TableSkeleton } from '../../../components/load-state';
import { paths } from '../../../config/paths';
import { useCan } from '../../../lib/can';
import { parseRouteId } from '../../../lib/route-id';
import { useManagedActivity } from '../api/activities';
import { ActivityForm } from '../components/activity-form';
import { activityToValues, newActivityValues } from '../form-values';
import { ACTIVITY_FORM_TEXTS as T } from '../texts';

/** /actividades/nueva: a new activity (managers). An admin's starts for the whole group. */
export function NewActivityPage() {
  const canManage = useCan('activities:manage');
  const isAdmin = useCan('admin:panel');
  if (!canManage) return <p className="text-body-secondary">{T.notAllowedNew}</p>;
  return (
    <div style={{ maxWidth: '48rem' }}>
      <Link to={paths.activities.getHref()} className="small">
        ← {T.backToList}
      </Link>
      <h1 className="h2 my-3">{T.newTitle}</h1>
      <ActivityForm activity={null} defaultValues={newActivityValues(isAdmin)} />
    </div>
  );
}

/** /actividades/:activityId/editar: an activity's form, filled (who manages it). */
export function EditActivityPage() {
  const id = parseRouteId(useParams().activityId);
  const activity = useManagedActivity(id);
  let body: React.ReactNode;
  if (activity.isPending) body = <TableSkeleton rows={6} />;
  else if (activity.isError) {
    body = <LoadError message={activity.error.message} onRetry={() => activity.refetch()} />;
  } else if (!activity.data.can_manage) {
    body = <p className="text-body-secondary">{T.notAllowed}</p>;
  } else {
    body = (
      <ActivityForm
        key={activity.data.id}
        activity={activity.data}
        defaultValues={activityToValues(activity.data)}
      />
    );
  }
  return (
    <div style={{ maxWidth: '48rem' }}>
      {id !== null && (
        <Link to={paths.activity.getHref(id)} className="small">
          ← {T.back}
        </Link>
      )}
      <h1 className="h2 my-3">
        {T.editTitle}
        {activity.data && (
          <span className="d-block h5 text-body-secondary mt-1">{activity.data.title}</span>
        )}
      </h1>
      {body}
    </div>
  );
}
