import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useAuth } from '../../../lib/auth';
import { stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render';
import { signIn } from '../../../test/token';
import { ProfileEditPage } from './profile-edit-page';

const me = {
  id: 5,
  name: 'Lucía',
  email: 'lucia@example.org',
  role: 'scouter',
  avatar_url: null,
  created_at: '2025-01-10T09:00:00Z',
  digest: 'daily',
};

function SessionName() {
  const { user } = useAuth();
  return <p data-testid="session">{`${user?.name}|${user?.avatar_url ?? ''}`}</p>;
}

function setup(routes: Parameters<typeof stubApi>[0] = {}) {
  signIn({ id: 5, name: 'Lucía', role: 'scouter', email: 'lucia@example.org' });
  const calls = stubApi({ 'GET /profile/me': [200, me], ...routes });
  const rendered = renderApp(
    <>
      <ProfileEditPage />
      <SessionName />
    </>,
    { route: '/profile/edit' },
  );
  return { calls, ...rendered };
}

describe('ProfileEditPage', () => {
  it('shows the e-mail read-only with its note, the name and the role', async () => {
    setup();
    expect(await screen.findByText('lucia@example.org')).toBeInTheDocument();
    expect(screen.getByText('El email no se puede cambiar.')).toBeInTheDocument();
    expect(screen.getByLabelText('Nombre')).toHaveValue('Lucía');
    expect(screen.getByText('Scouter')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cambiar foto de perfil' })).toBeInTheDocument();
  });

  it('shows how often the digest comes, in its own section', async () => {
    setup();
    expect(
      await screen.findByRole('heading', { name: 'Resumen de novedades por correo' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Cada día')).toBeChecked();
    expect(screen.getByLabelText('Nunca')).not.toBeChecked();
  });

  it("says 'No hay cambios para guardar.' and sends nothing", async () => {
    const { user, calls } = setup();
    await user.click(await screen.findByRole('button', { name: 'Guardar Cambios' }));
    expect(await screen.findByText('No hay cambios para guardar.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('refuses an emptied name', async () => {
    const { user } = setup();
    const name = await screen.findByLabelText('Nombre');
    await user.clear(name);
    await user.type(name, '   ');
    await user.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    expect(
      await screen.findByText('El nombre no puede estar vacío si se modifica.'),
    ).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends only what changed and refreshes the session user', async () => {
    const { user, calls } = setup({
      'PUT /profile/me': [
        200,
        {
          message: 'Perfil actualizado correctamente.',
          user: { ...me, name: 'Lucía Nueva', avatar_url: '/media/avatars/5.webp' },
        },
      ],
    });
    const name = await screen.findByLabelText('Nombre');
    await user.clear(name);
    await user.type(name, ' Lucía Nueva ');
    const file = new File(['x'], 'yo.png', { type: 'image/png' });
    const createUrl = vi.fn(() => 'blob:preview');
    URL.createObjectURL = createUrl;
    URL.revokeObjectURL = vi.fn();
    await user.upload(screen.getByLabelText('Foto de perfil'), file);
    await user.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    expect(await screen.findByText('Perfil actualizado correctamente.')).toBeInTheDocument();
    const body = calls.find((c) => c.method === 'PUT')!.data as FormData;
    expect(body.get('name')).toBe('Lucía Nueva');
    expect((body.get('avatar') as File).name).toBe('yo.png');
    expect(screen.getByTestId('session')).toHaveTextContent('Lucía Nueva|/media/avatars/5.webp');
  });

  it('sends the avatar alone when the name is unchanged', async () => {
    const { user, calls } = setup({
      'PUT /profile/me': [200, { message: 'Perfil actualizado correctamente.', user: me }],
    });
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    await screen.findByLabelText('Nombre');
    await user.upload(
      screen.getByLabelText('Foto de perfil'),
      new File(['x'], 'a.png', { type: 'image/png' }),
    );
    await user.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    await screen.findByText('Perfil actualizado correctamente.');
    const body = calls.find((c) => c.method === 'PUT')!.data as FormData;
    expect(body.has('name')).toBe(false);
    expect(body.has('avatar')).toBe(true);
  });

  it("shows 'Error al cargar tu perfil.' when loading fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    setup({ 'GET /profile/me': [500] });
    expect(await screen.findByText('Error al cargar tu perfil.')).toBeInTheDocument();
  });

  it("shows 'No se pudieron cargar los datos del perfil.' on empty data", async () => {
    setup({ 'GET /profile/me': [200, null] });
    expect(
      await screen.findByText('No se pudieron cargar los datos del perfil.'),
    ).toBeInTheDocument();
  });

  it("asks to sign in without a session: 'Debes iniciar sesión para ver tu perfil.'", async () => {
    renderApp(<ProfileEditPage />, { route: '/profile/edit' });
    expect(await screen.findByText('Debes iniciar sesión para ver tu perfil.')).toBeInTheDocument();
  });
});
