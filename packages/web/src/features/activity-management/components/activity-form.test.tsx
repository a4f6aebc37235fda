import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RequestConfig } from '../../../lib/api-client';
import { TROPA } from '../../../test/admin-fixtures';
import { stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render';
import { signIn } from '../../../test/token';
import { EditActivityPage, NewActivityPage } from '../pages/activity-form-page';
import { activity } from '../test-data';

const PEOPLE: [number, unknown] = [200, [{ id: 3, name: 'Laura Scouter' }]];

/** Types into a datetime-local or date input (jsdom drops the half-typed values). */
const setDate = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** Where: the place, the meeting and return points and the transport. */
async function fillWhere(user: ReturnType<typeof renderApp>['user']) {
  await user.type(screen.getByLabelText('Lugar'), 'Local scout');
  await user.type(screen.getByLabelText('Punto de encuentro'), 'El local');
  await user.type(screen.getByLabelText('Punto de regreso'), 'El local');
  await user.type(screen.getByLabelText('Transporte'), 'A pie');
}

describe('the activity form', () => {
  it('a scouter creates a summer acampada for their section and publishes it: Madrid times go as UTC', async () => {
    signIn({ role: 'scouter' });
    const sent: unknown[] = [];
    stubApi({
      'GET /children/sections': [200, [TROPA]],
      'GET /activities/people-in-charge': PEOPLE,
      'POST /activities': (config: RequestConfig) => {
        sent.push(JSON.parse(String(config.data)));
        return [201, activity({ id: 8 })];
      },
    });
    const { user } = renderApp(<NewActivityPage />, {
      route: '/actividades/nueva',
      routes: { '/actividades/:activityId': <p>Página de la actividad</p> },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Nueva actividad' })).toBeVisible();
    // A scouter cannot pick the whole group: only their sections.
    expect(screen.queryByLabelText('Todo el grupo')).toBeNull();
    await user.type(screen.getByLabelText('Título'), 'Acampada de verano');
    await user.selectOptions(screen.getByLabelText('Tipo'), 'Acampada');
    await user.click(await screen.findByLabelText('Tropa'));
    setDate('Empieza', '2027-07-10T09:00');
    setDate('Termina', '2027-07-12T18:00');
    setDate('Fin de la inscripción', '2027-07-01T23:59');
    await user.type(screen.getByLabelText('Lugar'), 'Valsaín');
    await user.type(screen.getByLabelText('Punto de encuentro'), 'Plaza Mayor');
    await user.type(screen.getByLabelText('Punto de regreso'), 'Plaza Mayor');
    await user.type(screen.getByLabelText('Transporte'), 'Autobús');
    await user.type(screen.getByLabelText('Precio (€)'), '35,50');
    await user.type(screen.getByLabelText('Plazas'), '12');
    await user.selectOptions(await screen.findByLabelText('Responsable'), 'Laura Scouter');
    await user.click(screen.getByLabelText('Requiere la firma de ambos tutores'));
    await user.click(screen.getByRole('button', { name: 'Añadir pregunta' }));
    await user.click(screen.getByRole('button', { name: 'Añadir pregunta' }));
    const [first, second] = screen.getAllByTestId('question') as [HTMLElement, HTMLElement];
    await user.type(within(first).getByLabelText('Pregunta'), '¿Alergias?');
    await user.click(within(first).getByLabelText('Obligatoria'));
    await user.type(within(second).getByLabelText('Pregunta'), 'Talla de camiseta');
    await user.selectOptions(
      within(second).getByLabelText('Tipo de respuesta'),
      'Una opción de una lista',
    );
    await user.type(within(second).getByLabelText('Opciones (una por línea)'), 'S{Enter}M{Enter}L');
    // The size goes first; the focus follows it.
    await user.click(screen.getByRole('button', { name: 'Subir la pregunta 2' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Pregunta 1' })).toHaveFocus());
    // A third question, added and removed: the focus goes back to «Añadir pregunta».
    await user.click(screen.getByRole('button', { name: 'Añadir pregunta' }));
    await user.click(screen.getByRole('button', { name: 'Quitar la pregunta 3' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Añadir pregunta' })).toHaveFocus(),
    );
    await user.click(screen.getByRole('button', { name: 'Publicar' }));

    expect(await screen.findByText('Página de la actividad')).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent('/actividades/8');
    expect(sent).toEqual([
      {
        title: 'Acampada de verano',
        kind: 'acampada',
        section_ids: [2],
        starts_at: '2027-07-10T07:00:00.000Z',
        ends_at: '2027-07-12T16:00:00.000Z',
        repeats_weekly_until: null,
        place: 'Valsaín',
        meeting_point: 'Plaza Mayor',
        meeting_at: '2027-07-10T07:00:00.000Z',
        return_point: 'Plaza Mayor',
        return_at: '2027-07-12T16:00:00.000Z',
        transport: 'Autobús',
        price_cents: 3550,
        places: 12,
        signup_deadline: '2027-07-01T21:59:00.000Z',
        in_charge_id: 3,
        description: '',
        both_guardians: true,
        questions: [
          { label: 'Talla de camiseta', kind: 'choice', options: ['S', 'M', 'L'], required: false },
          { label: '¿Alergias?', kind: 'text', options: null, required: true },
        ],
        publish: true,
      },
    ]);
  });

  it('shows its own checks and the server’s errors beside their fields, in Spanish', async () => {
    signIn({ role: 'admin' });
    const calls = stubApi({
      'GET /children/sections': [200, [TROPA]],
      'GET /activities/people-in-charge': PEOPLE,
      'POST /activities': [
        400,
        {
          message: 'Revisa los datos de la actividad.',
          errors: [
            {
              field: 'signup_deadline',
              message: 'La inscripción debe cerrarse antes de que empiece la actividad.',
            },
            { field: 'questions.0.label', message: 'La pregunta es demasiado larga.' },
          ],
        },
      ],
    });
    const { user } = renderApp(<NewActivityPage />, { route: '/actividades/nueva' });
    // An admin's activity starts for the whole group.
    expect(screen.getByLabelText('Todo el grupo')).toBeChecked();
    await user.type(screen.getByLabelText('Precio (€)'), '-5');
    await user.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    expect(await screen.findByText('Revisa los campos marcados.')).toBeVisible();
    expect(screen.getByLabelText('Título')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Precio (€)')).toHaveAccessibleDescription(
      'Vacío si es gratis. Escribe el precio en euros, por ejemplo 12,50.',
    );
    expect(screen.getByLabelText('Empieza')).toHaveAccessibleDescription(
      'Este campo es obligatorio.',
    );
    await waitFor(() => expect(screen.getByLabelText('Título')).toHaveFocus());
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.type(screen.getByLabelText('Título'), 'Reunión');
    expect(screen.getByLabelText('Lugar')).toHaveAccessibleDescription(
      'Este campo es obligatorio.',
    );
    await user.clear(screen.getByLabelText('Precio (€)'));
    await fillWhere(user);
    setDate('Empieza', '2027-01-16T10:00');
    setDate('Termina', '2027-01-16T12:00');
    setDate('Fin de la inscripción', '2027-01-20T12:00');
    await user.click(screen.getByRole('button', { name: 'Añadir pregunta' }));
    await user.type(screen.getByLabelText('Pregunta'), 'Una pregunta');
    await user.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    expect(await screen.findByText('Revisa los datos de la actividad.')).toBeVisible();
    expect(screen.getByLabelText('Fin de la inscripción')).toHaveAccessibleDescription(
      'La inscripción debe cerrarse antes de que empiece la actividad.',
    );
    expect(screen.getByLabelText('Pregunta')).toHaveAccessibleDescription(
      'La pregunta es demasiado larga.',
    );
    const body = JSON.parse(String(calls.find((c) => c.method === 'POST')?.data));
    expect(body).toMatchObject({
      section_ids: [],
      starts_at: '2027-01-16T09:00:00.000Z',
      price_cents: null,
      places: null,
    });
    expect(body).not.toHaveProperty('publish');
  });

  it('a weekly reunión repeats until a date; the switch is only for a reunión', async () => {
    signIn({ role: 'admin' });
    const calls = stubApi({
      'GET /children/sections': [200, [TROPA]],
      'GET /activities/people-in-charge': PEOPLE,
      'POST /activities': [201, activity({ id: 9 })],
    });
    const { user } = renderApp(<NewActivityPage />, { route: '/actividades/nueva' });
    expect(screen.queryByLabelText('Se repite cada semana')).toBeNull();
    await user.selectOptions(screen.getByLabelText('Tipo'), 'Reunión');
    await user.click(screen.getByLabelText('Se repite cada semana'));
    await user.type(screen.getByLabelText('Título'), 'Reunión de los sábados');
    await fillWhere(user);
    setDate('Empieza', '2027-01-16T10:00');
    setDate('Termina', '2027-01-16T13:00');
    setDate('Fin de la inscripción', '2027-01-15T20:00');
    await user.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    expect(await screen.findByLabelText('Hasta el día')).toHaveAccessibleDescription(
      'Este campo es obligatorio.',
    );
    setDate('Hasta el día', '2027-06-19');
    await user.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const body = JSON.parse(String(calls.find((c) => c.method === 'POST')?.data));
    expect(body).toMatchObject({
      kind: 'reunion',
      starts_at: '2027-01-16T09:00:00.000Z',
      ends_at: '2027-01-16T12:00:00.000Z',
      repeats_weekly_until: '2027-06-19',
    });
  });

  it('edits an activity with its Madrid times shown, and sends them back unchanged', async () => {
    signIn({ role: 'scouter' });
    const sent: unknown[] = [];
    stubApi({
      'GET /activities/5': [200, activity()],
      'GET /children/sections': [200, [TROPA]],
      'GET /activities/people-in-charge': PEOPLE,
      'PUT /activities/5': (config: RequestConfig) => {
        sent.push(JSON.parse(String(config.data)));
        return [200, activity({ title: 'Acampada de enero' })];
      },
    });
    const { user } = renderApp(<EditActivityPage />, {
      route: '/actividades/5/editar',
      path: '/actividades/:activityId/editar',
      routes: { '/actividades/:activityId': <p>Página de la actividad</p> },
    });
    const title = await screen.findByLabelText('Título');
    expect(title).toHaveValue('Acampada de invierno');
    expect(screen.getByLabelText('Empieza')).toHaveValue('2027-01-16T09:00');
    expect(screen.getByLabelText('Hora de encuentro')).toHaveValue('2027-01-16T08:30');
    expect(screen.getByLabelText('Fin de la inscripción')).toHaveValue('2027-01-10T23:59');
    expect(screen.getByLabelText('Precio (€)')).toHaveValue('35');
    expect(screen.getByLabelText('Tropa')).toBeChecked();
    // The person in charge, once the list of them has come.
    await waitFor(() => expect(screen.getByLabelText('Responsable')).toHaveValue('3'));
    expect(screen.getByLabelText('Responsable')).toHaveDisplayValue('Laura Scouter');
    expect(screen.getByLabelText('Pregunta')).toHaveValue('¿Alergias?');
    expect(screen.queryByRole('button', { name: 'Publicar' })).toBeNull();
    await user.clear(title);
    await user.type(title, 'Acampada de enero');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Página de la actividad')).toBeVisible();
    expect(sent[0]).toMatchObject({
      title: 'Acampada de enero',
      starts_at: '2027-01-16T08:00:00.000Z',
      meeting_at: '2027-01-16T07:30:00.000Z',
      signup_deadline: '2027-01-10T22:59:00.000Z',
      price_cents: 3500,
      questions: [{ id: 7, label: '¿Alergias?', kind: 'text', options: null, required: true }],
    });
  });
});
