import { AUTHORIZATION_MESSAGES } from '@fogata/shared';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { BannerAlert } from '../../../components/dismissible-alert';
import { ConfirmModal } from '../../../components/lazy-confirm-modal';
import type { Banner } from '../../../lib/banner';
import { useCan } from '../../../lib/can';
import { formatMadrid } from '../../../lib/madrid-time';
import { downloadAuthorizationPdf, useWithdrawSignature } from '../api/activities-api';
import type { Activity, ChildActivityStatus, ShownSignature } from '../api/types';
import { ACTIVITY_TEXTS as T } from '../texts';
import { SignModal } from './sign-modal';

const STATE_LOOK = {
  missing: { bg: 'warning', text: 'dark' },
  partial: { bg: 'warning', text: 'dark' },
  online: { bg: 'success' },
  paper: { bg: 'success' },
} as const;

interface ChildAuthorizationProps {
  activity: Activity;
  child: ChildActivityStatus;
  /** Now, as the page last looked: signatures may be given and withdrawn until the start. */
  now: number;
}

/**
 * A child's autorización: its state, who signed and when, and what the viewer may do — read and
 * sign it, download their signed PDF, withdraw their signature until the activity starts.
 */
export function ChildAuthorization({ activity, child, now }: ChildAuthorizationProps) {
  const canSign = useCan('activities:sign');
  const withdraw = useWithdrawSignature();
  const [signing, setSigning] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  const [banner, setBanner] = useState<Banner>(null);

  const { state, required_signers, signatures } = child.authorization;
  const beforeStart = now < Date.parse(activity.starts_at);
  const open = beforeStart && activity.status !== 'cancelada' && activity.status !== 'borrador';
  const signedByMe = signatures.some((s) => s.mine && s.method === 'online');
  const mayAddSignature = canSign && open && state !== 'paper' && state !== 'online' && !signedByMe;
  const online = signatures.filter((s) => s.method === 'online').length;

  const download = async (signature: ShownSignature) => {
    setBanner(null);
    try {
      await downloadAuthorizationPdf(signature.id);
    } catch (error) {
      setBanner({ variant: 'danger', message: (error as Error).message });
    }
  };

  const confirmWithdraw = async () => {
    try {
      await withdraw.mutateAsync({ activityId: activity.id, childId: child.child_id });
      setBanner({ variant: 'success', message: AUTHORIZATION_MESSAGES.withdrawn });
    } catch (error) {
      setBanner({ variant: 'danger', message: (error as Error).message });
    }
    setWithdrawing(false);
  };

  const look = STATE_LOOK[state];
  return (
    <div className="border-top pt-3 mt-3">
      <h4 className="h6 d-flex flex-wrap align-items-center gap-2">
        {T.authorization}
        <Badge bg={look.bg} text={'text' in look ? look.text : undefined}>
          {T.authorizationState[state]}
        </Badge>
        {required_signers > 1 && state !== 'paper' && (
          <span className="small fw-normal text-body-secondary">
            {T.signaturesOf(online, required_signers)}
          </span>
        )}
      </h4>
      <BannerAlert banner={banner} onClose={() => setBanner(null)} />
      {signatures.length > 0 && (
        <ul className="list-unstyled mb-2">
          {signatures.map((signature) => (
            <li key={signature.id} className="mb-2">
              <span className="d-block">
                {signature.method === 'paper'
                  ? T.paperOn(formatMadrid(signature.signed_at))
                  : T.signedBy(signature.signer_name ?? '', formatMadrid(signature.signed_at))}
                {signature.mine && ` ${T.signedByYou}`}
              </span>
              {signature.mine && signature.method === 'online' && (
                <span className="d-flex flex-wrap gap-2 mt-1">
                  <Button
                    size="sm"
                    variant="outline-secondary"
                    onClick={() => void download(signature)}
                  >
                    {T.downloadPdf}
                  </Button>
                  {beforeStart && (
                    <Button size="sm" variant="outline-danger" onClick={() => setWithdrawing(true)}>
                      {T.withdraw}
                    </Button>
                  )}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {mayAddSignature && (
        <Button variant="primary" onClick={() => setSigning(true)}>
          {T.readAndSign}
        </Button>
      )}
      {signing && (
        <SignModal
          activityId={activity.id}
          childId={child.child_id}
          childName={child.child_name}
          onCancel={() => setSigning(false)}
          onSigned={(message) => {
            setSigning(false);
            setBanner({ variant: 'success', message });
          }}
        />
      )}
      <ConfirmModal
        show={withdrawing}
        title={T.withdrawTitle}
        body={<p>{T.withdrawBody(child.child_name, activity.title)}</p>}
        confirmLabel={T.withdraw}
        busyLabel={T.withdrawing}
        busy={withdraw.isPending}
        reversible
        onConfirm={() => void confirmWithdraw()}
        onCancel={() => setWithdrawing(false)}
      />
    </div>
  );
}
