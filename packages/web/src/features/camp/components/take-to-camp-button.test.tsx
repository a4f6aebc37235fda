import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render';
import { signIn } from '../../../test/token';
import { deleteEverything, readPack } from '../lib/camp-db';
import { campPack } from '../test/pack';
import { TakeToCampButton } from './take-to-camp-button';

// «Llevar al campamento»: only for the activity's staff; it keeps the pack in this browser and
// opens it.

const staff = (mine: boolean) =>
  [
    200,
    { staff: [], ratio: { children: 0, adults: 0, per_adult: 10, needed: 0, short: false }, mine },
  ] as [number, unknown];

afterEach(async () => {
  await deleteEverything();
});

describe('TakeToCampButton', () => {
  it('a staff scouter takes the pack: it is kept here and the pack page opens', async () => {
    signIn({ id: 7, role: 'scouter' });
    stubApi({
      'GET /activities/5/staff': staff(true),
      'GET /activities/5/camp-pack': [200, campPack(5)],
    });
    const { user } = renderApp(<TakeToCampButton activityId={5} />, {
      route: '/actividades/5',
      routes: { '/actividades/:id/campamento': <p>Página del campamento</p> },
    });
    await user.click(await screen.findByRole('button', { name: 'Llevar al campamento' }));
    expect(await screen.findByText('Página del campamento')).toBeVisible();
    expect((await readPack(7, 5))?.pack.children[0]?.health?.allergies).toBe(
      'Alergia 1 a los frutos secos',
    );
  });

  it('a scouter not on the staff sees nothing', async () => {
    signIn({ id: 8, role: 'scouter' });
    const calls = stubApi({ 'GET /activities/5/staff': staff(false) });
    renderApp(<TakeToCampButton activityId={5} />, { route: '/actividades/5' });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Llevar al campamento' })).not.toBeInTheDocument();
  });

  it('a family neither sees it nor asks who the staff are', async () => {
    signIn({ id: 9, role: 'usuario' });
    const calls = stubApi({});
    renderApp(<TakeToCampButton activityId={5} />, { route: '/actividades/5' });
    expect(screen.queryByRole('button', { name: 'Llevar al campamento' })).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('says why when the server refuses the pack, and keeps nothing', async () => {
    signIn({ id: 7, role: 'scouter' });
    stubApi({
      'GET /activities/5/staff': staff(true),
      'GET /activities/5/camp-pack': [404, { message: 'Copia para el campamento no disponible.' }],
    });
    const { user } = renderApp(<TakeToCampButton activityId={5} />, { route: '/actividades/5' });
    await user.click(await screen.findByRole('button', { name: 'Llevar al campamento' }));
    expect(await screen.findByText('Copia para el campamento no disponible.')).toBeVisible();
    expect(await readPack(7, 5)).toBeNull();
  });
});
