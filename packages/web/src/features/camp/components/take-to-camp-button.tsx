import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link, useNavigate } from 'react-router';
import { DismissibleAlert } from '../../../components/dismissible-alert';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { useCan } from '../../../lib/can';
import { fetchCampPack, useActivityStaff } from '../api';
import { hasIndexedDb, savePack } from '../lib/camp-db';
import { packIndex } from '../lib/pack-index';
import { registerCampWorker } from '../lib/service-worker';
import { CAMP_TEXTS as T } from '../texts';
import { useOnline } from '../use-online';

/**
 * «Llevar al campamento», for the activity's staff only: keeps the camp pack in this browser
 * (IndexedDB), installs the worker that opens its pages offline, then opens the pack. With a pack
 * already kept, a link opens it.
 */
export function TakeToCampButton({ activityId }: { activityId: number }) {
  const { user } = useAuth();
  const online = useOnline();
  // Only an adult can be staff: a family's page asks nothing more.
  const mayBeStaff = useCan('camp:staff');
  const staff = useActivityStaff(activityId, online && mayBeStaff);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const kept = packIndex()[activityId] !== undefined;
  if (!user || (!staff.data?.mine && !kept)) return null;

  const take = async () => {
    setError(null);
    if (!hasIndexedDb()) {
      setError(T.storageUnavailable);
      return;
    }
    setBusy(true);
    try {
      const pack = await fetchCampPack(activityId);
      await savePack(user.id, pack);
      await registerCampWorker();
      navigate(paths.campPack.getHref(activityId));
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mb-3">
      <div className="d-flex flex-wrap gap-2">
        {staff.data?.mine && (
          <Button variant="primary" disabled={busy || !online} onClick={() => void take()}>
            {busy ? T.taking : T.takeToCamp}
          </Button>
        )}
        {kept && (
          <Link to={paths.campPack.getHref(activityId)} className="btn btn-outline-primary">
            {T.openPack}
          </Link>
        )}
      </div>
      {!online && staff.data?.mine && (
        <p className="small text-body-secondary mt-1 mb-0">{T.takeOffline}</p>
      )}
      <DismissibleAlert variant="danger" message={error} className="mt-2" />
    </div>
  );
}
