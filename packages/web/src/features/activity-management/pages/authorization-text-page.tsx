import {
  AUTHORIZATION_MESSAGES,
  AUTHORIZATION_PLACEHOLDERS,
  AUTHORIZATION_TEXT_MAX,
  type AuthorizationText,
} from '@fogata/shared';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { AdminNav } from '../../../components/admin-nav';
import { type Banner, BannerAlert, DismissibleAlert } from '../../../components/dismissible-alert';
import { LoadError, TableSkeleton } from '../../../components/load-state';
import { paths } from '../../../config/paths';
import type { ApiError } from '../../../lib/api-client';
import { useCan } from '../../../lib/can';
import { formatLongDate } from '../../../lib/format-date';
import { useAuthorizationText, useWriteAuthorizationText } from '../api/authorization-text';
import { PLACEHOLDER_MEANINGS, AUTHORIZATION_TEXT_TEXTS as T } from '../texts';

/** The error of one field from the server's answer, if it named that field. */
const fieldError = (error: unknown, field: string) =>
  (error as ApiError | null)?.fieldErrors?.find((e) => e.field === field)?.message;

/** The text: the current version, the placeholders, a new version. */
function TextEditor({ current }: { current: AuthorizationText }) {
  const ids = useId();
  const write = useWriteAuthorizationText();
  const [body, setBody] = useState('');
  const [banner, setBanner] = useState<Banner>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBanner(null);
    setError(null);
    try {
      const saved = await write.mutateAsync(body);
      setBanner({ variant: 'success', message: T.saved(saved.version) });
      setBody('');
    } catch (err) {
      setError(fieldError(err, 'body') ?? (err as Error).message);
    }
  };

  return (
    <section aria-labelledby={`${ids}-title`} className="mb-5">
      <h2 className="h4" id={`${ids}-title`}>
        {T.current}
      </h2>
      <BannerAlert banner={banner} onClose={() => setBanner(null)} />
      <Card className="border-0 shadow-sm mb-3" data-testid="authorization-text-current">
        <Card.Body>
          <p className="small text-body-secondary mb-2">
            {T.currentVersion(current.version, formatLongDate(current.created_at))}
          </p>
          <p className="mb-0" style={{ whiteSpace: 'pre-line' }}>
            {current.body}
          </p>
        </Card.Body>
      </Card>
      <details className="mb-3">
        <summary className="fw-semibold">{T.placeholders}</summary>
        <p className="small mt-2 mb-1">{T.placeholdersHelp}</p>
        <ul className="list-unstyled small mb-0" data-testid="placeholders">
          {AUTHORIZATION_PLACEHOLDERS.map((name) => (
            <li key={name} className="mb-1">
              <code>{`{${name}}`}</code>: {PLACEHOLDER_MEANINGS[name]}
            </li>
          ))}
        </ul>
      </details>
      <Form onSubmit={submit} noValidate>
        <h3 className="h6">{T.newVersion}</h3>
        <Form.Group controlId={`${ids}-body`} className="mb-2">
          <Form.Label>{T.newVersionLabel}</Form.Label>
          <Form.Control
            as="textarea"
            rows={10}
            value={body}
            maxLength={AUTHORIZATION_TEXT_MAX}
            isInvalid={error !== null}
            aria-describedby={error ? `${ids}-error` : undefined}
            onChange={(e) => setBody(e.target.value)}
          />
          <Form.Control.Feedback type="invalid" id={`${ids}-error`}>
            {error}
          </Form.Control.Feedback>
        </Form.Group>
        <div className="d-flex flex-wrap gap-2">
          <Button type="submit" variant="success" disabled={write.isPending}>
            {write.isPending ? T.saving : T.save}
          </Button>
          <Button
            variant="outline-secondary"
            disabled={write.isPending}
            onClick={() => setBody(current.body)}
          >
            {T.startFromCurrent}
          </Button>
        </div>
      </Form>
    </section>
  );
}

/**
 * The delegado/a de protección as the autorización names them. They are chosen among the group's
 * scouters and admins in 'Salvaguarda', where the rest of safeguarding is: here only a pointer.
 */
function DelegateSummary({ current }: { current: AuthorizationText }) {
  const ids = useId();
  return (
    <section aria-labelledby={`${ids}-title`}>
      <h2 className="h4" id={`${ids}-title`}>
        {T.delegate}
      </h2>
      <p className="text-body-secondary">{T.delegateHelp}</p>
      {current.delegate_name ? (
        <p className="text-break" data-testid="delegate-current">
          {`${current.delegate_name} · ${current.delegate_contact}`}
        </p>
      ) : (
        <DismissibleAlert
          variant="warning"
          message={T.delegateMissing(AUTHORIZATION_MESSAGES.notGiven)}
          dismissible={false}
        />
      )}
      <Link to={`${paths.safeguarding.getHref()}#delegado`} className="btn btn-outline-dark">
        {T.delegateChange}
      </Link>
    </section>
  );
}

/** /admin/autorizacion: the autorización's text and the delegado/a de protección (admins). */
export function AuthorizationTextPage() {
  const canEdit = useCan('authorization:text');
  const text = useAuthorizationText(canEdit);
  if (!canEdit) return <p className="text-body-secondary">{T.notAllowed}</p>;
  let body: React.ReactNode;
  if (text.isPending) body = <TableSkeleton rows={4} />;
  else if (text.isError) {
    body = <LoadError message={text.error.message} onRetry={() => text.refetch()} />;
  } else {
    body = (
      <>
        <TextEditor current={text.data} />
        <DelegateSummary current={text.data} />
      </>
    );
  }
  return (
    <>
      <h1 className="h2 mb-3">{T.title}</h1>
      <AdminNav />
      <p className="text-body-secondary">{T.intro}</p>
      {body}
    </>
  );
}
