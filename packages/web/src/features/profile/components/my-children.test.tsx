import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render';
import { signIn } from '../../../test/token';
import { MyChildren } from './my-children';

function setup(children: unknown[]) {
  signIn({ id: 5, name: 'Lucía', role: 'usuario' });
  const calls = stubApi({ 'GET /profile/children': [200, children] });
  return { calls, ...renderApp(<MyChildren />, { route: '/profile/edit' }) };
}

describe('MyChildren', () => {
  it('lists each child with their section badge', async () => {
    setup([
      {
        id: 1,
        full_name: 'Irene Gómez Ruiz',
        section: { id: 1, name: 'Manada', colour: '#b45309' },
      },
      {
        id: 2,
        full_name: 'Pablo Gómez Ruiz',
        section: { id: 2, name: 'Tropa', colour: '#15803d' },
      },
    ]);
    const card = screen.getByTestId('my-children');
    expect(within(card).getByRole('heading', { name: 'Mis educandos' })).toBeVisible();
    const items = await within(card).findAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Irene Gómez RuizManada',
      'Pablo Gómez RuizTropa',
    ]);
    expect(within(card).getByText('Tropa')).toHaveStyle({ backgroundColor: '#15803d' });
  });

  it('says so in one line when the account has none', async () => {
    setup([]);
    expect(await screen.findByText(/^No tienes educandos vinculados a tu cuenta\./)).toBeVisible();
  });
});
