import type { AuditEntry } from '@fogata/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render';
import { signIn } from '../../../test/token';
import { AuditTable } from './audit-table';

const entry = (id: number, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  actor_id: 1,
  actor_name: 'Marta Jefa',
  action: 'photo.deleted',
  target_type: 'photo',
  target_id: id,
  target_label: 'Campamento de verano',
  details: null,
  created_at: '2025-03-07T10:00:00Z',
  ...overrides,
});

function setup(total: number, pages: Record<number, AuditEntry[]>) {
  signIn({ id: 1, role: 'admin', name: 'Marta Jefa' });
  const calls = stubApi({
    'GET /admin/audit': (config) => {
      const page = Number(config.params?.page ?? 1);
      return [200, pages[page] ?? [], { 'x-total-count': String(total) }];
    },
  });
  const rendered = renderApp(<AuditTable />, { route: '/admin/invitations' });
  return { calls, ...rendered };
}

describe('AuditTable', () => {
  it('says who did what and when, in Spanish sentences', async () => {
    setup(4, {
      1: [
        entry(4, {
          action: 'user.role_changed',
          target_type: 'user',
          target_label: 'Rafa',
          details: { email: 'rafa@example.org', from: 'usuario', to: 'scouter' },
        }),
        entry(3, {
          action: 'hide_request.resolved',
          target_type: 'hide_request',
          details: { photo: '9', how: 'keep' },
        }),
        entry(2, {
          action: 'invitation.sent',
          target_type: 'invitation',
          target_label: 'nueva@example.org',
          details: { role: 'admin' },
        }),
        entry(1, { actor_name: 'Nico' }),
      ],
    });
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Marta JefaCambió el rol de Rafa de Usuario a Scouter.'),
      expect.stringContaining(
        'Resolvió una solicitud de retirada del álbum «Campamento de verano»: la mantuvo oculta.',
      ),
      expect.stringContaining('Invitó a nueva@example.org como Admin.'),
      expect.stringContaining('NicoEliminó una foto del álbum «Campamento de verano».'),
    ]);
    expect(screen.getByText('Página 1 de 1 · 4 entradas')).toBeInTheDocument();
    // Read-only: nothing to edit or delete.
    expect(within(table).queryByRole('button')).not.toBeInTheDocument();
  });

  it('pages through the trail with the total from the server', async () => {
    const first = Array.from({ length: 20 }, (_, i) => entry(45 - i));
    const second = Array.from({ length: 20 }, (_, i) => entry(25 - i));
    const third = [entry(5, { actor_name: 'Última' })];
    const { calls, user } = setup(41, { 1: first, 2: second, 3: third });
    expect(await screen.findByText('Página 1 de 3 · 41 entradas')).toBeInTheDocument();
    const previous = screen.getByRole('button', { name: 'Anterior' });
    const next = screen.getByRole('button', { name: 'Siguiente' });
    expect(previous).toBeDisabled();
    await user.click(next);
    expect(await screen.findByText('Página 2 de 3 · 41 entradas')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect((await screen.findAllByText('Última')).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(await screen.findByText('Página 2 de 3 · 41 entradas')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/admin/audit').length).toBeGreaterThanOrEqual(3);
  });

  it('an empty trail says so; a failure offers to try again', async () => {
    setup(0, {});
    expect(await screen.findByText('Todavía no hay actividad registrada.')).toBeInTheDocument();
  });
});
