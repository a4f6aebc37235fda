import { CLIENT_ERRORS, EXTERNAL_SIGNIN_CALLBACK_PATH, type LoginResult } from '@fogata/shared';
import { useCallback, useRef, useState } from 'react';
import type { AppConfig } from '../../../lib/app-config';
import { getGoogleNonce, googleLogin } from '../api/google-login';
import {
  authorizationUrl,
  OIDC_STATE_KEY,
  openSignInPopup,
  randomState,
  waitForIdToken,
} from './oidc-popup';

/** idle, then the provider's popup, then the exchange with our server. */
export type GooglePhase = 'idle' | 'popup' | 'verifying';

type Oidc = NonNullable<AppConfig['oidc']>;

/**
 * External sign-in (SPEC §2 Login): popup at the provider, then 'Verificando con el servidor...'
 * while the ID token is exchanged. `start` resolves with the login result or throws an Error whose
 * message is the SPEC §8 text to show.
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
      let nonce: string;
      try {
        ({ nonce } = await getGoogleNonce());
      } catch (error) {
        popup.close();
        throw error;
      }
      const state = randomState();
      localStorage.setItem(OIDC_STATE_KEY, state);
      popup.location.href = authorizationUrl({
        endpoint: oidc.authorizationEndpoint,
        clientId: oidc.clientId,
        redirectUri: `${window.location.origin}${EXTERNAL_SIGNIN_CALLBACK_PATH}`,
        nonce,
        state,
      });
      const idToken = await waitForIdToken(popup, state);
      setPhase('verifying');
      return await googleLogin(idToken);
    } finally {
      localStorage.removeItem(OIDC_STATE_KEY);
      running.current = false;
      setPhase('idle');
    }
  }, [oidc]);

  return { phase, start };
}
