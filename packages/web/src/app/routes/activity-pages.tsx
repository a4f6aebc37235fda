import { ActivitiesPage } from '../../features/activities/pages/activities-page';
import { ActivityPage } from '../../features/activities/pages/activity-page';
import { ActivityManagerToolbar } from '../../features/activity-management/components/manager-toolbar';
import { NewActivityButton } from '../../features/activity-management/components/new-activity-button';
import { TakeToCampButton } from '../../features/camp/components/take-to-camp-button';

/*
 * 'Actividades' as the app puts it together: the family's pages (features/activities) with the
 * managers' controls (features/activity-management) in their slots, so neither feature imports
 * the other.
 */

/** /actividades. */
export function ActivitiesRoute() {
  return <ActivitiesPage actions={<NewActivityButton />} />;
}

/** /actividades/{id}. */
export function ActivityRoute() {
  return (
    <ActivityPage
      toolbar={(activity) => <ActivityManagerToolbar activity={activity} />}
      camp={(activity) => <TakeToCampButton activityId={activity.id} />}
    />
  );
}
