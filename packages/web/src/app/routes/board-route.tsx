import { BoardPage } from '../../features/activity-management/pages/board-page';
import { TakeToCampButton } from '../../features/camp/components/take-to-camp-button';

/** /actividades/{id}/tablero: the managers' board, with «Llevar al campamento» in its slot. */
export function BoardRoute() {
  return <BoardPage camp={(activityId) => <TakeToCampButton activityId={activityId} />} />;
}
