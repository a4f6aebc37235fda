import { PAPER_NOTE_MAX, PAYMENT_METHODS, type PaymentMethod } from '@fogata/shared';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { DismissibleAlert } from '../../../components/dismissible-alert';
import { FilePicker } from '../../../components/file-picker';
import { FormField } from '../../../components/form-field';
import { useMarkPayment, useRecordPaper } from '../api/board';
import { centsToEuros, eurosToCents } from '../form-values';
import { ACTIVITY_FORM_TEXTS, PAYMENT_METHOD_LABELS, BOARD_TEXTS as T } from '../texts';
import type { BoardRow } from '../types';

interface RowModalProps {
  activityId: number;
  row: BoardRow;
  /** The price of the activity, the amount offered first. */
  priceCents: number | null;
  onDone: (message: string) => void;
  onClose: () => void;
}

/** A small modal form of the board: its title, its fields, its error and its two buttons. */
function RowModal({
  title,
  busy,
  error,
  submitLabel,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  busy: boolean;
  error: string | null;
  submitLabel: string;
  onSubmit: () => void;
  onClose: () => void;
  children: React.ReactNode;
}) {
  const titleId = useId();
  return (
    <Modal show onHide={busy ? () => {} : onClose} aria-labelledby={titleId} centered>
      <Form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <Modal.Header closeButton={!busy} closeLabel={T.close}>
          <Modal.Title as="h2" className="h5" id={titleId}>
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <DismissibleAlert variant="danger" message={error} />
          {children}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {T.cancel}
          </Button>
          <Button type="submit" variant="success" disabled={busy}>
            {busy ? T.saving : submitLabel}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

/** Marks what a child's family paid: the amount (the price first) and how. */
export function PaymentModal({ activityId, row, priceCents, onDone, onClose }: RowModalProps) {
  const ids = useId();
  const mark = useMarkPayment(activityId);
  const [amount, setAmount] = useState(centsToEuros(priceCents));
  const [method, setMethod] = useState<PaymentMethod>('efectivo');
  const [error, setError] = useState<string | null>(null);
  const [amountError, setAmountError] = useState<string | undefined>();

  const submit = async () => {
    setError(null);
    const cents = eurosToCents(amount);
    if (cents === null || Number.isNaN(cents)) {
      setAmountError(cents === null ? ACTIVITY_FORM_TEXTS.required : T.amountInvalid);
      return;
    }
    setAmountError(undefined);
    try {
      await mark.mutateAsync({ childId: row.child_id, amount_cents: cents, method });
      onDone(T.paymentSaved(row.child_name));
    } catch (err) {
      setError((err as Error).message);
    }
  };

  return (
    <RowModal
      title={T.paymentTitle(row.child_name)}
      busy={mark.isPending}
      error={error}
      submitLabel={T.savePayment}
      onSubmit={submit}
      onClose={onClose}
    >
      <FormField
        id={`${ids}-amount`}
        label={T.amount}
        inputMode="decimal"
        value={amount}
        error={amountError}
        onChange={(e: React.ChangeEvent<HTMLInputElement>) => setAmount(e.target.value)}
        autoFocus
      />
      <fieldset>
        <legend className="form-label fs-6">{T.method}</legend>
        {PAYMENT_METHODS.map((m) => (
          <Form.Check
            key={m}
            type="radio"
            inline
            id={`${ids}-${m}`}
            name={`${ids}-method`}
            label={PAYMENT_METHOD_LABELS[m]}
            checked={method === m}
            onChange={() => setMethod(m)}
          />
        ))}
      </fieldset>
    </RowModal>
  );
}

/** Records a paper autorización: the photo or scan of the signed sheet, and a note. */
export function PaperModal({ activityId, row, onDone, onClose }: RowModalProps) {
  const ids = useId();
  const record = useRecordPaper(activityId);
  const [file, setFile] = useState<File | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  const submit = async () => {
    setError(null);
    if (!file) {
      setFileError(T.paperNoFile);
      return;
    }
    setFileError(null);
    try {
      await record.mutateAsync({ childId: row.child_id, file, note: note.trim() });
      onDone(T.paperSaved(row.child_name));
    } catch (err) {
      setError((err as Error).message);
    }
  };

  return (
    <RowModal
      title={T.paperTitle(row.child_name)}
      busy={record.isPending}
      error={error}
      submitLabel={T.paperSave}
      onSubmit={submit}
      onClose={onClose}
    >
      <Form.Group className="mb-3">
        <Form.Label htmlFor={`${ids}-file`}>{T.paperFile}</Form.Label>
        <FilePicker
          id={`${ids}-file`}
          buttonText={T.chooseFile}
          accept="image/*"
          chosen={file ? [file.name] : null}
          disabled={record.isPending}
          aria-describedby={`${ids}-file-help${fileError ? ` ${ids}-file-error` : ''}`}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
        <Form.Text id={`${ids}-file-help`} className="d-block">
          {T.paperFileHelp}
        </Form.Text>
        {fileError && (
          <Form.Text id={`${ids}-file-error`} className="d-block text-danger">
            {fileError}
          </Form.Text>
        )}
      </Form.Group>
      <FormField
        id={`${ids}-note`}
        label={T.paperNote}
        as="textarea"
        rows={2}
        maxLength={PAPER_NOTE_MAX}
        value={note}
        onChange={(e: React.ChangeEvent<HTMLInputElement>) => setNote(e.target.value)}
      />
    </RowModal>
  );
}
