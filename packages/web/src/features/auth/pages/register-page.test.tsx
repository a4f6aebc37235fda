import { screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { never, stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render';
import { makeToken } from '../../../test/token';
import { RegisterPage } from './register-page';

describe('RegisterPage', () => {
  it('says so when there is no token', () => {
    renderApp(<RegisterPage />, { route: '/register' });
    expect(screen.getByRole('heading', { name: 'Error de Invitación' })).toBeInTheDocument();
    expect(screen.getByText('No se proporcionó un token de invitación.')).toBeInTheDocument();
  });

  it('verifies the invitation first', () => {
    stubApi({ 'GET /invitations/verify/abc': never });
    renderApp(<RegisterPage />, { route: '/register?invitation=abc' });
    expect(screen.getByText('Verificando invitación...')).toBeInTheDocument();
  });

  it('shows the verification failure with a way back to /login', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubApi({
      'GET /invitations/verify/abc': [
        404,
        { message: 'La invitación no es válida o ya fue utilizada.' },
      ],
    });
    renderApp(<RegisterPage />, { route: '/register?invitation=abc' });
    expect(await screen.findByRole('heading', { name: 'Error de Invitación' })).toBeInTheDocument();
    expect(screen.getByText('La invitación no es válida o ya fue utilizada.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a Inicio de Sesión' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it("falls back to 'Error al verificar la invitación.'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({ 'GET /invitations/verify/abc': [500] });
    renderApp(<RegisterPage />, { route: '/register?invitation=abc' });
    expect(await screen.findByText('Error al verificar la invitación.')).toBeInTheDocument();
  });

  it('shows the invited e-mail and role read-only, validates on submit', async () => {
    stubApi({
      'GET /invitations/verify/abc': [200, { email: 'nuevo@example.org', role: 'scouter' }],
    });
    const { user } = renderApp(<RegisterPage />, { route: '/register?invitation=abc' });
    expect(await screen.findByRole('heading', { name: 'Completar Registro' })).toBeInTheDocument();
    expect(screen.getByText('nuevo@example.org')).toBeInTheDocument();
    expect(screen.getByText('Scouter')).toBeInTheDocument();
    expect(screen.queryByDisplayValue('nuevo@example.org')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Contraseña'), 'corta');
    await user.click(screen.getByRole('button', { name: 'Registrarme' }));
    expect(await screen.findByText('El nombre es obligatorio.')).toBeInTheDocument();
    expect(screen.getByText('La contraseña debe tener al menos 8 caracteres.')).toBeInTheDocument();
    expect(screen.getByText('Debes confirmar tu contraseña.')).toBeInTheDocument();
  });

  it('registers, logs in with the returned token and goes to / after 1.5 s', async () => {
    const token = makeToken({
      id: 8,
      name: 'Ana Nueva',
      role: 'scouter',
      email: 'nuevo@example.org',
    });
    const calls = stubApi({
      'GET /invitations/verify/abc': [200, { email: 'nuevo@example.org', role: 'scouter' }],
      'POST /auth/register-invited': [
        201,
        {
          user: {
            id: 8,
            name: 'Ana Nueva',
            email: 'nuevo@example.org',
            role: 'scouter',
            avatar_url: null,
            created_at: '2025-01-01',
          },
          token,
          message: '',
        },
      ],
    });
    const { user } = renderApp(<RegisterPage />, { route: '/register?invitation=abc' });
    await user.type(await screen.findByLabelText('Tu Nombre'), 'Ana Nueva');
    await user.type(screen.getByLabelText('Contraseña'), 'clave-larga-1');
    await user.type(screen.getByLabelText('Confirmar Contraseña'), 'clave-larga-1');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'Registrarme' }));
    // The default text when the server sends none.
    const status = await screen.findByRole('status');
    expect(within(status).getByText('¡Registro completado!')).toBeInTheDocument();
    expect(JSON.parse(calls.at(-1)!.data as string)).toEqual({
      token: 'abc',
      name: 'Ana Nueva',
      password: 'clave-larga-1',
    });
    expect(localStorage.getItem('authToken')).toBe(token);
    await act(() => vi.advanceTimersByTimeAsync(1400));
    expect(screen.getByTestId('location')).toHaveTextContent('/register');
    await act(() => vi.advanceTimersByTimeAsync(100));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('says when the passwords differ', async () => {
    stubApi({
      'GET /invitations/verify/abc': [200, { email: 'nuevo@example.org', role: 'usuario' }],
    });
    const { user } = renderApp(<RegisterPage />, { route: '/register?invitation=abc' });
    await user.type(await screen.findByLabelText('Tu Nombre'), 'Ana');
    await user.type(screen.getByLabelText('Contraseña'), 'clave-larga-1');
    await user.type(screen.getByLabelText('Confirmar Contraseña'), 'clave-larga-2');
    await user.click(screen.getByRole('button', { name: 'Registrarme' }));
    expect(await screen.findByText('Las contraseñas deben coincidir.')).toBeInTheDocument();
  });
});
