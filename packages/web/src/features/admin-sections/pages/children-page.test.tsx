import type { Child } from '@fogata/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RequestConfig } from '../../../lib/api-client';
import { stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render';
import { signIn } from '../../../test/token';
import { ChildrenPage } from './children-page';

const tropa = { id: 2, name: 'Tropa', colour: '#15803d' };
const child = (id: number, full_name: string): Child => ({
  id,
  full_name,
  birth_date: '2013-03-01',
  section: tropa,
  active: true,
  guardians: [{ id: 7, name: 'Laura Madre', email: 'laura.madre.de.familia@example.org' }],
  created_at: '2026-01-01T10:00:00Z',
  updated_at: '2026-01-01T10:00:00Z',
});

function setup(role: 'admin' | 'scouter', total = 2) {
  signIn({ role });
  const asked: Record<string, unknown>[] = [];
  const calls = stubApi({
    'GET /children/sections': [
      200,
      [{ ...tropa, min_age: 11, max_age: 14, position: 2, retired: false }],
    ],
    'GET /children': (config: RequestConfig) => {
      asked.push(config.params);
      return [
        200,
        [child(1, 'Mateo Ruiz Salgado'), child(2, 'Nora Pérez')],
        { 'X-Total-Count': String(total) },
      ];
    },
  });
  return { asked, calls, ...renderApp(<ChildrenPage />, { route: '/admin/educandos' }) };
}

describe('ChildrenPage', () => {
  it('lists the page with section, guardians and the invite link for an admin', async () => {
    setup('admin', 45);
    const row = (await screen.findByRole('cell', { name: 'Mateo Ruiz Salgado' })).closest('tr')!;
    expect(within(row).getByText('Tropa')).toBeVisible();
    expect(within(row).getByText(/Laura Madre/)).toBeVisible();
    expect(
      within(row).getByRole('link', { name: 'Invitar a la familia de Mateo Ruiz Salgado' }),
    ).toHaveAttribute('href', '/admin/invitations?educando=1');
    expect(screen.getByText('Página 1 de 3 · 45 educandos')).toBeVisible();
  });

  it('asks the server with the search, the section, the status and the page', async () => {
    const { asked, user } = setup('admin', 45);
    await screen.findByRole('cell', { name: 'Mateo Ruiz Salgado' });
    expect(asked[0]).toMatchObject({ status: 'active', page: 1, limit: 20 });
    await user.type(screen.getByLabelText('Buscar por nombre'), 'núñez');
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ q: 'núñez', page: 1 }));
    await user.selectOptions(screen.getByLabelText('Sección'), 'Tropa');
    await user.selectOptions(screen.getByLabelText('Estado'), 'Todos');
    await waitFor(() =>
      expect(asked.at(-1)).toMatchObject({ q: 'núñez', section: 2, status: 'all', page: 1 }),
    );
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ page: 2 }));
  });

  it('a scouter manages their children without the invite link; their nav: children and consent', async () => {
    setup('scouter');
    await screen.findByRole('cell', { name: 'Nora Pérez' });
    expect(screen.queryByRole('link', { name: /Invitar a la familia/ })).toBeNull();
    // The consent register of their sections is their second screen.
    const nav = screen.getByRole('navigation', { name: /panel de administración/ });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Educandos', 'Consentimiento']);
    expect(
      screen.getByRole('button', { name: 'Consentimiento de imagen de Nora Pérez' }),
    ).toBeVisible();
    expect(screen.getByText('Los educandos de tus secciones, con sus familiares.')).toBeVisible();
  });

  it('refuses a member', () => {
    signIn({ role: 'usuario' });
    stubApi({});
    renderApp(<ChildrenPage />, { route: '/admin/educandos' });
    expect(screen.getByText('No tienes permiso para realizar esta acción.')).toBeVisible();
  });
});
