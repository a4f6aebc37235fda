import { type ReactNode, useId } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';

interface ConfirmModalProps {
  show: boolean;
  title: ReactNode;
  body?: ReactNode;
  confirmLabel: string;
  /** Label while the action runs; the buttons are locked meanwhile. */
  busyLabel?: string;
  busy?: boolean;
  /** An action that can be taken back (publishing): no 'cannot be undone' line, a primary button. */
  reversible?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A static confirmation dialog for an action that cannot be undone. */
export function ConfirmModal({
  show,
  title,
  body,
  confirmLabel,
  busyLabel = 'Eliminando...',
  busy = false,
  reversible = false,
  onConfirm,
  onCancel,
}: ConfirmModalProps) {
  const titleId = useId();
  return (
    <Modal
      show={show}
      aria-labelledby={titleId}
      onHide={busy ? () => {} : onCancel}
      backdrop="static"
      keyboard={!busy}
      centered
    >
      <Modal.Header closeButton={!busy} closeLabel="Cerrar">
        <Modal.Title as="h2" className="h5" id={titleId}>
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {body}
        {!reversible && <p className="mb-0">Esta acción no se puede deshacer.</p>}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancelar
        </Button>
        <Button variant={reversible ? 'primary' : 'danger'} onClick={onConfirm} disabled={busy}>
          {busy ? (
            <>
              <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-2" />
              {busyLabel}
            </>
          ) : (
            confirmLabel
          )}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
