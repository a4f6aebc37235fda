import { createHash } from 'node:crypto';
import { fillAuthorizationText } from '@fogata/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { never, stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render';
import { signIn } from '../../../test/token';
import type { Activity } from '../api/types';
import { activityData, childData } from '../test/data';
import { ActivityPage } from './activity-page';

const URL = '/activities/5';
const SIGNUP = (child: number) => `/activities/5/children/${child}/signup`;
const AUTH = (child: number) => `/activities/5/children/${child}/authorization`;

function setup(
  activity: Activity,
  routes: Parameters<typeof stubApi>[0] = {},
  ui = <ActivityPage />,
) {
  signIn({ role: 'usuario' });
  const calls = stubApi({ [`GET ${URL}`]: [200, activity], ...routes });
  return {
    calls,
    ...renderApp(ui, { route: '/actividades/5', path: '/actividades/:activityId' }),
  };
}

const panel = async (name: string) => screen.findByRole('region', { name });
/** The body of the last PUT or POST to `url`. */
const sent = (calls: { method: string; url: string; data: unknown }[], url: string) =>
  JSON.parse(calls.findLast((c) => c.url === url && c.method !== 'GET')?.data as string);

const TEMPLATE =
  'Yo, {tutor}, con DNI/NIE {dni}, autorizo a {educando} a participar en «{actividad}» ({fechas}).\n\n{clausula_medica}';
const toSign = (overrides: object = {}) => ({
  template: TEMPLATE,
  values: {
    educando: 'Lucía Pérez',
    actividad: 'Acampada de primavera',
    fechas: 'del 13 al 14 de marzo de 2027',
    clausula_medica: 'Autorizo a que se tomen decisiones.',
  },
  text_version: 2,
  full_name: 'Ana Pérez',
  dni: null,
  confirm_with: 'password',
  ...overrides,
});

const signatureResult = {
  id: 90,
  method: 'online',
  signer_name: 'Ana Pérez Gil',
  signed_at: '2027-03-01T17:04:00.000Z',
  mine: true,
  message: 'Autorización firmada. Te enviamos una copia en PDF por correo.',
};

describe('ActivityPage', () => {
  it('says it is loading', () => {
    signIn({ role: 'usuario' });
    stubApi({ [`GET ${URL}`]: never });
    renderApp(<ActivityPage />, { route: '/actividades/5', path: '/actividades/:activityId' });
    expect(screen.getByText('Cargando la actividad...')).toBeInTheDocument();
  });

  it('says an activity one may not see does not exist', async () => {
    setup(activityData(5), { [`GET ${URL}`]: [404, { message: 'Actividad no encontrada.' }] });
    expect(
      await screen.findByText('Esta actividad no existe o no puedes verla.'),
    ).toBeInTheDocument();
  });

  it('shows everything a family needs, in Madrid time and Spanish', async () => {
    setup(activityData(5, { title: 'Acampada de primavera' }));
    expect(
      await screen.findByRole('heading', { name: 'Acampada de primavera' }),
    ).toBeInTheDocument();
    const fact = (label: string) =>
      screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(fact('Cuándo')).toBe(
      'del sábado 13 de marzo, 10:00, al domingo 14 de marzo de 2027, 17:00',
    );
    expect(fact('Lugar')).toBe('Albergue de Canencia');
    expect(fact('Encuentro')).toBe('Plaza de Castilla · 9:30');
    expect(fact('Regreso')).toBe('Plaza de Castilla · 18:00');
    expect(fact('Transporte')).toBe('Autobús');
    expect(fact('Precio')).toBe('25,00\u00a0€');
    expect(fact('Plazas')).toBe('Quedan 8 de 12');
    expect(fact('Inscripción hasta')).toBe('miércoles 10 de marzo de 2027, 23:59');
    expect(fact('Scouter responsable')).toBe('Laura Scouter');
    expect(screen.getByText(/Dos días en la sierra\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Añadir al calendario' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a Actividades' })).toHaveAttribute(
      'href',
      '/actividades',
    );
  });

  it("draws the managers' toolbar only for an activity the viewer manages", async () => {
    const toolbar = (a: Activity) => <button type="button">{`Editar ${a.title}`}</button>;
    setup(activityData(5, { can_manage: true }), {}, <ActivityPage toolbar={toolbar} />);
    expect(await screen.findByRole('button', { name: 'Editar Actividad 5' })).toBeInTheDocument();
  });

  it('leaves the toolbar out for a family', async () => {
    const toolbar = (a: Activity) => <button type="button">{`Editar ${a.title}`}</button>;
    setup(activityData(5), {}, <ActivityPage toolbar={toolbar} />);
    await screen.findByRole('heading', { name: 'Actividad 5' });
    expect(screen.queryByRole('button', { name: /^Editar/ })).not.toBeInTheDocument();
  });

  it('saves «Va» with the answers, asking for the required ones first', async () => {
    const { user, calls } = setup(
      activityData(5, { children: [childData(21, { child_name: 'Lucía' })] }),
      {
        [`PUT ${SIGNUP(21)}`]: [200, childData(21, { child_name: 'Lucía', signup: 'va' })],
      },
    );
    const lucia = await panel('Lucía');
    expect(within(lucia).getByText('Pendiente')).toBeInTheDocument();
    await user.click(within(lucia).getByRole('button', { name: 'Guardar respuesta' }));
    expect(within(lucia).getByText('Elige «Va» o «No va».')).toBeInTheDocument();
    await waitFor(() => expect(within(lucia).getByRole('radio', { name: 'Va' })).toHaveFocus());

    await user.click(within(lucia).getByRole('radio', { name: 'Va' }));
    await user.type(within(lucia).getByLabelText('¿Alergias o dieta?'), '  Celíaca  ');
    await user.click(within(lucia).getByRole('button', { name: 'Guardar respuesta' }));
    expect(within(lucia).getByText('Esta pregunta es obligatoria.')).toBeInTheDocument();
    // The first field in error takes the focus: the required yes/no.
    await waitFor(() => expect(within(lucia).getByRole('radio', { name: 'Sí' })).toHaveFocus());
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.click(within(lucia).getByRole('radio', { name: 'Sí' }));
    await user.click(within(lucia).getByRole('button', { name: 'Guardar respuesta' }));
    expect(await within(lucia).findByText('Respuesta de Lucía guardada.')).toBeInTheDocument();
    expect(sent(calls, SIGNUP(21))).toEqual({ going: true, answers: { 11: 'Celíaca', 12: true } });
  });

  it('tells a family whose child goes to the waiting list, and never shows that child «Va»', async () => {
    const { user, calls } = setup(
      activityData(5, { taken: 12, children: [childData(21, { child_name: 'Lucía' })] }),
      {
        [`PUT ${SIGNUP(21)}`]: [
          200,
          childData(21, { child_name: 'Lucía', signup: 'espera', waiting_position: 3 }),
        ],
      },
    );
    const lucia = await panel('Lucía');
    await user.click(within(lucia).getByRole('radio', { name: 'Va' }));
    expect(
      within(lucia).getByText('No quedan plazas: si eliges «Va», entrará en la lista de espera.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Plazas', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      /^Completas \(12 plazas\)$/,
    );
    await user.click(within(lucia).getByRole('radio', { name: 'No' }));
    await user.click(within(lucia).getByRole('button', { name: 'Guardar respuesta' }));
    expect(
      await within(lucia).findByText(
        'Respuesta de Lucía guardada: queda en la lista de espera (n.º 3). Te avisaremos por correo si se libera una plaza.',
      ),
    ).toBeInTheDocument();
    expect(sent(calls, SIGNUP(21))).toEqual({ going: true, answers: { 12: false } });
  });

  it('shows a waiting child its place in line, and «No va» sends no answers', async () => {
    const { user, calls } = setup(
      activityData(5, {
        children: [
          childData(21, {
            child_name: 'Lucía',
            signup: 'espera',
            waiting_position: 2,
            answers: { 12: true },
          }),
        ],
      }),
      { [`PUT ${SIGNUP(21)}`]: [200, childData(21, { child_name: 'Lucía', signup: 'no_va' })] },
    );
    const lucia = await panel('Lucía');
    expect(within(lucia).getByText('En lista de espera (n.º 2)')).toBeInTheDocument();
    expect(within(lucia).queryByText('Va')).not.toBeInTheDocument();
    expect(within(lucia).getByRole('radio', { name: 'Sigue en la lista de espera' })).toBeChecked();
    await user.click(within(lucia).getByRole('radio', { name: 'No va' }));
    expect(within(lucia).queryByLabelText('¿Alergias o dieta?')).not.toBeInTheDocument();
    await user.click(within(lucia).getByRole('button', { name: 'Guardar respuesta' }));
    expect(await within(lucia).findByText('Respuesta de Lucía guardada.')).toBeInTheDocument();
    expect(sent(calls, SIGNUP(21))).toEqual({ going: false, answers: {} });
  });

  it('after the deadline shows the answers read-only, with a note', async () => {
    setup(
      activityData(5, {
        status: 'cerrada',
        signups_open: false,
        signup_deadline: '2020-03-10T22:59:00.000Z',
        children: [
          childData(21, { child_name: 'Lucía', signup: 'va', answers: { 11: 'Nada', 12: false } }),
        ],
      }),
    );
    const lucia = await panel('Lucía');
    expect(within(lucia).queryByRole('radio')).not.toBeInTheDocument();
    expect(
      within(lucia).queryByRole('button', { name: 'Guardar respuesta' }),
    ).not.toBeInTheDocument();
    expect(within(lucia).getByText('Nada')).toBeInTheDocument();
    expect(within(lucia).getByText('No')).toBeInTheDocument();
    expect(
      within(lucia).getByText(
        'La inscripción terminó el martes 10 de marzo de 2020, 23:59. Para cambiar la respuesta, habla con el scouter responsable.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Inscripción cerrada')).toBeInTheDocument();
  });

  it('signs with the SHA-256 of the very text shown, filled with the typed name and DNI', async () => {
    const lucia = childData(21, { child_name: 'Lucía', signup: 'va' });
    const { user, calls } = setup(
      activityData(5, {
        starts_at: '2099-03-13T09:00:00.000Z',
        ends_at: '2099-03-14T16:00:00.000Z',
        children: [lucia],
      }),
      {
        [`GET ${AUTH(21)}`]: [200, toSign()],
        [`POST ${AUTH(21)}`]: [201, signatureResult],
      },
    );
    const section = await panel('Lucía');
    expect(within(section).getByText('Sin firmar')).toBeInTheDocument();
    await user.click(
      within(section).getByRole('button', { name: 'Leer y firmar la autorización' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Autorización de Lucía' });
    const text = await within(dialog).findByTestId('authorization-text');
    expect(text).toHaveTextContent(
      /Yo, Ana Pérez, con DNI\/NIE ____________, autoriza?o? a Lucía Pérez/,
    );
    expect(within(dialog).getByText('Versión 2 del texto')).toBeInTheDocument();

    const name = within(dialog).getByLabelText('Tu nombre y apellidos');
    await user.clear(name);
    await user.type(name, '  Ana   Pérez Gil ');
    await user.type(within(dialog).getByLabelText('DNI o NIE'), '12345678A');
    await user.type(within(dialog).getByLabelText('Tu contraseña'), 'secreta123');
    await user.click(within(dialog).getByRole('button', { name: 'Firmar' }));
    expect(
      within(dialog).getByText('El DNI/NIE no es válido: revisa la letra.'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    const dni = within(dialog).getByLabelText('DNI o NIE');
    await user.clear(dni);
    await user.type(dni, '12345678z');
    const shown = text.textContent ?? '';
    expect(shown).toBe(
      fillAuthorizationText(TEMPLATE, {
        ...toSign().values,
        tutor: 'Ana Pérez Gil',
        dni: '12345678Z',
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Firmar' }));
    expect(
      await screen.findByText('Autorización firmada. Te enviamos una copia en PDF por correo.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent(calls, AUTH(21))).toEqual({
      full_name: 'Ana Pérez Gil',
      dni: '12345678Z',
      password: 'secreta123',
      text_sha256: createHash('sha256').update(shown, 'utf8').digest('hex'),
    });
  });

  it('asks no password after a recent Google sign-in, and shows the DNI the profile keeps', async () => {
    const lucia = childData(21, { child_name: 'Lucía', signup: 'va' });
    const { user, calls } = setup(
      activityData(5, { starts_at: '2099-03-13T09:00:00.000Z', children: [lucia] }),
      {
        [`GET ${AUTH(21)}`]: [200, toSign({ dni: 'X1234567L', confirm_with: 'google' })],
        [`POST ${AUTH(21)}`]: [201, signatureResult],
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Leer y firmar la autorización' }));
    const dialog = await screen.findByRole('dialog', { name: 'Autorización de Lucía' });
    expect(await within(dialog).findByLabelText('DNI o NIE')).toHaveValue('X1234567L');
    expect(within(dialog).queryByLabelText('Tu contraseña')).not.toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'Has entrado con Google hace poco: tu inicio de sesión confirma la firma.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Firmar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(sent(calls, AUTH(21))).not.toHaveProperty('password');
    expect(sent(calls, AUTH(21)).dni).toBe('X1234567L');
  });

  it('moves the focus into the dialog and back to its button when it closes', async () => {
    const lucia = childData(21, { child_name: 'Lucía', signup: 'va' });
    const { user } = setup(
      activityData(5, { starts_at: '2099-03-13T09:00:00.000Z', children: [lucia] }),
      { [`GET ${AUTH(21)}`]: [200, toSign()] },
    );
    const open = await screen.findByRole('button', { name: 'Leer y firmar la autorización' });
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Autorización de Lucía' });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(open).toHaveFocus());
  });

  it("shows the server's refusal in the dialog and keeps it open", async () => {
    const lucia = childData(21, { child_name: 'Lucía', signup: 'va' });
    const { user } = setup(
      activityData(5, { starts_at: '2099-03-13T09:00:00.000Z', children: [lucia] }),
      {
        [`GET ${AUTH(21)}`]: [200, toSign({ dni: '12345678Z' })],
        [`POST ${AUTH(21)}`]: [
          400,
          {
            message: 'La contraseña no es correcta.',
            errors: [{ field: 'password', message: 'La contraseña no es correcta.' }],
          },
        ],
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Leer y firmar la autorización' }));
    const dialog = await screen.findByRole('dialog', { name: 'Autorización de Lucía' });
    await user.type(await within(dialog).findByLabelText('Tu contraseña'), 'mala');
    await user.click(within(dialog).getByRole('button', { name: 'Firmar' }));
    expect(await within(dialog).findByText('La contraseña no es correcta.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Tu contraseña')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows who signed and when; one withdraws their own signature after confirming', async () => {
    const lucia = childData(21, {
      child_name: 'Lucía',
      signup: 'va',
      authorization: {
        state: 'partial',
        required_signers: 2,
        signatures: [
          {
            id: 90,
            method: 'online',
            signer_name: 'Ana Pérez Gil',
            signed_at: '2027-03-01T17:04:00.000Z',
            mine: true,
          },
        ],
      },
    });
    const { user, calls } = setup(
      activityData(5, {
        both_guardians: true,
        starts_at: '2099-03-13T09:00:00.000Z',
        children: [lucia],
      }),
      { [`DELETE ${AUTH(21)}`]: [204, ''] },
    );
    const section = await panel('Lucía');
    expect(
      screen.getByText('Esta actividad necesita la firma de los dos tutores.'),
    ).toBeInTheDocument();
    expect(within(section).getByText('Falta una firma')).toBeInTheDocument();
    expect(within(section).getByText('1 de 2 firmas')).toBeInTheDocument();
    expect(
      within(section).getByText(
        'Firmada por Ana Pérez Gil el lunes 1 de marzo de 2027, 18:04 (tú)',
      ),
    ).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Descargar PDF' })).toBeInTheDocument();
    // The other guardian signs; this one already has.
    expect(
      within(section).queryByRole('button', { name: 'Leer y firmar la autorización' }),
    ).not.toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Retirar firma' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Retirar tu firma?' });
    await user.click(within(dialog).getByRole('button', { name: 'Retirar firma' }));
    expect(
      await within(section).findByText('Has retirado tu firma de la autorización.'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === AUTH(21))).toBe(true);
  });

  it('after the start, a signature can no longer be withdrawn nor given', async () => {
    const lucia = childData(21, {
      child_name: 'Lucía',
      signup: 'va',
      authorization: {
        state: 'online',
        required_signers: 1,
        signatures: [
          {
            id: 90,
            method: 'online',
            signer_name: 'Ana Pérez Gil',
            signed_at: '2027-03-01T17:04:00.000Z',
            mine: true,
          },
        ],
      },
    });
    setup(
      activityData(5, {
        starts_at: '2020-03-13T09:00:00.000Z',
        signups_open: false,
        status: 'celebrada',
        children: [lucia],
      }),
    );
    const section = await panel('Lucía');
    expect(within(section).getByText('Firmada')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Descargar PDF' })).toBeInTheDocument();
    expect(
      within(section).queryByRole('button', { name: 'Retirar firma' }),
    ).not.toBeInTheDocument();
  });
});

describe('ActivityPage, on camp', () => {
  const going = (health: { filled: boolean; confirmed_for_activity: boolean }) =>
    activityData(5, {
      children: [childData(21, { child_name: 'Lucía', signup: 'va', health })],
    });

  it('after «Va», asks to confirm the ficha sanitaria for this activity with one tap', async () => {
    const { user, calls } = setup(going({ filled: true, confirmed_for_activity: false }), {
      'POST /children/21/health/confirm': [200, {}],
    });
    const lucia = await panel('Lucía');
    expect(
      within(lucia).getByText('Confirma que la ficha sanitaria de Lucía está al día'),
    ).toBeVisible();
    expect(within(lucia).getByRole('link', { name: 'Revisar la ficha' })).toHaveAttribute(
      'href',
      '/mis-educandos/21/ficha',
    );
    await user.click(within(lucia).getByRole('button', { name: 'Está al día' }));
    expect(
      await within(lucia).findByText('Has confirmado que la ficha sanitaria está al día.'),
    ).toBeVisible();
    expect(sent(calls, '/children/21/health/confirm')).toEqual({ activity_id: 5 });
    expect(within(lucia).queryByRole('button', { name: 'Está al día' })).not.toBeInTheDocument();
  });

  it('asks to fill a ficha never filled, with no confirmation to give', async () => {
    setup(going({ filled: false, confirmed_for_activity: false }));
    const lucia = await panel('Lucía');
    expect(
      within(lucia).getByText(
        'Rellena la ficha sanitaria de Lucía: el equipo la necesita para esta actividad.',
      ),
    ).toBeVisible();
    expect(
      within(lucia).getByRole('link', { name: 'Rellenar la ficha sanitaria' }),
    ).toHaveAttribute('href', '/mis-educandos/21/ficha');
    expect(within(lucia).queryByRole('button', { name: 'Está al día' })).not.toBeInTheDocument();
  });

  it('asks nothing once confirmed, nor for a child who does not go', async () => {
    setup(
      activityData(5, {
        children: [
          childData(21, {
            child_name: 'Lucía',
            signup: 'va',
            health: { filled: true, confirmed_for_activity: true },
          }),
          childData(22, { child_name: 'Mario', signup: 'no_va' }),
        ],
      }),
    );
    await panel('Lucía');
    expect(screen.queryByText(/ficha sanitaria de/)).not.toBeInTheDocument();
  });

  it('names the delegado/a de protección, with the way to write to them, and draws the staff', async () => {
    setup(
      {
        ...activityData(5),
        protection_delegate: { name: 'Lucía Prieto', contact: '600 000 000' },
      } as Activity,
      {},
      <ActivityPage staff={(a) => <p>{`Equipo de ${a.title}`}</p>} />,
    );
    const delegate = await screen.findByRole('region', { name: 'Delegado/a de protección' });
    expect(delegate).toHaveTextContent('Lucía Prieto · 600 000 000');
    expect(
      within(delegate).getByRole('link', { name: 'Escribir al delegado/a de protección' }),
    ).toHaveAttribute('href', '/proteccion');
    expect(screen.getByText('Equipo de Actividad 5')).toBeVisible();
  });
});
