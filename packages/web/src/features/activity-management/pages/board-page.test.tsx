import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RequestConfig } from '../../../lib/api-client';
import { stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render';
import { signIn } from '../../../test/token';
import { activity, board } from '../test-data';
import type { Board } from '../types';
import { BoardPage } from './board-page';

const render = () =>
  renderApp(<BoardPage />, {
    route: '/actividades/5/tablero',
    path: '/actividades/:activityId/tablero',
  });

/** The names on the board, in order. */
const names = () =>
  screen
    .getAllByTestId('board-row')
    .map((row) => within(row).getAllByRole('cell')[0]?.firstChild?.firstChild?.textContent);

describe('the board', () => {
  it('shows the counts, every child’s sign-up, autorización, payment and answers', async () => {
    signIn({ role: 'scouter' });
    stubApi({ 'GET /activities/5': [200, activity()], 'GET /activities/5/board': [200, board()] });
    render();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tablero: Acampada de invierno' }),
    ).toBeVisible();
    const counts = within(screen.getByRole('list', { name: 'Recuento' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(counts).toEqual([
      '1Pendientes',
      '2Van',
      '1No van',
      '1En lista de espera',
      '2Autorizados',
      '3Sin autorizar',
      '1Pagados',
    ]);
    expect(screen.getByText(/2 de 12 plazas cogidas/)).toBeVisible();
    const rows = screen.getAllByTestId('board-row');
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      [
        'Álvaro GómezTropa',
        'Va',
        expect.stringMatching(
          /^OnlineMarta Gómez, 5 ene 2027, \d+:00Pedro Gómez, 5 ene 2027, \d+:00$/,
        ),
        '35,00 € (Bizum)Deshacer pago',
        '¿Alergias?: Frutos secos',
      ],
      [
        'Bea RuizTropa',
        'Va',
        expect.stringMatching(
          /^Parcial \(1 de 2\)Ana Ruiz, 6 ene 2027, \d+:00Autorización en papel$/,
        ),
        'Sin pagarMarcar pago',
        '¿Alergias?: Ninguna',
      ],
      [
        'Carlos DíazTropa',
        'En lista de espera (n.º 1)',
        expect.stringMatching(/^En papelRegistrada en papel, 7 ene 2027, \d+:00$/),
        'Sin pagarMarcar pago',
        '¿Alergias?: —',
      ],
      [
        'Diana LópezTropa',
        'No va',
        'FaltaAutorización en papel',
        'Sin pagarMarcar pago',
        '¿Alergias?: —',
      ],
      [
        'Eva MartínTropa',
        'Pendiente',
        'FaltaAutorización en papel',
        'Sin pagarMarcar pago',
        '¿Alergias?: —',
      ],
    ]);
  });

  it('marks a missing autorización red only for a child who goes or waits', async () => {
    signIn({ role: 'scouter' });
    const current = board();
    current.rows = current.rows.map((row) =>
      row.child_name === 'Eva Martín' ? { ...row, signup: 'va' } : row,
    );
    stubApi({ 'GET /activities/5/board': [200, current] });
    render();
    const missing = (name: string) =>
      within(
        screen.getAllByTestId('board-row').find((row) => row.textContent?.includes(name))!,
      ).getByText('Falta');
    await screen.findAllByTestId('board-row');
    expect(missing('Eva Martín')).toHaveClass('bg-danger');
    expect(missing('Diana López')).toHaveClass('bg-secondary');
  });

  it('filters by sign-up, autorización and payment, and finds a name without its accents', async () => {
    signIn({ role: 'scouter' });
    stubApi({ 'GET /activities/5': [200, activity()], 'GET /activities/5/board': [200, board()] });
    const { user } = render();
    await screen.findByTestId('activity-board');
    expect(screen.getByText('5 educandos')).toBeVisible();
    await user.selectOptions(screen.getByLabelText('Inscripción'), 'Va');
    expect(names()).toEqual(['Álvaro Gómez', 'Bea Ruiz']);
    expect(screen.getByText('2 de 5 educandos')).toBeVisible();
    await user.selectOptions(screen.getByLabelText('Autorización'), 'Sin autorizar');
    expect(names()).toEqual(['Bea Ruiz']);
    await user.selectOptions(screen.getByLabelText('Inscripción'), 'Todas');
    expect(names()).toEqual(['Bea Ruiz', 'Diana López', 'Eva Martín']);
    await user.selectOptions(screen.getByLabelText('Autorización'), 'En papel');
    expect(names()).toEqual(['Carlos Díaz']);
    await user.selectOptions(screen.getByLabelText('Autorización'), 'Todas');
    await user.selectOptions(screen.getByLabelText('Pago'), 'Pagados');
    expect(names()).toEqual(['Álvaro Gómez']);
    await user.selectOptions(screen.getByLabelText('Pago'), 'Sin pagar');
    await user.type(screen.getByLabelText('Buscar por nombre'), 'alvaro');
    expect(screen.queryByTestId('activity-board')).toBeNull();
    expect(screen.getByText('Ningún educando coincide con los filtros.')).toBeVisible();
    await user.selectOptions(screen.getByLabelText('Pago'), 'Todos');
    expect(names()).toEqual(['Álvaro Gómez']);
  });

  it('reminds the pending families and says how many the server told', async () => {
    signIn({ role: 'scouter' });
    let families = 3;
    const calls = stubApi({
      'GET /activities/5': [200, activity()],
      'GET /activities/5/board': [200, board()],
      'POST /activities/5/reminders': () => [200, { families }],
    });
    const { user } = render();
    const remind = await screen.findByRole('button', {
      name: 'Recordar a las familias pendientes',
    });
    await user.click(remind);
    expect(await screen.findByText('Se ha avisado a 3 familias.')).toBeVisible();
    families = 1;
    await user.click(remind);
    expect(await screen.findByText('Se ha avisado a 1 familia.')).toBeVisible();
    families = 0;
    await user.click(remind);
    expect(await screen.findByText('No había familias pendientes a las que avisar.')).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(3);
  });

  it('marks a payment (the price offered first) and undoes one; the board reloads', async () => {
    signIn({ role: 'scouter' });
    let current: Board = board();
    const sent: unknown[] = [];
    stubApi({
      'GET /activities/5': [200, activity()],
      'GET /activities/5/board': () => [200, current],
      'PUT /activities/5/children/12/payment': (config: RequestConfig) => {
        const body = JSON.parse(String(config.data));
        sent.push(body);
        current = board();
        current.rows[1]!.payment = { ...body, recorded_at: '2027-01-08T10:00:00Z' };
        return [200, current.rows[1]!.payment];
      },
      'DELETE /activities/5/children/11/payment': () => {
        current = board();
        current.rows[0]!.payment = null;
        return [204, ''];
      },
    });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Marcar el pago de Bea Ruiz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pago de Bea Ruiz' });
    const amount = within(dialog).getByLabelText('Importe (€)');
    expect(amount).toHaveValue('35');
    await user.clear(amount);
    await user.type(amount, '30,5');
    await user.click(within(dialog).getByLabelText('Transferencia'));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar pago' }));
    expect(await screen.findByText('Pago de Bea Ruiz guardado.')).toBeVisible();
    expect(sent).toEqual([{ amount_cents: 3050, method: 'transferencia' }]);
    await waitFor(() => expect(screen.getByText('30,50 € (Transferencia)')).toBeVisible());

    await user.click(screen.getByRole('button', { name: 'Deshacer el pago de Álvaro Gómez' }));
    expect(await screen.findByText('Pago de Álvaro Gómez deshecho.')).toBeVisible();
    await waitFor(() => expect(screen.queryByText('35,00 € (Bizum)')).toBeNull());
  });

  it('records a paper autorización with its scan and note', async () => {
    signIn({ role: 'scouter' });
    const sent: FormData[] = [];
    stubApi({
      'GET /activities/5': [200, activity()],
      'GET /activities/5/board': [200, board()],
      'POST /activities/5/children/15/paper-authorization': (config: RequestConfig) => {
        sent.push(config.data as FormData);
        return [201, { id: 99 }];
      },
    });
    const { user } = render();
    await user.click(
      await screen.findByRole('button', {
        name: 'Registrar la autorización en papel de Eva Martín',
      }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Autorización en papel de Eva Martín',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Guardar autorización' }));
    expect(within(dialog).getByText('Elige la foto o el escaneo de la hoja.')).toBeVisible();
    const scan = new File(['jpeg'], 'hoja.jpg', { type: 'image/jpeg' });
    await user.upload(within(dialog).getByLabelText('Foto o escaneo de la hoja firmada'), scan);
    await user.type(within(dialog).getByLabelText('Nota (opcional)'), 'La trajo su padre');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar autorización' }));
    expect(await screen.findByText('Autorización en papel de Eva Martín guardada.')).toBeVisible();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.get('note')).toBe('La trajo su padre');
    expect((sent[0]!.get('file') as File).name).toBe('hoja.jpg');
  });

  it('says so when the audience has no children, and shows the server’s refusal', async () => {
    signIn({ role: 'scouter' });
    const empty = board();
    empty.rows = [];
    stubApi({ 'GET /activities/5': [200, activity()], 'GET /activities/5/board': [200, empty] });
    const first = render();
    expect(
      await screen.findByText('Ningún educando de las secciones de esta actividad.'),
    ).toBeVisible();
    first.unmount();
    stubApi({
      'GET /activities/5': [200, activity()],
      'GET /activities/5/board': [404, { message: 'Actividad no encontrada.' }],
    });
    render();
    expect(await screen.findByText('Actividad no encontrada.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeVisible();
  });
});
