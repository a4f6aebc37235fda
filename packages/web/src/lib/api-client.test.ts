import { CLIENT_ERRORS } from '@fogata/shared';
import { describe, expect, it, vi } from 'vitest';
import { getInvitations } from '../features/admin/api/get-invitations';
import { revokeInvitation } from '../features/admin/api/revoke-invitation';
import { updateUserRole } from '../features/admin/api/update-user-role';
import { forgotPassword } from '../features/auth/api/forgot-password';
import { login } from '../features/auth/api/login';
import { resetPassword } from '../features/auth/api/reset-password';
import { stubApi } from '../test/api-stub';
import { signIn } from '../test/token';
import { AUTH_LOGOUT_EVENT, api } from './api-client';

const quiet = () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
};

describe('api-client', () => {
  it('uses base /api and the SPEC time-out', () => {
    expect(api.defaults.baseURL).toBe('/api');
    expect(api.defaults.timeout).toBe(60000);
  });

  it('sends the stored token as a Bearer header, and none without a token', async () => {
    const calls = stubApi({ 'GET /invitations': [200, []] });
    await getInvitations();
    expect(calls[0]!.headers.Authorization).toBeUndefined();
    const token = signIn();
    await getInvitations();
    expect(calls[1]!.headers.Authorization).toBe(`Bearer ${token}`);
  });

  it('on a 401 emits the global logout event and rejects with the session message', async () => {
    signIn();
    stubApi({ 'GET /invitations': [401, { message: 'Debes iniciar sesión.' }] });
    const onLogout = vi.fn();
    window.addEventListener(AUTH_LOGOUT_EVENT, onLogout);
    await expect(getInvitations()).rejects.toThrow('Sesión expirada o inválida.');
    window.removeEventListener(AUTH_LOGOUT_EVENT, onLogout);
    expect(onLogout).toHaveBeenCalledTimes(1);
    // The HTTP layer clears nothing itself.
    expect(localStorage.getItem('authToken')).not.toBeNull();
  });

  it('a wrong password (401 on login) shows the server message and keeps the session alone', async () => {
    signIn();
    stubApi({ 'POST /auth/login': [401, { message: 'Email o contraseña incorrectos.' }] });
    const onLogout = vi.fn();
    window.addEventListener(AUTH_LOGOUT_EVENT, onLogout);
    await expect(login({ email: 'a@b.es', password: 'x' })).rejects.toThrow(
      'Email o contraseña incorrectos.',
    );
    window.removeEventListener(AUTH_LOGOUT_EVENT, onLogout);
    expect(onLogout).not.toHaveBeenCalled();
  });

  it("prefers the server's message", async () => {
    quiet();
    stubApi({
      'DELETE /invitations/4': [
        400,
        { message: 'Solo se pueden revocar invitaciones pendientes.' },
      ],
    });
    await expect(revokeInvitation(4)).rejects.toThrow(
      'Solo se pueden revocar invitaciones pendientes.',
    );
  });

  it.each([
    [
      'login',
      () => login({ email: 'a@b.es', password: 'x' }),
      'POST /auth/login',
      'Error al iniciar sesión. Verifica tus credenciales.',
    ],
    [
      'forgot password',
      () => forgotPassword({ email: 'a@b.es' }),
      'POST /auth/forgot-password',
      'Error al solicitar restablecimiento de contraseña.',
    ],
    [
      'reset password',
      () => resetPassword({ token: 't', password: '12345678' }),
      'POST /auth/reset-password',
      'Error al restablecer la contraseña. El token podría ser inválido o haber expirado.',
    ],
    [
      'invitations list',
      getInvitations,
      'GET /invitations',
      'Error al obtener la lista de invitaciones.',
    ],
    [
      'revoke',
      () => revokeInvitation(12),
      'DELETE /invitations/12',
      'Error al revocar la invitación 12.',
    ],
    [
      'role',
      () => updateUserRole({ id: 3, role: 'scouter' }),
      'PUT /admin/users/3/role',
      'Error al actualizar rol para usuario 3.',
    ],
  ])('falls back to the default message of the call (%s)', async (_, call, route, expected) => {
    quiet();
    stubApi({ [route]: [500, '<html>oops</html>'] });
    await expect(call()).rejects.toThrow(expected);
  });

  it("gives 'Error desconocido ...' messages when there is no HTTP answer", async () => {
    quiet();
    stubApi({
      'POST /auth/forgot-password': 'network-error',
      'POST /auth/reset-password': 'timeout',
      'POST /auth/login': 'network-error',
    });
    await expect(forgotPassword({ email: 'a@b.es' })).rejects.toThrow(
      'Error desconocido al solicitar restablecimiento.',
    );
    await expect(resetPassword({ token: 't', password: '12345678' })).rejects.toThrow(
      'Error desconocido al restablecer la contraseña.',
    );
    await expect(login({ email: 'a@b.es', password: 'x' })).rejects.toThrow(CLIENT_ERRORS.unknown);
  });

  it('keeps the per-field errors of a 400', async () => {
    quiet();
    stubApi({
      'PUT /admin/users/3/role': [
        400,
        {
          message: 'Los datos enviados no son válidos.',
          errors: [{ field: 'role', message: 'Rol seleccionado no válido.' }],
        },
      ],
    });
    await expect(updateUserRole({ id: 3, role: 'scouter' })).rejects.toMatchObject({
      message: 'Los datos enviados no son válidos.',
      status: 400,
      fieldErrors: [{ field: 'role', message: 'Rol seleccionado no válido.' }],
    });
  });
});
