import { LIMITS, MSG } from '@fogata/shared';
import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useCan } from '../../../lib/can';
import { useRequestRemoval } from '../api/request-removal';
import { GALLERY_TEXTS as T } from '../texts';

interface RequestRemovalProps {
  photoId: number;
  /** Called with the server's message once the photo is hidden. */
  onRequested: (message: string) => void;
}

/**
 * 'Pedir que se retire esta foto' in 'Detalle de Foto', for members who are not managers: an
 * optional reason (≤ 500) and a confirmation that says what happens next (decision 018).
 */
export function RequestRemoval({ photoId, onRequested }: RequestRemovalProps) {
  const canRequest = useCan('photo:removal:request');
  const ids = useId();
  const send = useRequestRemoval();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!canRequest) return null;
  const tooLong = reason.trim().length > LIMITS.removalReasonMax;

  const submit = async () => {
    setError(null);
    try {
      const result = await send.mutateAsync({ photoId, reason: reason.trim() });
      setOpen(false);
      onRequested(result.message);
    } catch (err) {
      setError((err as Error).message);
    }
  };

  return (
    <>
      <div>
        <Button variant="link" size="sm" className="p-0 text-danger" onClick={() => setOpen(true)}>
          {T.requestRemoval}
        </Button>
      </div>
      <Modal
        show={open}
        onHide={send.isPending ? () => {} : () => setOpen(false)}
        backdrop="static"
        keyboard={!send.isPending}
        centered
        aria-labelledby={`${ids}-title`}
      >
        <Modal.Header closeButton={!send.isPending} closeLabel={T.close}>
          <Modal.Title as="h2" className="h5" id={`${ids}-title`}>
            {T.requestRemovalTitle}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>{T.requestRemovalBody}</p>
          {error && <Alert variant="danger">{error}</Alert>}
          <Form.Group controlId={`${ids}-reason`}>
            <Form.Label>{T.requestRemovalReason}</Form.Label>
            <Form.Control
              as="textarea"
              rows={3}
              value={reason}
              disabled={send.isPending}
              isInvalid={tooLong}
              onChange={(event) => setReason(event.target.value)}
            />
            <Form.Control.Feedback type="invalid">{MSG.removalReasonTooLong}</Form.Control.Feedback>
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" disabled={send.isPending} onClick={() => setOpen(false)}>
            {T.cancel}
          </Button>
          <Button variant="danger" disabled={send.isPending || tooLong} onClick={submit}>
            {send.isPending ? (
              <>
                <Spinner size="sm" className="me-2" aria-hidden="true" />
                {T.requestRemovalSending}
              </>
            ) : (
              T.requestRemovalConfirm
            )}
          </Button>
        </Modal.Footer>
      </Modal>
    </>
  );
}
