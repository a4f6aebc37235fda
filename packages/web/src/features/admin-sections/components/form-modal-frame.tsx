import type { FormEvent, ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { DismissibleAlert } from '../../../components/dismissible-alert';

interface FormModalFrameProps {
  show: boolean;
  onHide: () => void;
  /** The title's id is `${ids}-title`. */
  ids: string;
  title: ReactNode;
  titleClassName: string;
  /** Why the last save failed; the alert clears it on close. */
  failure: string | null;
  onClearFailure: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  busy: boolean;
  texts: { close: string; cancel: string; save: string; saving: string };
  children: ReactNode;
}

/** The frame the section and child forms share: title, failure alert, fields, Cancelar, Guardar. */
export function FormModalFrame({
  show,
  onHide,
  ids,
  title,
  titleClassName,
  failure,
  onClearFailure,
  onSubmit,
  busy,
  texts,
  children,
}: FormModalFrameProps) {
  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby={`${ids}-title`}>
      <Form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton closeLabel={texts.close}>
          <Modal.Title as="h2" className={titleClassName} id={`${ids}-title`}>
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <DismissibleAlert variant="danger" message={failure} onClose={onClearFailure} />
          {children}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onHide} disabled={busy}>
            {texts.cancel}
          </Button>
          <Button type="submit" variant="success" disabled={busy}>
            {busy ? texts.saving : texts.save}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
