import { screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OIDC_MESSAGE_TYPE, OIDC_STATE_KEY } from '../../../lib/auth/oidc-popup';
import { never, stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render';
import { makeToken } from '../../../test/token';
import { LoginPage } from './login-page';

const oidc = {
  issuer: 'https://accounts.google.com',
  clientId: 'cliente-fogata.apps.googleusercontent.com',
  authorizationEndpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
};
const config = { groupName: 'Grupo Scout Fogata 1', oidc };
const user = {
  id: 9,
  name: 'Lucía',
  email: 'lucia@example.org',
  role: 'scouter',
  avatar_url: null,
  created_at: '2025-01-01T10:00:00Z',
};

/** A stand-in for the provider's popup window: records where it was sent, can be closed. */
class FakePopup {
  closed = false;
  location = { href: 'about:blank' };
  close() {
    this.closed = true;
  }
}

function openPopup(popup: FakePopup | null = new FakePopup()) {
  const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
  return { popup, open };
}

/** What the callback page posts back, as seen by the opener. */
function postFromCallback(data: Record<string, unknown>, origin = window.location.origin) {
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', { origin, data: { type: OIDC_MESSAGE_TYPE, ...data } }),
    );
  });
}

async function popupSentTo(popup: FakePopup): Promise<URL> {
  await waitFor(() => expect(popup.location.href).not.toBe('about:blank'));
  return new URL(popup.location.href);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('LoginPage: Continuar con Google', () => {
  it('is hidden without external sign-in, or while the provider is unreachable', async () => {
    stubApi({ 'GET /config': [200, { groupName: 'Grupo', oidc: null }] });
    const { unmount } = renderApp(<LoginPage />, { route: '/login' });
    await screen.findByRole('button', { name: 'Iniciar Sesión' });
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByRole('button', { name: 'Continuar con Google' })).not.toBeInTheDocument();
    unmount();

    stubApi({
      'GET /config': [200, { groupName: 'Grupo', oidc: { ...oidc, authorizationEndpoint: null } }],
    });
    renderApp(<LoginPage />, { route: '/login' });
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByRole('button', { name: 'Continuar con Google' })).not.toBeInTheDocument();
  });

  it("opens the provider, shows 'Verificando con el servidor...', signs in and goes back", async () => {
    const token = makeToken({ id: 9, role: 'scouter', name: 'Lucía' });
    let release: (v: [number, unknown]) => void = () => {};
    const calls = stubApi({
      'GET /config': [200, config],
      'GET /auth/google/nonce': [200, { nonce: 'nonce-del-servidor' }],
      'POST /auth/google': () => new Promise((r) => (release = r)),
    });
    const { popup, open } = openPopup();
    const { user: u } = renderApp(<LoginPage />, {
      route: '/login',
      state: { from: { pathname: '/gallery', search: '' } },
    });
    await u.click(await screen.findByRole('button', { name: 'Continuar con Google' }));
    expect(open).toHaveBeenCalledTimes(1);

    const url = await popupSentTo(popup!);
    expect(`${url.origin}${url.pathname}`).toBe(oidc.authorizationEndpoint);
    const state = localStorage.getItem(OIDC_STATE_KEY);
    expect(state).toBeTruthy();
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: oidc.clientId,
      response_type: 'id_token',
      scope: 'openid email profile',
      redirect_uri: `${window.location.origin}/auth/callback`,
      nonce: 'nonce-del-servidor',
      state,
    });

    // A message from elsewhere, or for another sign-in, is ignored.
    postFromCallback({ state, id_token: 'falso' }, 'https://malicioso.example');
    postFromCallback({ state: 'otro', id_token: 'falso' });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    postFromCallback({ state, id_token: 'id-token-de-google' });
    expect(
      await screen.findByRole('button', { name: 'Verificando con el servidor...' }),
    ).toBeDisabled();
    expect(popup!.closed).toBe(true);
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe('/auth/google');
    expect(JSON.parse(post.data as string)).toEqual({ token: 'id-token-de-google' });

    vi.useFakeTimers({ shouldAdvanceTime: true });
    release([200, { user, token, message: '¡Registro completado!' }]);
    expect(await screen.findByText('¡Registro completado!')).toBeInTheDocument();
    expect(localStorage.getItem('authToken')).toBe(token);
    expect(localStorage.getItem(OIDC_STATE_KEY)).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    await act(() => vi.advanceTimersByTimeAsync(500));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/gallery'));
  });

  it("says 'Ventana de inicio de sesión cerrada.' when the popup is closed", async () => {
    stubApi({
      'GET /config': [200, config],
      'GET /auth/google/nonce': [200, { nonce: 'n' }],
    });
    const { popup } = openPopup();
    const { user: u } = renderApp(<LoginPage />, { route: '/login' });
    await u.click(await screen.findByRole('button', { name: 'Continuar con Google' }));
    await popupSentTo(popup!);
    popup!.close();
    expect(await screen.findByRole('alert', {}, { timeout: 3000 })).toHaveTextContent(
      'Ventana de inicio de sesión cerrada.',
    );
    expect(screen.getByRole('button', { name: 'Continuar con Google' })).toBeEnabled();
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it("shows the provider's error as 'Error de Google (code): message'", async () => {
    stubApi({
      'GET /config': [200, config],
      'GET /auth/google/nonce': [200, { nonce: 'n' }],
    });
    const { popup } = openPopup();
    const { user: u } = renderApp(<LoginPage />, { route: '/login' });
    await u.click(await screen.findByRole('button', { name: 'Continuar con Google' }));
    await popupSentTo(popup!);
    const state = localStorage.getItem(OIDC_STATE_KEY);
    postFromCallback({
      state,
      error: 'access_denied',
      error_description: 'El usuario canceló el acceso',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error de Google (access_denied): El usuario canceló el acceso',
    );
    expect(popup!.closed).toBe(true);
  });

  it("shows the server's refusal, else the client's default texts", async () => {
    const cases: [reply: Parameters<typeof stubApi>[0][string], text: string][] = [
      [
        [403, { message: 'No hay ninguna cuenta con este email.' }],
        'No hay ninguna cuenta con este email.',
      ],
      [[500], 'Error del servidor al validar sesión de Google.'],
      ['network-error', 'Error al verificar sesión externa.'],
    ];
    for (const [reply, text] of cases) {
      stubApi({
        'GET /config': [200, config],
        'GET /auth/google/nonce': [200, { nonce: 'n' }],
        'POST /auth/google': reply,
      });
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const { popup } = openPopup();
      const { user: u, unmount } = renderApp(<LoginPage />, { route: '/login' });
      await u.click(await screen.findByRole('button', { name: 'Continuar con Google' }));
      await popupSentTo(popup!);
      postFromCallback({ state: localStorage.getItem(OIDC_STATE_KEY), id_token: 't' });
      expect(await screen.findByRole('alert')).toHaveTextContent(text);
      expect(localStorage.getItem('authToken')).toBeNull();
      unmount();
      vi.restoreAllMocks();
    }
  });

  it("says 'No se pudo iniciar sesión con Google.' when the popup is blocked", async () => {
    const calls = stubApi({ 'GET /config': [200, config] });
    openPopup(null);
    const { user: u } = renderApp(<LoginPage />, { route: '/login' });
    await u.click(await screen.findByRole('button', { name: 'Continuar con Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No se pudo iniciar sesión con Google.',
    );
    expect(calls.some((c) => c.url === '/auth/google/nonce')).toBe(false);
  });

  it('closes the popup when the server gives no nonce', async () => {
    stubApi({
      'GET /config': [200, config],
      'GET /auth/google/nonce': [503, { message: 'No se pudo contactar con el proveedor.' }],
    });
    const { popup } = openPopup();
    const { user: u } = renderApp(<LoginPage />, { route: '/login' });
    await u.click(await screen.findByRole('button', { name: 'Continuar con Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No se pudo contactar con el proveedor.',
    );
    expect(popup!.closed).toBe(true);
  });

  it('keeps the password form locked while the popup is open', async () => {
    stubApi({ 'GET /config': [200, config], 'GET /auth/google/nonce': never });
    openPopup();
    const { user: u } = renderApp(<LoginPage />, { route: '/login' });
    await u.click(await screen.findByRole('button', { name: 'Continuar con Google' }));
    expect(screen.getByRole('button', { name: 'Iniciar Sesión' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Continuar con Google' })).toBeDisabled();
  });
});
