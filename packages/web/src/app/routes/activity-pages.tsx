import { ActivitiesPage } from '../../features/activities/pages/activities-page';
import { ActivityPage } from '../../features/activities/pages/activity-page';
import { ActivityManagerToolbar } from '../../features/activity-management/components/manager-toolbar';
import { NewActivityButton } from '../../features/activity-management/components/new-activity-button';
import { BoardPage } from '../../features/activity-management/pages/board-page';
import { TakeToCampButton } from '../../features/camp/components/take-to-camp-button';
import { StaffPanel } from '../../features/staff/components/staff-panel';

/*
 * 'Actividades' as the app puts it together: the family's pages (features/activities) with the
 * managers' controls (features/activity-management) and the staff (features/staff) in their
 * slots, so no feature imports another.
 */

/** Whether the adults can still join: not once it is cancelled or has been held. */
const closed = (status: string) => status === 'cancelada' || status === 'celebrada';

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
      staff={(activity) => (
        <StaffPanel
          activityId={activity.id}
          canManage={activity.can_manage}
          closed={closed(activity.status)}
        />
      )}
    />
  );
}

/** /actividades/{id}/tablero: the board, with its staff (which the board's answer carries). */
export function BoardRoute() {
  return (
    <BoardPage
      staff={(board) => (
        <StaffPanel
          activityId={board.activity.id}
          canManage
          closed={closed(board.activity.status)}
          initial={board.staff}
        />
      )}
      camp={(activityId) => <TakeToCampButton activityId={activityId} />}
    />
  );
}
