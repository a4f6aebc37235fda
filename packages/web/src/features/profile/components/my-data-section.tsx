import { CLIENT_ERRORS, MY_DATA_MESSAGES } from '@fogata/shared';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import {
  type AlertVariant,
  BannerAlert,
  DismissibleAlert,
} from '../../../components/dismissible-alert';
import { FormField } from '../../../components/form-field';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { type AppConfig, useAppConfig } from '../../../lib/app-config';
import { useAuth } from '../../../lib/auth';
import { idTokenThroughPopup, openSignInPopup } from '../../../lib/auth/oidc-popup';
import { saveFile } from '../../../lib/save-file';
import { deleteMyAccount, downloadMyData } from '../api/my-data';
import { MY_DATA_TEXTS as T } from '../texts';

type Status = { variant: AlertVariant; message: string } | null;
type Oidc = NonNullable<AppConfig['oidc']>;

/**
 * A fresh external sign-in for confirming: the same popup as the login (nonce from our server,
 * state checked), but the ID token goes to the deletion instead of opening a session.
 */
async function freshIdToken(oidc: Oidc): Promise<string> {
  // In the click itself, before anything is awaited, or the browser blocks the popup.
  const popup = openSignInPopup();
  if (!popup || !oidc.authorizationEndpoint) {
    popup?.close();
    throw new Error(CLIENT_ERRORS.externalFailed);
  }
  return idTokenThroughPopup(popup, {
    authorizationEndpoint: oidc.authorizationEndpoint,
    clientId: oidc.clientId,
  });
}

/** On 'Editar Perfil': «Descargar mis datos» and «Eliminar mi cuenta» (decision 023). */
export function MyDataSection() {
  const ids = useId();
  const [downloading, setDownloading] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const [confirming, setConfirming] = useState(false);

  const onDownload = async () => {
    setStatus(null);
    setDownloading(true);
    try {
      const { blob, fileName } = await downloadMyData();
      saveFile(blob, fileName);
      setStatus({ variant: 'success', message: T.downloaded });
    } catch (error) {
      setStatus({ variant: 'danger', message: (error as Error).message });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Card className="auth-card shadow-sm border-0 mt-4" data-testid="my-data">
      <Card.Body className="p-4">
        <h2 className="h5 mb-3" id={`${ids}-title`}>
          {T.title}
        </h2>
        <BannerAlert banner={status} onClose={() => setStatus(null)} />
        <p className="small">{T.exportIntro}</p>
        <Button variant="outline-success" onClick={onDownload} disabled={downloading}>
          {downloading ? (
            <>
              <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-2" />
              {T.downloading}
            </>
          ) : (
            T.download
          )}
        </Button>
        <hr className="my-4" />
        <p className="small">{T.deleteIntro}</p>
        <Button variant="outline-danger" onClick={() => setConfirming(true)}>
          {T.deleteButton}
        </Button>
      </Card.Body>
      {confirming && <DeleteAccountModal onCancel={() => setConfirming(false)} />}
    </Card>
  );
}

/** The confirmation: what happens, in plain words, then the password (or a fresh sign-in). */
function DeleteAccountModal({ onCancel }: { onCancel: () => void }) {
  const ids = useId();
  const { leave } = useAuth();
  const config = useAppConfig();
  const oidc = config.data?.oidc;
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (confirm: () => Promise<{ password: string } | { idToken: string }>) => {
    setError(null);
    setFieldError(undefined);
    setBusy(true);
    try {
      const body = await confirm();
      const result = await deleteMyAccount(body);
      // Signed out, on the home page, with the server's confirmation.
      leave(paths.home.getHref(), { notice: result.message });
    } catch (err) {
      const message = (err as Error).message;
      const onField =
        err instanceof ApiError && err.fieldErrors.some((f) => f.field === 'password');
      if (onField) setFieldError(message);
      else setError(message);
      setBusy(false);
    }
  };

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!password) {
      setFieldError(MY_DATA_MESSAGES.passwordRequired);
      return;
    }
    void run(async () => ({ password }));
  };

  return (
    <Modal
      show
      aria-labelledby={`${ids}-title`}
      onHide={busy ? () => {} : onCancel}
      backdrop="static"
      keyboard={!busy}
      centered
    >
      <Form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton={!busy} closeLabel="Cerrar">
          <Modal.Title as="h2" className="h5" id={`${ids}-title`}>
            {T.modalTitle}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <DismissibleAlert variant="danger" message={error} onClose={() => setError(null)} />
          <ul className="ps-3">
            {T.consequences.map((line) => (
              <li key={line} className="mb-1">
                {line}
              </li>
            ))}
          </ul>
          <p className="fw-semibold">{T.irreversible}</p>
          <FormField
            id={`${ids}-password`}
            label={T.password}
            type="password"
            autoComplete="current-password"
            value={password}
            help={T.passwordHelp}
            disabled={busy}
            onChange={(e: React.ChangeEvent<HTMLInputElement>) => setPassword(e.target.value)}
            error={fieldError}
          />
          {oidc?.authorizationEndpoint && (
            <div className="border-top pt-3">
              <p className="small mb-2">{T.orExternal}</p>
              <Button
                variant="outline-secondary"
                disabled={busy}
                onClick={() => void run(async () => ({ idToken: await freshIdToken(oidc) }))}
              >
                {T.confirmExternal}
              </Button>
            </div>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {T.cancel}
          </Button>
          <Button type="submit" variant="danger" disabled={busy}>
            {busy ? (
              <>
                <Spinner
                  as="span"
                  animation="border"
                  size="sm"
                  aria-hidden="true"
                  className="me-2"
                />
                {T.confirming}
              </>
            ) : (
              T.confirm
            )}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
