import { REMOVAL_STATUS_LABELS } from '@fogata/shared';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import { useCan } from '../../../lib/can';
import { formatDateTime } from '../../../lib/format-date';
import { useMyRemovalRequests } from '../../../lib/removal-requests-api';
import { MY_REMOVAL_TEXTS } from '../texts';

/**
 * On the profile: the photos the member asked to hide and how each request stands, with the
 * team's note (decision 018). Nothing shows until they have asked once.
 */
export function MyRemovalRequests() {
  const canRequest = useCan('photo:removal:request');
  const mine = useMyRemovalRequests(canRequest);
  const list = mine.data ?? [];
  if (list.length === 0) return null;
  const T = MY_REMOVAL_TEXTS;
  return (
    <Card className="auth-card shadow-sm border-0 mt-4" data-testid="my-removal-requests">
      <Card.Body className="p-4">
        <h2 className="h5 mb-3">{T.title}</h2>
        <ListGroup variant="flush">
          {list.map((r) => (
            <ListGroup.Item key={r.id} className="px-0">
              <div className="fw-semibold text-break">{T.album(r.album_title)}</div>
              <div className="small text-body-secondary">
                {T.askedOn(formatDateTime(r.created_at))}
              </div>
              <Badge
                bg={r.status === 'pending' ? 'warning' : 'secondary'}
                text={r.status === 'pending' ? 'dark' : undefined}
                className="text-wrap text-start my-1"
              >
                {REMOVAL_STATUS_LABELS[r.status]}
              </Badge>
              {r.reason && (
                <p className="small mb-1 text-break">
                  {T.reason} {r.reason}
                </p>
              )}
              {r.resolution_note && (
                <p className="small mb-0 text-break">
                  {T.note} {r.resolution_note}
                </p>
              )}
            </ListGroup.Item>
          ))}
        </ListGroup>
      </Card.Body>
    </Card>
  );
}
