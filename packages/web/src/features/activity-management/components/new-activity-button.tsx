import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useCan } from '../../../lib/can';
import { ACTIVITY_FORM_TEXTS as T } from '../texts';

/** «Nueva actividad» on the activities' list, for who may create one. */
export function NewActivityButton() {
  const canManage = useCan('activities:manage');
  if (!canManage) return null;
  return (
    <Link to={paths.activityNew.getHref()} className="btn btn-success">
      {T.newButton}
    </Link>
  );
}
