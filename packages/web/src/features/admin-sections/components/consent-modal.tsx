import {
  type Child,
  CONSENT_GIVER_LABELS,
  CONSENT_NOTE_MAX,
  CONSENT_PURPOSE_LABELS,
  CONSENT_PURPOSES,
  CONSENT_STATE_LABELS,
  type ConsentPurpose,
} from '@fogata/shared';
import { useId, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Modal from 'react-bootstrap/Modal';
import Table from 'react-bootstrap/Table';
import { type Banner, BannerAlert } from '../../../components/dismissible-alert';
import { TableSkeleton } from '../../../components/load-state';
import { formatDateTime, formatLongDate } from '../../../lib/format-date';
import { useManagedConsents, useRecordConsent } from '../api/child-consents';
import { CHILD_CONSENT_TEXTS as T } from '../texts';

const STATE_BG = { granted: 'success', refused: 'danger', none: 'secondary' } as const;

/**
 * A child's image consent for their managers (decision 074): each purpose today, a
 * form to record a signed paper form (before 14, with its note) or the young person's own (from
 * 14), and the whole append-only history.
 */
export function ConsentModal({ child, onHide }: { child: Child; onHide: () => void }) {
  const ids = useId();
  const consents = useManagedConsents(child.id);
  const record = useRecordConsent(child.id);
  const [purpose, setPurpose] = useState<ConsentPurpose>('gallery');
  const [granted, setGranted] = useState<boolean | null>(null);
  const [note, setNote] = useState('');
  const [banner, setBanner] = useState<Banner>(null);
  const [noteError, setNoteError] = useState<string | null>(null);
  const own = consents.data?.own_counts ?? false;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBanner(null);
    setNoteError(null);
    if (granted === null) return;
    try {
      const result = await record.mutateAsync({
        purpose,
        granted,
        given_by: own ? 'own' : 'paper',
        ...(note.trim() ? { note: note.trim() } : {}),
      });
      setBanner({ variant: 'success', message: result.message });
      setNote('');
      setGranted(null);
    } catch (error) {
      const err = error as Error & { fieldErrors?: { field: string; message: string }[] };
      const field = err.fieldErrors?.find((f) => f.field === 'note');
      if (field) setNoteError(field.message);
      else setBanner({ variant: 'danger', message: err.message });
    }
  };

  let body: React.ReactNode;
  if (consents.isPending) body = <TableSkeleton rows={4} />;
  else if (consents.isError) {
    body = <p className="text-danger">{consents.error.message}</p>;
  } else {
    const data = consents.data;
    body = (
      <>
        <p className="small text-body-secondary">{own ? T.ownCounts : T.familyCounts}</p>
        <h3 className="h6">{T.current}</h3>
        <ListGroup className="mb-3">
          {data.purposes.map((p) => (
            <ListGroup.Item
              key={p.purpose}
              className="d-flex flex-wrap gap-2 align-items-center justify-content-between"
            >
              <span>{CONSENT_PURPOSE_LABELS[p.purpose]}</span>
              <span className="d-flex flex-wrap gap-2 align-items-center">
                {p.given_by && p.at && (
                  <span className="small text-body-secondary">
                    {CONSENT_GIVER_LABELS[p.given_by]}, {formatLongDate(p.at)}
                  </span>
                )}
                <Badge bg={STATE_BG[p.state]}>{CONSENT_STATE_LABELS[p.state]}</Badge>
              </span>
            </ListGroup.Item>
          ))}
        </ListGroup>

        <Form onSubmit={submit} noValidate className="border rounded p-3 mb-3">
          <h3 className="h6">{T.recordTitle(own)}</h3>
          <Form.Group controlId={`${ids}-purpose`} className="mb-2">
            <Form.Label>{T.purpose}</Form.Label>
            <Form.Select
              value={purpose}
              onChange={(e) => setPurpose(e.target.value as ConsentPurpose)}
            >
              {CONSENT_PURPOSES.map((p) => (
                <option key={p} value={p}>
                  {CONSENT_PURPOSE_LABELS[p]}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <fieldset className="mb-2">
            <legend className="form-label fs-6 mb-1">{T.answer}</legend>
            <Form.Check
              inline
              type="radio"
              id={`${ids}-grant`}
              name={`${ids}-answer`}
              label={T.grant}
              checked={granted === true}
              onChange={() => setGranted(true)}
            />
            <Form.Check
              inline
              type="radio"
              id={`${ids}-refuse`}
              name={`${ids}-answer`}
              label={T.refuse}
              checked={granted === false}
              onChange={() => setGranted(false)}
            />
          </fieldset>
          <Form.Group controlId={`${ids}-note`} className="mb-2">
            <Form.Label>{T.note}</Form.Label>
            <Form.Control
              value={note}
              maxLength={CONSENT_NOTE_MAX}
              isInvalid={noteError !== null}
              aria-describedby={`${ids}-note-help`}
              onChange={(e) => setNote(e.target.value)}
            />
            <Form.Text id={`${ids}-note-help`}>{own ? T.noteHelpOwn : T.noteHelpPaper}</Form.Text>
            <Form.Control.Feedback type="invalid">{noteError}</Form.Control.Feedback>
          </Form.Group>
          <Button type="submit" variant="success" disabled={granted === null || record.isPending}>
            {record.isPending ? T.saving : T.save}
          </Button>
        </Form>

        <h3 className="h6">{T.history}</h3>
        {data.history.length === 0 ? (
          <p className="small text-body-secondary">{T.noHistory}</p>
        ) : (
          <Table size="sm" responsive className="small align-middle">
            <tbody>
              {data.history.map((h) => (
                <tr key={h.id}>
                  <td className="text-nowrap">{formatDateTime(h.created_at)}</td>
                  <td>
                    <div className="fw-semibold">
                      {T.historyLine(h.granted, CONSENT_PURPOSE_LABELS[h.purpose])}
                    </div>
                    <div className="text-body-secondary">
                      {T.by(h.recorded_by, CONSENT_GIVER_LABELS[h.given_by])} ·{' '}
                      {T.version(h.text_version)}
                      {h.note ? ` · ${h.note}` : ''}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </>
    );
  }

  return (
    <Modal show onHide={onHide} centered scrollable size="lg" aria-labelledby={`${ids}-title`}>
      <Modal.Header closeButton closeLabel={T.close}>
        <Modal.Title as="h2" className="h5 text-break" id={`${ids}-title`}>
          {T.title(child.full_name)}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <BannerAlert banner={banner} onClose={() => setBanner(null)} />
        {body}
      </Modal.Body>
    </Modal>
  );
}
