import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OIDC_MESSAGE_TYPE, OIDC_STATE_KEY } from '../../../lib/auth/oidc-popup';
import { AuthCallbackPage } from './auth-callback-page';

let opener: { closed: boolean; postMessage: ReturnType<typeof vi.fn> } | null;
let close: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  opener = { closed: false, postMessage: vi.fn() };
  Object.defineProperty(window, 'opener', { configurable: true, get: () => opener });
  close = vi.spyOn(window, 'close').mockImplementation(() => {});
});
afterEach(() => {
  window.history.replaceState(null, '', '/');
});

function arrive(fragment: string) {
  window.history.replaceState(null, '', `/auth/callback#${fragment}`);
  render(<AuthCallbackPage />);
}

describe('AuthCallbackPage', () => {
  it('hands the ID token to its opener, on our origin only, and closes', () => {
    localStorage.setItem(OIDC_STATE_KEY, 'estado-1');
    arrive('id_token=eyJ.token.firma&state=estado-1');
    expect(opener!.postMessage).toHaveBeenCalledWith(
      { type: OIDC_MESSAGE_TYPE, state: 'estado-1', id_token: 'eyJ.token.firma' },
      window.location.origin,
    );
    expect(close).toHaveBeenCalled();
    // The token does not stay in the address bar.
    expect(window.location.hash).toBe('');
  });

  it("passes the provider's error on", () => {
    localStorage.setItem(OIDC_STATE_KEY, 'estado-2');
    arrive('error=access_denied&error_description=Cancelado&state=estado-2');
    expect(opener!.postMessage).toHaveBeenCalledWith(
      {
        type: OIDC_MESSAGE_TYPE,
        state: 'estado-2',
        error: 'access_denied',
        error_description: 'Cancelado',
      },
      window.location.origin,
    );
  });

  it('hands nothing over for another state, or without an opener', () => {
    localStorage.setItem(OIDC_STATE_KEY, 'estado-3');
    arrive('id_token=robado&state=otro');
    expect(opener!.postMessage).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('No se pudo iniciar sesión con Google.');
    expect(close).not.toHaveBeenCalled();
  });

  it('shows the failure when opened on its own', () => {
    opener = null;
    localStorage.setItem(OIDC_STATE_KEY, 'estado-4');
    arrive('id_token=x&state=estado-4');
    expect(screen.getByRole('alert')).toHaveTextContent('No se pudo iniciar sesión con Google.');
  });
});
