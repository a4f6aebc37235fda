import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link, useNavigate } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { type Banner, BannerAlert } from '../../../components/dismissible-alert';
import { paths } from '../../../config/paths';
import { type StatusChange, useChangeStatus, useDeleteActivity } from '../api/activities';
import { TOOLBAR_TEXTS as T } from '../texts';
import type { ManagedActivity } from '../types';

/** What the toolbar needs of the activity the page shows. */
export type ToolbarActivity = Pick<ManagedActivity, 'id' | 'title' | 'status' | 'can_manage'>;

type Asking = 'publicada' | 'cancelada' | 'delete' | null;

/**
 * The managers' toolbar on an activity's page: edit, the board, the next state (publicar, cerrar
 * inscripción, marcar como celebrada), cancel (confirmed: the families who signed up get an
 * e-mail) and, for a borrador, delete. Nothing for who does not manage it.
 */
export function ActivityManagerToolbar({ activity }: { activity: ToolbarActivity }) {
  const navigate = useNavigate();
  const change = useChangeStatus(activity.id);
  const remove = useDeleteActivity(activity.id);
  const [asking, setAsking] = useState<Asking>(null);
  const [banner, setBanner] = useState<Banner>(null);
  if (!activity.can_manage) return null;
  const { status } = activity;
  const live = status === 'publicada' || status === 'cerrada';

  const run = async (next: StatusChange) => {
    setBanner(null);
    try {
      await change.mutateAsync(next);
      setBanner({ variant: 'success', message: T.done[next] });
    } catch (error) {
      setBanner({ variant: 'danger', message: (error as Error).message });
    } finally {
      setAsking(null);
    }
  };

  const deleteDraft = async () => {
    setBanner(null);
    try {
      await remove.mutateAsync();
      navigate(paths.activities.getHref(), { replace: true });
    } catch (error) {
      setBanner({ variant: 'danger', message: (error as Error).message });
      setAsking(null);
    }
  };

  const busy = change.isPending || remove.isPending;
  return (
    <>
      <div role="toolbar" aria-label={T.label} className="d-flex flex-wrap gap-2 mb-3">
        <Link to={paths.activityEdit.getHref(activity.id)} className="btn btn-outline-dark btn-sm">
          {T.edit}
        </Link>
        {status !== 'borrador' && (
          <Link
            to={paths.activityBoard.getHref(activity.id)}
            className="btn btn-outline-dark btn-sm"
          >
            {T.board}
          </Link>
        )}
        {status === 'borrador' && (
          <Button
            size="sm"
            variant="success"
            disabled={busy}
            onClick={() => setAsking('publicada')}
          >
            {T.publish}
          </Button>
        )}
        {status === 'publicada' && (
          <Button
            size="sm"
            variant="outline-success"
            disabled={busy}
            onClick={() => run('cerrada')}
          >
            {T.close}
          </Button>
        )}
        {status === 'cerrada' && (
          <Button
            size="sm"
            variant="outline-success"
            disabled={busy}
            onClick={() => run('celebrada')}
          >
            {T.celebrate}
          </Button>
        )}
        {live && (
          <Button
            size="sm"
            variant="outline-danger"
            disabled={busy}
            onClick={() => setAsking('cancelada')}
          >
            {T.cancel}
          </Button>
        )}
        {status === 'borrador' && (
          <Button
            size="sm"
            variant="outline-danger"
            disabled={busy}
            onClick={() => setAsking('delete')}
          >
            {T.delete}
          </Button>
        )}
      </div>
      <BannerAlert banner={banner} onClose={() => setBanner(null)} />
      <ConfirmModal
        show={asking === 'publicada'}
        title={T.publishTitle(activity.title)}
        body={<p>{T.publishBody}</p>}
        confirmLabel={T.publish}
        busyLabel={T.working}
        busy={change.isPending}
        reversible
        onConfirm={() => run('publicada')}
        onCancel={() => setAsking(null)}
      />
      <ConfirmModal
        show={asking === 'cancelada'}
        title={T.cancelTitle(activity.title)}
        body={<p>{T.cancelBody}</p>}
        confirmLabel={T.cancelConfirm}
        busyLabel={T.cancelling}
        busy={change.isPending}
        onConfirm={() => run('cancelada')}
        onCancel={() => setAsking(null)}
      />
      <ConfirmModal
        show={asking === 'delete'}
        title={T.deleteTitle(activity.title)}
        confirmLabel={T.deleteConfirm}
        busy={remove.isPending}
        onConfirm={deleteDraft}
        onCancel={() => setAsking(null)}
      />
    </>
  );
}
