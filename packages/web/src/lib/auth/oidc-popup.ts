import {
  CLIENT_ERRORS,
  EXTERNAL_SIGNIN_CALLBACK_PATH,
  type ExternalNonceResponse,
} from '@fogata/shared';
import { api, request } from '../api-client';

/** GET /auth/google/nonce: the single-use value the provider puts in the ID token. */
export const getGoogleNonce = () =>
  request(
    () => api.get<ExternalNonceResponse>('/auth/google/nonce'),
    CLIENT_ERRORS.externalServer,
    CLIENT_ERRORS.externalVerify,
  );

/** The type of the message the callback page posts to its opener. */
export const OIDC_MESSAGE_TYPE = 'fogata:oidc';
/** Where the opener keeps the `state` of the sign-in under way, for the callback page to check. */
export const OIDC_STATE_KEY = 'fogata.oidcState';

/** What the callback page posts to its opener. */
export interface OidcCallbackMessage {
  type: typeof OIDC_MESSAGE_TYPE;
  state: string;
  id_token?: string;
  error?: string;
  error_description?: string;
}

/** A random value, base64url, for `state`. */
export function randomState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * Opens the sign-in popup, still empty: it must open in the click itself or the browser blocks
 * it; the provider's address comes once the server has given a nonce. Null when blocked.
 */
export function openSignInPopup(): Window | null {
  const width = 500;
  const height = 640;
  const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
  return window.open(
    'about:blank',
    'fogata-inicio-externo',
    `popup=yes,width=${width},height=${height},left=${Math.round(left)},top=${Math.round(top)}`,
  );
}

/** The provider's authorization request: implicit flow, an ID token back in the fragment. */
export function authorizationUrl(opts: {
  endpoint: string;
  clientId: string;
  redirectUri: string;
  nonce: string;
  state: string;
}): string {
  const url = new URL(opts.endpoint);
  url.searchParams.set('client_id', opts.clientId);
  url.searchParams.set('response_type', 'id_token');
  url.searchParams.set('scope', 'openid email profile');
  url.searchParams.set('redirect_uri', opts.redirectUri);
  url.searchParams.set('nonce', opts.nonce);
  url.searchParams.set('state', opts.state);
  return url.href;
}

/**
 * Waits for the callback page's message with `state`, and resolves with the ID token. Rejects
 * with the login error's Spanish text when the provider reports an error or the popup closes first.
 */
export function waitForIdToken(popup: Window, state: string, pollMs = 400): Promise<string> {
  return new Promise((resolve, reject) => {
    let closedSeen = false;
    const done = () => {
      window.removeEventListener('message', onMessage);
      clearInterval(timer);
      try {
        popup.close();
      } catch {
        // Already closed.
      }
    };
    function onMessage(event: MessageEvent) {
      // Only our own callback page, answering this very sign-in.
      if (event.origin !== window.location.origin) return;
      const data = event.data as Partial<OidcCallbackMessage> | null;
      if (!data || data.type !== OIDC_MESSAGE_TYPE || data.state !== state) return;
      done();
      if (data.error) {
        reject(
          new Error(
            CLIENT_ERRORS.externalProvider(
              data.error,
              data.error_description || CLIENT_ERRORS.externalFailed,
            ),
          ),
        );
      } else if (data.id_token) {
        resolve(data.id_token);
      } else {
        reject(new Error(CLIENT_ERRORS.externalFailed));
      }
    }
    const timer = setInterval(() => {
      if (!popup.closed) return;
      // The callback page posts, then closes: give its message one more round to arrive.
      if (!closedSeen) {
        closedSeen = true;
        return;
      }
      done();
      reject(new Error(CLIENT_ERRORS.externalPopupClosed));
    }, pollMs);
    window.addEventListener('message', onMessage);
  });
}

/**
 * Sends a popup opened in the click to the provider, with a nonce from our server and a fresh
 * state, and resolves with the ID token it comes back with (the state is forgotten either way).
 */
export async function idTokenThroughPopup(
  popup: Window,
  provider: { authorizationEndpoint: string; clientId: string },
): Promise<string> {
  let nonce: string;
  try {
    ({ nonce } = await getGoogleNonce());
  } catch (error) {
    popup.close();
    throw error;
  }
  const state = randomState();
  localStorage.setItem(OIDC_STATE_KEY, state);
  try {
    popup.location.href = authorizationUrl({
      endpoint: provider.authorizationEndpoint,
      clientId: provider.clientId,
      redirectUri: `${window.location.origin}${EXTERNAL_SIGNIN_CALLBACK_PATH}`,
      nonce,
      state,
    });
    return await waitForIdToken(popup, state);
  } finally {
    localStorage.removeItem(OIDC_STATE_KEY);
  }
}
