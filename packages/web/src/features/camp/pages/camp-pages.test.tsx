import 'fake-indexeddb/auto';
import { ROUTES } from '@fogata/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render';
import { signIn } from '../../../test/token';
import { deleteEverything, pendingMarks, readPack, savePack } from '../lib/camp-db';
import { campChild, campPack, serverMark } from '../test/pack';
import { CampPackPage } from './camp-pack-page';
import { CampRollPage } from './camp-roll-page';

// The camp pages read the browser's copy first, so they open with no signal; «Pasar lista» keeps
// each tap at once and sends it when it can.

function setOnline(online: boolean, tell = true) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  if (tell) window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

afterEach(async () => {
  setOnline(true, false);
  await deleteEverything();
});

const pack = () =>
  campPack(5, {
    children: [
      campChild(1, { name: 'Nora Ruiz' }),
      campChild(2, { name: 'Hugo Sanz', health: null, authorization: 'missing', payment: null }),
      campChild(3, { name: 'Iris Vega', signup: 'espera' }),
    ],
  });

describe('the camp pack page', () => {
  it('with no signal shows the kept copy: allergies first, whom to call, 112', async () => {
    signIn({ id: 7, role: 'scouter' });
    await savePack(7, pack());
    setOnline(false);
    const calls = stubApi({});
    renderApp(<CampPackPage />, { route: '/actividades/5/campamento', path: ROUTES.campPack.path });
    expect(await screen.findByRole('heading', { name: 'Campamento: Acampada 5' })).toBeVisible();
    expect(screen.getByText('Sin conexión')).toBeVisible();
    const nora = screen.getByRole('region', { name: 'Nora Ruiz' });
    const allergies = within(nora).getByRole('region', { name: 'Alergias e intolerancias' });
    expect(allergies).toHaveTextContent('Alergia 1 a los frutos secos');
    expect(
      within(nora).getByRole('link', { name: 'Llamar a Ana Pérez (+34 600 111 222)' }),
    ).toHaveAttribute('href', 'tel:+34600111222');
    expect(within(nora).getByText('Los scouters pueden dárselo')).toBeVisible();
    expect(within(nora).getByText('Pagado: 25,00 € (Bizum)')).toBeVisible();
    const hugo = screen.getByRole('region', { name: 'Hugo Sanz' });
    expect(hugo).toHaveTextContent('La familia no ha rellenado la ficha sanitaria.');
    expect(hugo).toHaveTextContent('Falta');
    expect(hugo).toHaveTextContent('Sin pagar');
    expect(screen.getByRole('link', { name: 'Llamar al 112' })).toHaveAttribute('href', 'tel:112');
    expect(screen.getByText('Rosa Delegada · proteccion@example.org')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Descargar PDF para el botiquín' })).toBeDisabled();
    expect(screen.getByText('El PDF solo se puede descargar con conexión.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Pasar lista' })).toHaveAttribute(
      'href',
      '/actividades/5/lista',
    );
    // Nothing was asked of the network.
    expect(calls).toEqual([]);
  });

  it('says clearly when there is no copy here and no signal', async () => {
    signIn({ id: 7, role: 'scouter' });
    setOnline(false);
    renderApp(<CampPackPage />, { route: '/actividades/5/campamento', path: ROUTES.campPack.path });
    expect(
      await screen.findByText(
        'Sin conexión y sin copia guardada: cuando vuelvas a tener señal, pulsa «Llevar al campamento» en la actividad.',
      ),
    ).toBeVisible();
  });

  it('does not show another account’s copy', async () => {
    signIn({ id: 8, role: 'scouter' });
    await savePack(7, pack());
    setOnline(false);
    renderApp(<CampPackPage />, { route: '/actividades/5/campamento', path: ROUTES.campPack.path });
    expect(await screen.findByText(/Sin conexión y sin copia guardada/)).toBeVisible();
    expect(screen.queryByText(/Alergia/)).not.toBeInTheDocument();
    // And it was wiped on opening the page.
    expect(await readPack(7, 5)).toBeNull();
  });
});

describe('Pasar lista', () => {
  it('offline: a tap is kept at once, counted, and waits; back online it is sent and the server’s roll shows', async () => {
    signIn({ id: 7, role: 'scouter' });
    await savePack(7, pack());
    setOnline(false);
    let sent: unknown = null;
    stubApi({
      'POST /activities/5/attendance': (config) => {
        sent = JSON.parse(String(config.data));
        return [200, { marks: [serverMark({ child_id: 1, day: '2027-03-13', moment: 'noche' })] }];
      },
    });
    const { user } = renderApp(<CampRollPage />, {
      route: '/actividades/5/lista',
      path: ROUTES.campRoll.path,
    });
    expect(await screen.findByRole('heading', { name: 'Pasar lista: Acampada 5' })).toBeVisible();
    // Only the children who go; the day is the activity's first.
    expect(screen.getAllByRole('checkbox').map((c) => c.getAttribute('id'))).toEqual([
      'roll-1',
      'roll-2',
    ]);
    expect(screen.getByRole('combobox', { name: 'Día' })).toHaveValue('2027-03-13');
    await user.click(screen.getByRole('radio', { name: 'Noche' }));
    expect(screen.getByRole('status')).toHaveTextContent('0 de 2 presentes');
    await user.click(screen.getByRole('checkbox', { name: 'Nora Ruiz' }));
    expect(screen.getByRole('checkbox', { name: 'Nora Ruiz' })).toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('1 de 2 presentes');
    expect(screen.getByText('Sin conexión: se enviará al volver la señal')).toBeVisible();
    expect(screen.getByText('1 marca pendiente de enviar.')).toBeVisible();
    expect((await pendingMarks(7, 5)).map((m) => [m.child_id, m.moment, m.present])).toEqual([
      [1, 'noche', true],
    ]);
    expect(sent).toBeNull();

    setOnline(true);
    await waitFor(() => expect(screen.getByText('Lista enviada.')).toBeVisible());
    expect(sent).toMatchObject({
      marks: [{ child_id: 1, day: '2027-03-13', moment: 'noche', present: true }],
    });
    expect(await pendingMarks(7, 5)).toEqual([]);
    expect(screen.getByText('Marcado por Pablo Scouter')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('1 de 2 presentes');
  });

  it('a send that fails keeps the mark queued and says so', async () => {
    signIn({ id: 7, role: 'scouter' });
    await savePack(7, pack());
    stubApi({
      'GET /activities/5/attendance': [200, { marks: [] }],
      'POST /activities/5/attendance': [500, { message: 'Error interno del servidor.' }],
    });
    const { user } = renderApp(<CampRollPage />, {
      route: '/actividades/5/lista',
      path: ROUTES.campRoll.path,
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Hugo Sanz' }));
    expect(
      await screen.findByText('Error interno del servidor. 1 marca pendiente de enviar.'),
    ).toBeVisible();
    expect(await pendingMarks(7, 5)).toHaveLength(1);
  });
});
