import { screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { never, stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render';
import { makeToken } from '../../../test/token';
import { LoginPage } from './login-page';

const user = {
  id: 4,
  name: 'Pablo',
  email: 'pablo@example.org',
  role: 'usuario',
  avatar_url: null,
  created_at: '2025-01-01T10:00:00Z',
};

describe('LoginPage', () => {
  it('validates on submit only, with the Spanish messages', async () => {
    const { user: u } = renderApp(<LoginPage />, { route: '/login' });
    await u.type(screen.getByLabelText('Email'), 'nope');
    await u.tab();
    expect(screen.queryByText('Debe ser un email válido.')).not.toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
    expect(await screen.findByText('Debe ser un email válido.')).toBeInTheDocument();
    expect(screen.getByText('La contraseña es obligatoria.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Debe ser un email válido.');
  });

  it('asks for the e-mail when it is empty', async () => {
    const { user: u } = renderApp(<LoginPage />, { route: '/login' });
    await u.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
    expect(await screen.findByText('El email es obligatorio.')).toBeInTheDocument();
  });

  it("reads 'Ingresando...' while submitting", async () => {
    stubApi({ 'POST /auth/login': never });
    const { user: u } = renderApp(<LoginPage />, { route: '/login' });
    await u.type(screen.getByLabelText('Email'), 'pablo@example.org');
    await u.type(screen.getByLabelText('Contraseña'), 'secreto');
    await u.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
    expect(await screen.findByRole('button', { name: 'Ingresando...' })).toBeDisabled();
  });

  it('shows the success message, then goes back to the remembered page after 500 ms', async () => {
    const token = makeToken({ id: 4, role: 'usuario', name: 'Pablo' });
    stubApi({ 'POST /auth/login': [200, { user, token, message: 'Inicio de sesión exitoso.' }] });
    const { user: u } = renderApp(<LoginPage />, {
      route: '/login',
      state: { from: { pathname: '/profile/edit', search: '' } },
    });
    await u.type(screen.getByLabelText('Email'), 'pablo@example.org');
    await u.type(screen.getByLabelText('Contraseña'), 'secreto');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await u.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
    expect(await screen.findByText('Inicio de sesión exitoso.')).toBeInTheDocument();
    expect(localStorage.getItem('authToken')).toBe(token);
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    await act(() => vi.advanceTimersByTimeAsync(500));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/profile/edit'));
  });

  it('goes to / when no page was remembered', async () => {
    stubApi({
      'POST /auth/login': [200, { user, token: makeToken(), message: 'Inicio de sesión exitoso.' }],
    });
    const { user: u } = renderApp(<LoginPage />, { route: '/login' });
    await u.type(screen.getByLabelText('Email'), 'pablo@example.org');
    await u.type(screen.getByLabelText('Contraseña'), 'secreto');
    await u.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('shows the error in a danger alert and stays', async () => {
    stubApi({ 'POST /auth/login': [401, { message: 'Email o contraseña incorrectos.' }] });
    const { user: u } = renderApp(<LoginPage />, { route: '/login' });
    await u.type(screen.getByLabelText('Email'), 'pablo@example.org');
    await u.type(screen.getByLabelText('Contraseña'), 'mala');
    await u.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email o contraseña incorrectos.');
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('links to /forgot-password', () => {
    renderApp(<LoginPage />, { route: '/login' });
    expect(screen.getByRole('link', { name: '¿Olvidaste tu contraseña?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});
