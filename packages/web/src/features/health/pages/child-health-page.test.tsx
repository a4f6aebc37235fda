import type { ChildHealth, HealthRead, HealthRecord, HealthRecordInput } from '@fogata/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render';
import { signIn } from '../../../test/token';
import { ChildHealthPage } from './child-health-page';

const HEALTH = '/children/21/health';
const READS = '/children/21/health/reads';

/** The ficha the form below types in, field by field. */
const input: HealthRecordInput = {
  allergies: 'Frutos secos',
  medications: [
    {
      name: 'Ventolín',
      dose: '2 inhalaciones',
      schedule: 'Si le falta el aire',
      scouters_may_give: true,
    },
  ],
  diet: '',
  conditions: 'Asma',
  health_card: 'MADR 1234 5678',
  can_swim: 'con_ayuda',
  notes: '',
  contacts: [
    { name: 'Ana Pérez', relation: 'Madre', phone: '600 111 222' },
    { name: 'Luis Pérez', relation: 'Padre', phone: '600 333 444' },
  ],
};
const record: HealthRecord = {
  ...input,
  updated_at: '2026-09-10T08:00:00.000Z',
  confirmed_at: '2026-09-10T08:00:00.000Z',
};

const noReads = { items: [], total: 0, page_size: 20 };

function setup(health: ChildHealth, routes: Parameters<typeof stubApi>[0] = {}) {
  signIn({ role: 'usuario', name: 'Ana Pérez' });
  const calls = stubApi({
    [`GET ${HEALTH}`]: [200, health],
    [`GET ${READS}`]: [200, noReads],
    'GET /profile/children': [200, [{ id: 21, full_name: 'Lucía Pérez', section: null }]],
    ...routes,
  });
  return {
    calls,
    ...renderApp(<ChildHealthPage />, {
      route: '/mis-educandos/21/ficha',
      path: '/mis-educandos/:childId/ficha',
    }),
  };
}

const sent = (
  calls: { method: string; url: string; data: unknown }[],
  method: string,
  url: string,
) => JSON.parse(String(calls.findLast((c) => c.url === url && c.method === method)?.data));

describe('ChildHealthPage', () => {
  it('asks to fill a ficha never filled, and says in the shared words what is missing', async () => {
    const { user, calls } = setup({ record: null, confirm_due: true });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ficha sanitaria de Lucía Pérez' }),
    ).toBeVisible();
    expect(
      screen.getByText(
        'Todavía no has rellenado la ficha sanitaria. Rellénala antes de su primera actividad.',
      ),
    ).toBeVisible();
    // Nothing to confirm yet: only saving.
    expect(screen.queryByRole('button', { name: 'Está al día' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Guardar ficha' }));
    expect(await screen.findByText('Revisa los campos marcados.')).toBeVisible();
    expect(screen.getByText('Indica si sabe nadar: sí, no o con ayuda.')).toBeVisible();
    expect(screen.getAllByText('Escribe el nombre del contacto de emergencia.')).toHaveLength(2);
    expect(
      screen.getAllByText(
        'El teléfono no es válido: escribe solo números, espacios y, si hace falta, el prefijo con +.',
      ),
    ).toHaveLength(2);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('saves every field, with medication rows added and removed and two contacts', async () => {
    const saved = { ...record, updated_at: '2026-11-28T10:00:00.000Z' };
    const { user, calls } = setup(
      { record: null, confirm_due: true },
      { [`PUT ${HEALTH}`]: [200, saved] },
    );
    await user.type(await screen.findByLabelText('Alergias e intolerancias'), 'Frutos secos');
    expect(screen.getByText('Sin medicación.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Añadir medicamento' }));
    await user.click(screen.getByRole('button', { name: 'Añadir medicamento' }));
    const first = screen.getByRole('group', { name: 'Medicamento 1' });
    await user.type(within(first).getByLabelText('Medicamento'), 'Ventolín');
    await user.type(within(first).getByLabelText('Dosis'), '2 inhalaciones');
    await user.type(within(first).getByLabelText('Cuándo'), 'Si le falta el aire');
    await user.click(within(first).getByLabelText('Los scouters pueden dárselo'));
    await user.click(screen.getByRole('button', { name: 'Quitar el medicamento 2' }));
    expect(screen.queryByRole('group', { name: 'Medicamento 2' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Enfermedades crónicas'), 'Asma');
    await user.type(screen.getByLabelText('Número de tarjeta sanitaria'), 'MADR 1234 5678');
    await user.click(screen.getByLabelText('Con ayuda'));
    for (const [n, name, relation, phone] of [
      [1, 'Ana Pérez', 'Madre', '600 111 222'],
      [2, 'Luis Pérez', 'Padre', '600 333 444'],
    ] as const) {
      const contact = screen.getByRole('group', { name: `Contacto ${n}` });
      await user.type(within(contact).getByLabelText('Nombre'), name);
      await user.type(within(contact).getByLabelText('Relación'), relation);
      await user.type(within(contact).getByLabelText('Teléfono'), phone);
    }
    await user.click(screen.getByRole('button', { name: 'Guardar ficha' }));
    expect(await screen.findByText('Ficha sanitaria guardada.')).toBeVisible();
    expect(sent(calls, 'PUT', HEALTH)).toEqual(input);
    // Saved as it stands: nothing changed since, so one tap confirms it again.
    expect(screen.getByRole('button', { name: 'Está al día' })).toBeVisible();
  });

  it('confirms an unchanged ficha with one tap, and offers saving once something changes', async () => {
    const { user, calls } = setup(
      { record, confirm_due: true },
      {
        [`POST ${HEALTH}/confirm`]: [200, { ...record, confirmed_at: '2026-11-28T10:00:00.000Z' }],
      },
    );
    expect(
      await screen.findByText(
        'Confirma que la ficha sigue al día para esta ronda: si nada ha cambiado, basta con un toque.',
      ),
    ).toBeVisible();
    expect(screen.getByLabelText('Alergias e intolerancias')).toHaveValue('Frutos secos');
    expect(screen.getByLabelText('Con ayuda')).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Está al día' }));
    expect(
      await screen.findByText('Has confirmado que la ficha sanitaria está al día.'),
    ).toBeVisible();
    expect(sent(calls, 'POST', `${HEALTH}/confirm`)).toEqual({});
    await user.type(screen.getByLabelText('Dieta'), 'Sin lactosa');
    expect(screen.queryByRole('button', { name: 'Está al día' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar ficha' })).toBeVisible();
  });

  it('says when it was last confirmed when nothing is due', async () => {
    setup({ record, confirm_due: false });
    expect(
      await screen.findByText(
        'Confirmada por última vez el jueves 10 de septiembre de 2026, 10:00.',
      ),
    ).toBeVisible();
  });

  it('lists who read the ficha, how and when (Madrid time), paged', async () => {
    const read = (id: number, over: Partial<HealthRead> = {}): HealthRead => ({
      id,
      reader_name: 'Laura Scouter',
      activity_id: 5,
      activity_title: 'Campamento de verano',
      via: 'pack',
      read_at: '2027-07-01T16:30:00.000Z',
      ...over,
    });
    const { user, calls } = setup(
      { record, confirm_due: false },
      {
        [`GET ${READS}`]: (config) =>
          config.params?.page === 2
            ? [200, { items: [read(3, { via: 'pdf' })], total: 21, page_size: 20 }]
            : [200, { items: [read(1), read(2, { via: 'ficha' })], total: 21, page_size: 20 }],
      },
    );
    const log = await screen.findByRole('region', { name: 'Quién ha consultado la ficha' });
    const rows = await within(log).findAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'QuiénActividadCómoCuándo',
      'Laura ScouterCampamento de veranoCopia para el campamentojueves 1 de julio de 2027, 18:30',
      'Laura ScouterCampamento de veranoEn pantallajueves 1 de julio de 2027, 18:30',
    ]);
    expect(within(log).getByText('Página 1 de 2 · 21 consultas')).toBeVisible();
    await user.click(within(log).getByRole('button', { name: 'Siguiente' }));
    expect(await within(log).findByText('PDF para el botiquín')).toBeVisible();
    expect(calls.filter((c) => c.url === READS).map((c) => c.method)).toEqual(['GET', 'GET']);
  });

  it('says so when nobody outside the family has read it', async () => {
    setup({ record, confirm_due: false });
    expect(
      await screen.findByText('Nadie fuera de la familia ha consultado la ficha.'),
    ).toBeVisible();
  });

  it('says a child that is not theirs does not exist', async () => {
    setup(
      { record: null, confirm_due: false },
      { [`GET ${HEALTH}`]: [404, { message: 'Educando no encontrado.' }] },
    );
    expect(await screen.findByText('Este educando no existe o no es tuyo.')).toBeVisible();
  });
});
