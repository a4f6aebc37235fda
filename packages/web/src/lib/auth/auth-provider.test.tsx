import { render, screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render';
import { makeToken, signIn } from '../../test/token';
import { AUTH_LOGOUT_EVENT } from '../api-client';
import { decodeToken } from './token';
import { useAuth } from './use-auth';

function SessionView() {
  const { status, user, logout, login } = useAuth();
  return (
    <div>
      <p data-testid="status">{status}</p>
      <p data-testid="user">
        {user ? `${user.id}|${user.email}|${user.role}|${user.name}` : 'nadie'}
      </p>
      <button type="button" onClick={logout}>
        salir
      </button>
      <button
        type="button"
        onClick={() => login(makeToken({ id: 9, name: 'Nueva Persona', role: 'usuario' }))}
      >
        entrar
      </button>
    </div>
  );
}

describe('AuthProvider: session restore', () => {
  it('restores id, email, role and name from a valid stored token', async () => {
    signIn({ id: 7, email: 'lucia@example.org', role: 'scouter', name: 'Lucía Ñandú' });
    renderApp(<SessionView />, { route: '/gallery' });
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('authenticated'));
    expect(screen.getByTestId('user')).toHaveTextContent('7|lucia@example.org|scouter|Lucía Ñandú');
    expect(localStorage.getItem('authToken')).not.toBeNull();
  });

  it('logs out silently when the stored token has expired', async () => {
    signIn({ exp: Math.floor(Date.now() / 1000) - 10 });
    renderApp(<SessionView />, { route: '/gallery' });
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('unauthenticated'));
    expect(screen.getByTestId('user')).toHaveTextContent('nadie');
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // Silent: it stays where it was.
    expect(screen.getByTestId('location')).toHaveTextContent('/gallery');
  });

  it.each([
    ['not a JWT', 'basura'],
    ['a payload that is not JSON', 'a.bm8tanNvbg.c'],
    ['a payload without the session fields', makeToken({ role: 'jefe' as never })],
  ])('logs out when the stored token is malformed (%s)', async (_, token) => {
    localStorage.setItem('authToken', token);
    renderApp(<SessionView />);
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('unauthenticated'));
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('is logged out with no stored token', async () => {
    renderApp(<SessionView />);
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('unauthenticated'));
  });

  it('draws the page once with the session, never with an unread one first', () => {
    const seen: string[] = [];
    function Spy() {
      seen.push(useAuth().status);
      return null;
    }
    signIn({ id: 7 });
    renderApp(<Spy />);
    expect(seen).not.toHaveLength(0);
    expect(new Set(seen)).toEqual(new Set(['authenticated']));
    localStorage.clear();
    seen.length = 0;
    renderApp(<Spy />);
    expect(new Set(seen)).toEqual(new Set(['unauthenticated']));
  });
});

describe('AuthProvider: login and logout', () => {
  it("login makes what a visitor read stale, so a member's own answers are asked for", async () => {
    const { user, queryClient } = renderApp(<SessionView />);
    queryClient.setQueryData(['news', 'item', 1], { id: 1, user_has_liked: false });
    queryClient.setQueryData(['config'], { groupName: 'Grupo' });
    await user.click(screen.getByRole('button', { name: 'entrar' }));
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('authenticated'));
    expect(queryClient.getQueryState(['news', 'item', 1])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['config'])?.isInvalidated).toBe(false);
  });

  it('login stores the token and opens the session', async () => {
    const { user } = renderApp(<SessionView />);
    await user.click(screen.getByRole('button', { name: 'entrar' }));
    expect(screen.getByTestId('user')).toHaveTextContent(
      '9|marta@example.org|usuario|Nueva Persona',
    );
    expect(decodeToken(localStorage.getItem('authToken')!)?.id).toBe(9);
  });

  it('logout removes the token and goes to /login', async () => {
    signIn();
    const { user } = renderApp(<SessionView />, { route: '/profile/edit' });
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('authenticated'));
    await user.click(screen.getByRole('button', { name: 'salir' }));
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('the global logout event of the HTTP layer ends the session', async () => {
    signIn();
    renderApp(<SessionView />, { route: '/', routes: { '/login': <SessionView /> } });
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('authenticated'));
    act(() => {
      window.dispatchEvent(new Event(AUTH_LOGOUT_EVENT));
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(screen.getByTestId('status')).toHaveTextContent('unauthenticated');
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('ends the session when the token expires while the app is open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn({ exp: Math.floor(Date.now() / 1000) + 5 });
    renderApp(<SessionView />, { route: '/gallery', routes: { '/login': <SessionView /> } });
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('authenticated'));
    await act(() => vi.advanceTimersByTimeAsync(6000));
    expect(screen.getByTestId('status')).toHaveTextContent('unauthenticated');
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });
});

describe('useAuth', () => {
  it('throws outside an AuthProvider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Outside = () => {
      useAuth();
      return null;
    };
    expect(() => render(<Outside />)).toThrow('useAuth debe usarse dentro de un AuthProvider');
  });
});
