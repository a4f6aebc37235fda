import { CAMP_MSG } from '@fogata/shared';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { BannerAlert, DismissibleAlert } from '../../../components/dismissible-alert';
import { paths } from '../../../config/paths';
import type { Banner } from '../../../lib/banner';
import { useConfirmChildHealth } from '../../../lib/child-health-api';
import type { Activity, ChildActivityStatus } from '../api/types';
import { ACTIVITY_TEXTS as T } from '../texts';

/**
 * After a child's «Va»: the ficha sanitaria as it stands is copied for this activity once a
 * guardian confirms it, so the page asks for that one tap (or to fill it, when it never was).
 */
export function HealthPrompt({
  activity,
  child,
}: {
  activity: Activity;
  child: ChildActivityStatus;
}) {
  const confirm = useConfirmChildHealth();
  const [banner, setBanner] = useState<Banner>(null);
  const flags = child.health;
  const done = banner?.variant === 'success';
  if (flags.filled && flags.confirmed_for_activity && !done) return null;

  const onConfirm = async () => {
    setBanner(null);
    try {
      await confirm.mutateAsync({ childId: child.child_id, activityId: activity.id });
      setBanner({ variant: 'success', message: CAMP_MSG.healthConfirmed });
    } catch (error) {
      setBanner({ variant: 'danger', message: (error as Error).message });
    }
  };

  if (done) return <BannerAlert banner={banner} onClose={() => setBanner(null)} />;
  const link = paths.childHealth.getHref(child.child_id);
  return (
    <DismissibleAlert
      variant="warning"
      dismissible={false}
      className="mt-3 mb-0"
      message={
        <span className="fw-semibold">
          {flags.filled ? T.healthConfirm(child.child_name) : T.healthFill(child.child_name)}
        </span>
      }
    >
      {banner && <p className="text-danger small mt-2 mb-0">{banner.message}</p>}
      <div className="d-flex flex-wrap align-items-center gap-2 mt-2">
        {flags.filled ? (
          <>
            <Button variant="success" disabled={confirm.isPending} onClick={() => void onConfirm()}>
              {confirm.isPending ? T.healthConfirming : T.healthUpToDate}
            </Button>
            <Link to={link} className="btn btn-outline-dark">
              {T.healthEdit}
            </Link>
          </>
        ) : (
          <Link to={link} className="btn btn-success">
            {T.healthFillLink}
          </Link>
        )}
      </div>
    </DismissibleAlert>
  );
}
