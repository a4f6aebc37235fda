import { CLIENT_ERRORS, type LoginResult } from '@fogata/shared';
import { useCallback, useRef, useState } from 'react';
import type { AppConfig } from '../../../lib/app-config';
import { idTokenThroughPopup, openSignInPopup } from '../../../lib/auth/oidc-popup';
import { googleLogin } from '../api/google-login';

/** idle, then the provider's popup, then the exchange with our server. */
export type GooglePhase = 'idle' | 'popup' | 'verifying';

type Oidc = NonNullable<AppConfig['oidc']>;

/**
 * External sign-in (decision 004): popup at the provider, then 'Verificando con el servidor...'
 * while the ID token is exchanged. `start` resolves with the login result or throws an Error whose
 * message is the Spanish text to show (CLIENT_ERRORS in @fogata/shared).
 */
export function useGoogleSignIn(oidc: Oidc | null | undefined) {
  const [phase, setPhase] = useState<GooglePhase>('idle');
  const running = useRef(false);

  const start = useCallback(async (): Promise<LoginResult> => {
    if (!oidc?.authorizationEndpoint) throw new Error(CLIENT_ERRORS.externalFailed);
    if (running.current) throw new Error(CLIENT_ERRORS.externalFailed);
    running.current = true;
    // In the click itself, before anything is awaited, or the browser blocks the popup.
    const popup = openSignInPopup();
    try {
      if (!popup) throw new Error(CLIENT_ERRORS.externalFailed);
      setPhase('popup');
      const idToken = await idTokenThroughPopup(popup, {
        authorizationEndpoint: oidc.authorizationEndpoint,
        clientId: oidc.clientId,
      });
      setPhase('verifying');
      return await googleLogin(idToken);
    } finally {
      running.current = false;
      setPhase('idle');
    }
  }, [oidc]);

  return { phase, start };
}
