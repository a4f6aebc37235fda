import {
  type AdultCertificate,
  CAMP_MSG,
  CERTIFICATE_STATE_LABELS,
  type CertificateState,
  certificateInputSchema,
} from '@fogata/shared';
import { useId, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Modal from 'react-bootstrap/Modal';
import { BannerAlert } from '../../../components/dismissible-alert';
import { FormField } from '../../../components/form-field';
import { LoadState } from '../../../components/load-state';
import { SubmitButton } from '../../../components/submit-button';
import type { Banner } from '../../../lib/banner';
import { formatDay, madridDate } from '../../../lib/madrid-time';
import { useCertificates, useRecordCertificate } from '../api/safeguarding-api';
import { SAFEGUARDING_TEXTS as T } from '../texts';

const STATE_LOOK: Record<CertificateState, { bg: string; text?: 'dark' }> = {
  missing: { bg: 'danger' },
  expired: { bg: 'danger' },
  due_soon: { bg: 'warning', text: 'dark' },
  current: { bg: 'success' },
};

/** «Registrar certificado»: its date (not after today); whoever records it is who checked it. */
function RecordModal({
  adult,
  onDone,
  onClose,
}: {
  adult: AdultCertificate;
  onDone: (message: string) => void;
  onClose: () => void;
}) {
  const ids = useId();
  const record = useRecordCertificate();
  const today = madridDate(new Date().toISOString());
  const [day, setDay] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = certificateInputSchema.safeParse({ user_id: adult.user_id, issued_on: day });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    if (day > today) {
      setError(CAMP_MSG.certificateDateFuture);
      return;
    }
    setError(undefined);
    try {
      await record.mutateAsync(parsed.data);
      onDone(CAMP_MSG.certificateRecorded);
    } catch (err) {
      setError((err as Error).message);
    }
  };

  return (
    <Modal
      show
      onHide={record.isPending ? () => {} : onClose}
      centered
      aria-labelledby={`${ids}-t`}
    >
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton={!record.isPending} closeLabel="Cerrar">
          <Modal.Title as="h2" className="h5" id={`${ids}-t`}>
            {T.recordTitle(adult.name)}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>{T.recordIntro}</p>
          <FormField
            id={`${ids}-day`}
            label={T.recordDate}
            type="date"
            max={today}
            value={day}
            error={error}
            onChange={(e: React.ChangeEvent<HTMLInputElement>) => setDay(e.target.value)}
            className="mb-0"
          />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose} disabled={record.isPending}>
            {T.cancel}
          </Button>
          <SubmitButton
            busy={record.isPending}
            label={T.record}
            busyLabel={T.recording}
            className=""
          />
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

/** What is known of one adult's certificado, in a line. */
function certificateLine(adult: AdultCertificate): string | null {
  if (!adult.issued_on) return null;
  return [
    T.issuedOn(formatDay(adult.issued_on)),
    adult.due_on && T.dueOn(formatDay(adult.due_on)),
    adult.checked_by_name && T.checkedBy(adult.checked_by_name),
  ]
    .filter(Boolean)
    .join(' · ');
}

/** Every scouter and admin and their certificado negativo: missing and due first (the server's order). */
export function Certificates() {
  const ids = useId();
  const list = useCertificates();
  const [recording, setRecording] = useState<AdultCertificate | null>(null);
  const [banner, setBanner] = useState<Banner>(null);

  let body: React.ReactNode;
  if (!list.data) body = <LoadState query={list} rows={4} />;
  else if (list.data.adults.length === 0) {
    body = <p className="text-body-secondary">{T.certificatesEmpty}</p>;
  } else {
    body = (
      <ListGroup as="ul" className="shadow-sm" aria-label={T.certificatesLabel}>
        {list.data.adults.map((adult) => {
          const look = STATE_LOOK[adult.state];
          const line = certificateLine(adult);
          return (
            <ListGroup.Item
              as="li"
              key={adult.user_id}
              className="d-flex flex-wrap align-items-center gap-2 py-3"
              data-testid={`certificate-${adult.user_id}`}
            >
              <div className="flex-grow-1" style={{ minWidth: '12rem' }}>
                <div className="d-flex flex-wrap align-items-center gap-2">
                  <span className="fw-semibold text-break">{adult.name}</span>
                  <span className="small text-body-secondary">{T.roles[adult.role]}</span>
                  <Badge bg={look.bg} text={look.text}>
                    {CERTIFICATE_STATE_LABELS[adult.state]}
                  </Badge>
                </div>
                <div className="small text-body-secondary text-break">{adult.email}</div>
                {line && <div className="small">{line}</div>}
              </div>
              <Button
                variant="outline-success"
                size="sm"
                aria-label={T.recordLabel(adult.name)}
                onClick={() => {
                  setBanner(null);
                  setRecording(adult);
                }}
              >
                {T.record}
              </Button>
            </ListGroup.Item>
          );
        })}
      </ListGroup>
    );
  }

  return (
    <section aria-labelledby={`${ids}-title`} className="mb-5">
      <h2 className="h4" id={`${ids}-title`}>
        {T.certificates}
      </h2>
      {list.data && (
        <p className="text-body-secondary">{T.certificatesIntro(list.data.renewal_months)}</p>
      )}
      <BannerAlert banner={banner} onClose={() => setBanner(null)} />
      {body}
      {recording && (
        <RecordModal
          adult={recording}
          onClose={() => setRecording(null)}
          onDone={(message) => {
            setRecording(null);
            setBanner({ variant: 'success', message });
          }}
        />
      )}
    </section>
  );
}
