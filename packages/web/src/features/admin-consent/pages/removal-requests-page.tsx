import {
  LIMITS,
  MSG,
  REMOVAL_STATUS_LABELS,
  type RemovalAction,
  type RemovalRequest,
} from '@fogata/shared';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { Link, Navigate } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { type Banner, BannerAlert } from '../../../components/dismissible-alert';
import { LoadError, TableSkeleton } from '../../../components/load-state';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { useCan } from '../../../lib/can';
import { formatDateTime } from '../../../lib/format-date';
import { useRemovalRequests, useResolveRemovalRequest } from '../api/removal-requests';
import { REMOVAL_REQUESTS_TEXTS as T } from '../removal-requests-texts';

/**
 * 'Solicitudes de retirada' (/admin/removal-requests), for scouters and admins: each request with
 * the photo, album, who asked, when and why; pending ones can be resolved (decision 018).
 */
export function RemovalRequestsPage() {
  const { status } = useAuth();
  const canReview = useCan('gallery:review');
  if (status === 'authenticated' && !canReview) {
    return <Navigate to={paths.home.getHref()} replace />;
  }
  return <RequestsList />;
}

function RequestsList() {
  const requests = useRemovalRequests();
  const [banner, setBanner] = useState<Banner>(null);
  const list = requests.data ?? [];
  const open = list.filter((r) => r.status === 'pending');
  const closed = list.filter((r) => r.status !== 'pending');

  return (
    <section className="pb-5">
      <h1 className="h2 mb-2">{T.title}</h1>
      <p className="text-body-secondary">{T.intro}</p>
      <BannerAlert banner={banner} onClose={() => setBanner(null)} />
      {requests.isPending ? (
        <TableSkeleton />
      ) : requests.isError ? (
        <LoadError message={requests.error.message} onRetry={() => requests.refetch()} />
      ) : list.length === 0 ? (
        <p className="text-body-secondary py-4 text-center">{T.empty}</p>
      ) : (
        <>
          {open.length > 0 && (
            <>
              <h2 className="h5 mt-3">{T.pending}</h2>
              <Row xs={1} md={2} xl={3} className="g-3">
                {open.map((r) => (
                  <Col key={r.id}>
                    <RequestCard request={r} onResult={setBanner} />
                  </Col>
                ))}
              </Row>
            </>
          )}
          {closed.length > 0 && (
            <>
              <h2 className="h5 mt-4">{T.resolved}</h2>
              <Row xs={1} md={2} xl={3} className="g-3">
                {closed.map((r) => (
                  <Col key={r.id}>
                    <RequestCard request={r} onResult={setBanner} />
                  </Col>
                ))}
              </Row>
            </>
          )}
        </>
      )}
    </section>
  );
}

function RequestCard({
  request: r,
  onResult,
}: {
  request: RemovalRequest;
  onResult: (banner: Banner) => void;
}) {
  const resolve = useResolveRemovalRequest();
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState<RemovalAction | null>(null);
  // A kept request can still be turned into a deletion or a photo shown again.
  const resolvable = r.photo_id !== null && (r.status === 'pending' || r.status === 'kept');
  const tooLong = note.trim().length > LIMITS.removalReasonMax;

  const run = async (action: RemovalAction) => {
    try {
      const result = await resolve.mutateAsync({ id: r.id, action, note: note.trim() });
      onResult({ variant: 'success', message: result.message });
    } catch (error) {
      onResult({ variant: 'danger', message: (error as Error).message });
    } finally {
      setConfirming(null);
    }
  };

  return (
    <Card className="h-100 shadow-sm border-0" data-testid={`removal-request-${r.id}`}>
      {r.photo_thumb ? (
        <Card.Img
          variant="top"
          src={r.photo_thumb}
          alt={T.photoAlt(r.album_title)}
          className="removal-request-photo"
          style={{ objectFit: 'cover', aspectRatio: '4 / 3' }}
        />
      ) : (
        <div
          className="bg-body-tertiary text-body-secondary d-flex align-items-center justify-content-center small"
          style={{ aspectRatio: '4 / 3' }}
        >
          {T.photoGone}
        </div>
      )}
      <Card.Body className="d-flex flex-column gap-2">
        <Badge
          bg={r.status === 'pending' ? 'warning' : 'secondary'}
          text={r.status === 'pending' ? 'dark' : undefined}
          className="align-self-start text-wrap text-start"
        >
          {REMOVAL_STATUS_LABELS[r.status]}
        </Badge>
        <dl className="small mb-0 removal-request-facts">
          <dt>{T.album}</dt>
          <dd className="text-break">
            {r.album_id ? (
              <Link to={paths.album.getHref(r.album_id)}>{r.album_title}</Link>
            ) : (
              r.album_title
            )}
          </dd>
          <dt>{T.askedBy}</dt>
          <dd>{r.requester_name ?? T.formerMember}</dd>
          <dt>{T.askedOn}</dt>
          <dd>{formatDateTime(r.created_at)}</dd>
          <dt>{T.reason}</dt>
          <dd className="text-break">{r.reason ?? T.noReason}</dd>
          {r.resolution_note && (
            <>
              <dt>{T.note}</dt>
              <dd className="text-break">{r.resolution_note}</dd>
            </>
          )}
          {r.resolver_name && r.resolved_at && (
            <dd className="text-body-secondary">
              {T.resolvedBy(r.resolver_name)} · {formatDateTime(r.resolved_at)}
            </dd>
          )}
        </dl>
        {resolvable && (
          <div className="mt-auto d-flex flex-column gap-2">
            <Form.Group controlId={`removal-note-${r.id}`}>
              <Form.Label className="small mb-1">{T.noteLabel(r.id)}</Form.Label>
              <Form.Control
                as="textarea"
                rows={2}
                value={note}
                isInvalid={tooLong}
                disabled={resolve.isPending}
                onChange={(event) => setNote(event.target.value)}
              />
              <Form.Control.Feedback type="invalid">{MSG.removalNoteTooLong}</Form.Control.Feedback>
            </Form.Group>
            <div className="d-flex flex-wrap gap-2">
              <Button
                variant="danger"
                size="sm"
                disabled={resolve.isPending || tooLong}
                onClick={() => setConfirming('delete')}
              >
                {T.delete}
              </Button>
              {r.status === 'pending' && (
                <Button
                  variant="outline-secondary"
                  size="sm"
                  disabled={resolve.isPending || tooLong}
                  onClick={() => run('keep')}
                >
                  {T.keep}
                </Button>
              )}
              <Button
                variant="outline-primary"
                size="sm"
                disabled={resolve.isPending || tooLong}
                onClick={() => setConfirming('show')}
              >
                {T.show}
              </Button>
            </div>
          </div>
        )}
      </Card.Body>
      <ConfirmModal
        show={confirming !== null}
        title={confirming === 'delete' ? T.deleteTitle : T.showTitle}
        body={<p>{confirming === 'delete' ? T.deleteBody : T.showBody}</p>}
        confirmLabel={confirming === 'delete' ? T.delete : T.show}
        busyLabel={T.working}
        busy={resolve.isPending}
        reversible={confirming === 'show'}
        onConfirm={() => confirming && run(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </Card>
  );
}
