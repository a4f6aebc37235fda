import {
  AUTHORIZATION_ERRORS,
  AUTHORIZATION_MESSAGES,
  dniProblem,
  fillAuthorizationText,
  normalizeDni,
} from '@fogata/shared';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { DismissibleAlert } from '../../../components/dismissible-alert';
import { FormField } from '../../../components/form-field';
import { SubmitButton } from '../../../components/submit-button';
import { ApiError } from '../../../lib/api-client';
import { useAuthorizationToSign, useSignAuthorization } from '../api/activities-api';
import { sha256Hex } from '../lib/sha256';
import { useFocusFirstInvalid } from '../lib/use-focus-first-invalid';
import { ACTIVITY_TEXTS as T } from '../texts';

/** What stands for the guardian's name or DNI in the text while it is still unwritten. */
const BLANK = '____________';

/** A name as it goes into the text: no spaces at the ends, one between words. */
const cleanName = (name: string) => name.trim().replace(/\s+/g, ' ');
/** A DNI/NIE as it goes into the text: as the server keeps it (capitals; no spaces, dots, dashes). */
const cleanDni = normalizeDni;

interface SignModalProps {
  activityId: number;
  childId: number;
  childName: string;
  onSigned: (message: string) => void;
  onCancel: () => void;
}

/**
 * The autorización to read and sign: the text filled as the guardian types their name and DNI,
 * and what is signed is exactly that text (its SHA-256 goes with the signature, and the server
 * refuses it if its own filling differs).
 */
export function SignModal({ activityId, childId, childName, onSigned, onCancel }: SignModalProps) {
  const ids = useId();
  const toSign = useAuthorizationToSign(activityId, childId);
  const sign = useSignAuthorization();
  const [fullName, setFullName] = useState<string | null>(null);
  const [dni, setDni] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const { ref, focusFirstInvalid } = useFocusFirstInvalid();

  const data = toSign.data;
  // The profile's name and DNI fill the fields until the guardian writes their own.
  const name = fullName ?? data?.full_name ?? '';
  const dniValue = dni ?? data?.dni ?? '';
  const text = data
    ? fillAuthorizationText(data.template, {
        ...data.values,
        tutor: cleanName(name) || BLANK,
        dni: cleanDni(dniValue) || BLANK,
      })
    : '';
  const busy = sign.isPending;

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!data) return;
    setError(null);
    const found: Record<string, string> = {};
    if (!cleanName(name)) found.full_name = AUTHORIZATION_ERRORS.signerNameRequired;
    const dniWrong = dniProblem(cleanDni(dniValue));
    if (dniWrong) found.dni = dniWrong;
    if (data.confirm_with === 'password' && !password) {
      found.password = AUTHORIZATION_ERRORS.passwordRequired;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid();
      return;
    }
    try {
      const result = await sign.mutateAsync({
        activityId,
        childId,
        body: {
          full_name: cleanName(name),
          dni: cleanDni(dniValue),
          ...(data.confirm_with === 'password' ? { password } : {}),
          text_sha256: await sha256Hex(text),
        },
      });
      onSigned(result.message || AUTHORIZATION_MESSAGES.signed);
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors : [];
      const onFields = Object.fromEntries(
        fields
          .filter((f) => ['full_name', 'dni', 'password'].includes(f.field))
          .map((f) => [f.field, f.message]),
      );
      if (Object.keys(onFields).length > 0) {
        setErrors(onFields);
        focusFirstInvalid();
      } else setError((err as Error).message);
      // The text changed under the guardian's eyes (a new version, the activity edited): read it again.
      if (err instanceof ApiError && err.status === 409) void toSign.refetch();
    }
  };

  return (
    <Modal
      show
      size="lg"
      aria-labelledby={`${ids}-title`}
      onHide={busy ? () => {} : onCancel}
      backdrop="static"
      keyboard={!busy}
      fullscreen="sm-down"
    >
      <Form noValidate onSubmit={onSubmit} ref={ref} className="modal-form">
        <Modal.Header closeButton={!busy} closeLabel={T.close}>
          <Modal.Title as="h2" className="h5" id={`${ids}-title`}>
            {T.signTitle(childName)}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <DismissibleAlert variant="danger" message={error} onClose={() => setError(null)} />
          {toSign.isPending ? (
            <div role="status" className="d-flex align-items-center gap-2 py-3">
              <Spinner animation="border" size="sm" aria-hidden="true" />
              {T.signLoading}
            </div>
          ) : !data ? (
            <DismissibleAlert
              variant="danger"
              message={toSign.error?.message ?? T.signLoadFailed}
            />
          ) : (
            <>
              <p className="small">{T.signIntro}</p>
              <section
                className="authorization-text border rounded p-3 mb-1"
                aria-label={T.textLabel}
                // biome-ignore lint/a11y/noNoninteractiveTabindex: a long text the keyboard scrolls
                tabIndex={0}
                data-testid="authorization-text"
              >
                {text}
              </section>
              <p className="small text-body-secondary mb-3">{T.textVersion(data.text_version)}</p>
              <FormField
                id={`${ids}-name`}
                label={T.fullName}
                autoComplete="name"
                value={name}
                disabled={busy}
                error={errors.full_name}
                onChange={(e: React.ChangeEvent<HTMLInputElement>) => setFullName(e.target.value)}
              />
              <FormField
                id={`${ids}-dni`}
                label={T.dni}
                autoComplete="off"
                value={dniValue}
                disabled={busy}
                help={T.dniHelp}
                error={errors.dni}
                onChange={(e: React.ChangeEvent<HTMLInputElement>) => setDni(e.target.value)}
              />
              {data.confirm_with === 'password' ? (
                <FormField
                  id={`${ids}-password`}
                  label={T.password}
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  disabled={busy}
                  help={T.passwordHelp}
                  error={errors.password}
                  onChange={(e: React.ChangeEvent<HTMLInputElement>) => setPassword(e.target.value)}
                />
              ) : (
                <p className="small mb-0">{T.googleConfirmed}</p>
              )}
            </>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {T.cancel}
          </Button>
          <SubmitButton
            busy={busy}
            disabled={!data}
            label={T.sign}
            busyLabel={T.signing}
            className=""
          />
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
