import type { FormEventHandler, ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal, { type ModalProps } from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { type AlertVariant, DismissibleAlert } from './dismissible-alert';
import { ImageField, type ImageFieldProps } from './image-field';

interface ImageFormModalProps {
  show: boolean;
  onClose: () => void;
  /** The id of the form's title (it names the dialog). */
  titleId: string;
  size?: ModalProps['size'];
  /** The form; mounted only while shown, so each opening starts afresh. */
  children: ReactNode;
}

/**
 * The modal of a form with an image (album, news, experience, monitor): static (neither the
 * backdrop nor Escape close it, so a half-written form is not lost) and centred.
 */
export function ImageFormModal({ show, onClose, titleId, size, children }: ImageFormModalProps) {
  return (
    <Modal
      show={show}
      onHide={onClose}
      backdrop="static"
      keyboard={false}
      centered
      size={size}
      aria-labelledby={titleId}
    >
      {show && children}
    </Modal>
  );
}

export interface ImageFormStatus {
  variant: AlertVariant;
  message: string;
}

interface ImageFormShellProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  titleId: string;
  title: ReactNode;
  titleClassName?: string;
  /** Texts of the header's close button, the cancel button and the submit button. */
  closeLabel: string;
  cancelLabel: string;
  submitLabel: ReactNode;
  canSubmit: boolean;
  /** A call is running: spinner on submit, cancel and close disabled, fields disabled. */
  busy: boolean;
  /** Saved: the fields stay disabled until the modal closes. */
  done: boolean;
  /** The alert over the fields, or null. */
  status: ImageFormStatus | null;
  /** Closes the alert (absent: the alert has no close button); also called when a file is chosen. */
  onStatusClose?: () => void;
  /** The image field, after the form's own fields; choosing a file clears the alert. */
  image: ImageFieldProps;
  /** The form's own fields, before the image. */
  children: ReactNode;
  /** Fields after the image (e.g. 'Publicar ahora'). */
  afterImage?: ReactNode;
}

/**
 * What the four image forms share: title with its close button, the status alert, the fields
 * (disabled while saving and once saved), the image field, and a footer with 'Cancelar' and a
 * submit button that shows a spinner and its busy text while the call runs.
 */
export function ImageFormShell({
  onSubmit,
  onClose,
  titleId,
  title,
  titleClassName = 'h5',
  closeLabel,
  cancelLabel,
  submitLabel,
  canSubmit,
  busy,
  done,
  status,
  onStatusClose,
  image,
  children,
  afterImage,
}: ImageFormShellProps) {
  return (
    <Form noValidate onSubmit={onSubmit}>
      <Modal.Header closeButton={!busy} closeLabel={closeLabel}>
        <Modal.Title id={titleId} as="h2" className={titleClassName}>
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <DismissibleAlert
          variant={status?.variant ?? 'info'}
          message={status?.message}
          onClose={onStatusClose}
        />
        <fieldset disabled={busy || done}>
          {children}
          <ImageField
            {...image}
            onChange={(file) => {
              image.onChange(file);
              if (file) onStatusClose?.();
            }}
          />
          {afterImage}
        </fieldset>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button type="submit" variant="success" disabled={!canSubmit}>
          {busy && (
            <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-2" />
          )}
          {submitLabel}
        </Button>
      </Modal.Footer>
    </Form>
  );
}
