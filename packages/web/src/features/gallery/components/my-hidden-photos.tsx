import { SERVER_SUCCESS } from '@fogata/shared';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useCan } from '../../../lib/can';
import { useMyRemovalRequests } from '../../../lib/removal-requests-api';

/**
 * Where a member's own hidden photos were in this album: one tile each with 'Has pedido retirar
 * esta foto. El equipo la revisará.' while the request is open (decision 018).
 */
export function MyHiddenPhotos({ albumId }: { albumId: number }) {
  const canRequest = useCan('photo:removal:request');
  const mine = useMyRemovalRequests(canRequest);
  const open = (mine.data ?? []).filter(
    (r) => r.album_id === albumId && (r.status === 'pending' || r.status === 'kept'),
  );
  if (open.length === 0) return null;
  return (
    <Row xs={2} md={3} lg={4} xl={5} className="g-3 mt-1" data-testid="my-hidden-photos">
      {open.map((r) => (
        <Col key={r.id}>
          <div className="h-100 border rounded p-3 bg-body-tertiary text-body-secondary small d-flex align-items-center justify-content-center text-center hidden-photo-tile">
            {SERVER_SUCCESS.removalRequested}
          </div>
        </Col>
      ))}
    </Row>
  );
}
