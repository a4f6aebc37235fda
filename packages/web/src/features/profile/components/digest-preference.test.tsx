import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render';
import { signIn } from '../../../test/token';
import { DigestPreference } from './digest-preference';

const me = {
  id: 5,
  name: 'Lucía',
  email: 'lucia@example.org',
  role: 'usuario',
  avatar_url: null,
  created_at: '2025-01-10T09:00:00Z',
  digest: 'weekly',
};

function setup(routes: Parameters<typeof stubApi>[0] = {}) {
  signIn({ id: 5, name: 'Lucía', role: 'usuario', email: 'lucia@example.org' });
  const calls = stubApi(routes);
  return { calls, ...renderApp(<DigestPreference digest="weekly" />, { route: '/profile/edit' }) };
}

describe('DigestPreference', () => {
  it("offers 'Cada día', 'Cada semana' and 'Nunca', with the member's choice checked", () => {
    setup();
    expect(screen.getByRole('heading', { name: 'Resumen de novedades por correo' })).toBeVisible();
    const group = screen.getByRole('group', { name: '¿Cada cuánto quieres recibirlo?' });
    expect(group).toBeInTheDocument();
    expect(screen.getByLabelText('Cada día')).not.toBeChecked();
    expect(screen.getByLabelText('Cada semana')).toBeChecked();
    expect(screen.getByLabelText('Nunca')).not.toBeChecked();
  });

  it('sends only the digest choice and says it was saved', async () => {
    const { user, calls } = setup({
      'PUT /profile/me': [
        200,
        { message: 'Perfil actualizado correctamente.', user: { ...me, digest: 'never' } },
      ],
    });
    await user.click(screen.getByLabelText('Nunca'));
    await user.click(screen.getByRole('button', { name: 'Guardar preferencia' }));
    expect(await screen.findByText('Perfil actualizado correctamente.')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(JSON.parse(put.data as string)).toEqual({ digest: 'never' });
    expect(screen.getByLabelText('Nunca')).toBeChecked();
  });

  it("says 'No hay cambios para guardar.' and sends nothing when the choice is the same", async () => {
    const { user, calls } = setup();
    await user.click(screen.getByRole('button', { name: 'Guardar preferencia' }));
    expect(await screen.findByText('No hay cambios para guardar.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
