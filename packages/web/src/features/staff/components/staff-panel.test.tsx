import type { ActivityStaff } from '@fogata/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render';
import { signIn } from '../../../test/token';
import { StaffPanel } from './staff-panel';

const STAFF = '/activities/5/staff';

const staff = (over: Partial<ActivityStaff> = {}): ActivityStaff => ({
  staff: [{ user_id: 7, name: 'Laura Scouter', certificate_current: true }],
  ratio: { children: 23, adults: 1, per_adult: 10, needed: 2, short: true },
  mine: false,
  ...over,
});

const withMe = staff({
  staff: [
    { user_id: 7, name: 'Laura Scouter', certificate_current: true },
    { user_id: 9, name: 'Pedro Scouter', certificate_current: true },
  ],
  ratio: { children: 23, adults: 2, per_adult: 10, needed: 1, short: true },
  mine: true,
});

function setup(
  role: 'usuario' | 'scouter' | 'admin',
  routes: Parameters<typeof stubApi>[0],
  props: { canManage?: boolean; initial?: ActivityStaff } = {},
) {
  signIn({ id: 9, role, name: 'Pedro Scouter' });
  const calls = stubApi(routes);
  return {
    calls,
    ...renderApp(
      <StaffPanel activityId={5} canManage={props.canManage ?? false} initial={props.initial} />,
    ),
  };
}

const panel = () => screen.findByRole('region', { name: 'Equipo' });

describe('StaffPanel', () => {
  it('lets a scouter join, shows the ratio and warns while it is short', async () => {
    const { user, calls } = setup('scouter', {
      [`GET ${STAFF}`]: [200, staff()],
      [`POST ${STAFF}`]: [201, withMe],
    });
    const region = await panel();
    expect(
      await within(region).findByText('23 educandos, 1 adulto (máximo 10 por adulto)'),
    ).toBeVisible();
    expect(
      within(region).getByText('Faltan 2 adultos para cumplir la proporción del grupo.'),
    ).toBeVisible();
    await user.click(within(region).getByRole('button', { name: 'Apuntarme al equipo' }));
    expect(await within(region).findByText('Te has apuntado al equipo.')).toBeVisible();
    expect(JSON.parse(String(calls.findLast((c) => c.method === 'POST')?.data))).toEqual({
      user_id: 9,
    });
    expect(
      within(region).getByText('23 educandos, 2 adultos (máximo 10 por adulto)'),
    ).toBeVisible();
    expect(
      within(region).getByText('Falta 1 adulto para cumplir la proporción del grupo.'),
    ).toBeVisible();
    expect(within(region).getByRole('button', { name: 'Salir del equipo' })).toBeVisible();
    expect(within(region).getByText('(tú)')).toBeVisible();
  });

  it('lets a member of the staff leave', async () => {
    const { user, calls } = setup('scouter', {
      [`GET ${STAFF}`]: [200, withMe],
      [`DELETE ${STAFF}/9`]: [200, staff()],
    });
    const region = await panel();
    await user.click(await within(region).findByRole('button', { name: 'Salir del equipo' }));
    expect(await within(region).findByText('Has salido del equipo.')).toBeVisible();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toContain(`DELETE ${STAFF}/9`);
    expect(within(region).getByRole('button', { name: 'Apuntarme al equipo' })).toBeVisible();
  });

  it('shows the certificado refusal as the server words it', async () => {
    const refusal =
      'Pedro Scouter no puede formar parte del equipo ni ser responsable de una actividad: su certificado negativo del Registro Central de Delincuentes Sexuales no está al día. Un administrador puede registrarlo en «Salvaguarda».';
    const { user } = setup('scouter', {
      [`GET ${STAFF}`]: [200, staff()],
      [`POST ${STAFF}`]: [409, { message: refusal }],
    });
    const region = await panel();
    await user.click(await within(region).findByRole('button', { name: 'Apuntarme al equipo' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent(refusal);
  });

  it('lets a manager add another adult and remove one, from what the board brought', async () => {
    const { user, calls } = setup(
      'admin',
      {
        'GET /activities/people-in-charge': [
          200,
          [
            { id: 7, name: 'Laura Scouter' },
            { id: 11, name: 'Marta Jefa' },
          ],
        ],
        [`POST ${STAFF}`]: [
          201,
          staff({
            staff: [
              { user_id: 7, name: 'Laura Scouter', certificate_current: true },
              { user_id: 11, name: 'Marta Jefa', certificate_current: false },
            ],
          }),
        ],
        [`DELETE ${STAFF}/7`]: [
          200,
          staff({ staff: [{ user_id: 11, name: 'Marta Jefa', certificate_current: false }] }),
        ],
      },
      { canManage: true, initial: staff() },
    );
    const region = await panel();
    const select = await within(region).findByLabelText('Añadir a otro adulto');
    // Who is already in is not offered again.
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Elige un scouter o administrador', 'Marta Jefa']);
    await user.selectOptions(select, 'Marta Jefa');
    await user.click(within(region).getByRole('button', { name: 'Añadir al equipo' }));
    expect(await within(region).findByText('Marta Jefa está en el equipo.')).toBeVisible();
    expect(within(region).getByText('Certificado negativo no al día')).toBeVisible();
    await user.click(
      within(region).getByRole('button', { name: 'Quitar a Laura Scouter del equipo' }),
    );
    expect(await within(region).findByText('Laura Scouter ya no está en el equipo.')).toBeVisible();
    // The board's staff was used: the panel did not ask for it again.
    expect(calls.some((c) => c.method === 'GET' && c.url === STAFF)).toBe(false);
  });

  it('shows a family the staff, without the ratio or a way to join', async () => {
    setup('usuario', { [`GET ${STAFF}`]: [200, staff()] });
    const region = await panel();
    expect(await within(region).findByText('Laura Scouter')).toBeVisible();
    expect(within(region).queryByText(/adultos \(máximo/)).not.toBeInTheDocument();
    expect(within(region).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says when nobody is in the staff yet', async () => {
    setup('scouter', {
      [`GET ${STAFF}`]: [
        200,
        staff({
          staff: [],
          ratio: { children: 0, adults: 0, per_adult: 10, needed: 0, short: false },
        }),
      ],
    });
    expect(await screen.findByText('Todavía no hay nadie en el equipo.')).toBeVisible();
  });

  it('says so when the staff cannot load', async () => {
    setup('scouter', { [`GET ${STAFF}`]: [500, {}] });
    expect(await screen.findByText('Error al obtener el equipo de la actividad.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeVisible();
  });
});
