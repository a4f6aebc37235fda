import { CLIENT_ERRORS } from '@fogata/shared';
import { useEffect, useState } from 'react';
import { Loading } from '../../../components/loading';
import {
  OIDC_MESSAGE_TYPE,
  OIDC_STATE_KEY,
  type OidcCallbackMessage,
} from '../../../lib/auth/oidc-popup';

/**
 * /auth/callback, inside the sign-in popup: the provider comes back here with the ID token (or an
 * error) in the fragment. The page hands it to the window that opened the popup, only on our own
 * origin and only for the sign-in that window started (its `state`), and closes.
 */
export function AuthCallbackPage() {
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const params = new URLSearchParams(
      window.location.hash.slice(1) || window.location.search.slice(1),
    );
    // The token must not stay in the address bar or the history.
    window.history.replaceState(null, '', window.location.pathname);
    const state = params.get('state');
    const opener = window.opener as Window | null;
    if (!opener || opener.closed || !state || state !== localStorage.getItem(OIDC_STATE_KEY)) {
      setFailed(true);
      return;
    }
    const message: OidcCallbackMessage = { type: OIDC_MESSAGE_TYPE, state };
    const idToken = params.get('id_token');
    const error = params.get('error');
    if (idToken) message.id_token = idToken;
    if (error) {
      message.error = error;
      message.error_description = params.get('error_description') ?? undefined;
    }
    opener.postMessage(message, window.location.origin);
    window.close();
  }, []);

  if (failed) {
    return (
      <main className="container py-5 text-center">
        <p className="text-danger mb-2" role="alert">
          {CLIENT_ERRORS.externalFailed}
        </p>
        <p className="text-body-secondary">Puedes cerrar esta ventana.</p>
      </main>
    );
  }
  return (
    <main className="container py-5">
      <Loading label="Volviendo a la aplicación..." />
    </main>
  );
}
