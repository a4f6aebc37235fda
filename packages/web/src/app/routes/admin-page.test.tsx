import { SERVER_ERRORS, SERVER_SUCCESS } from '@fogata/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TROPA } from '../../test/admin-fixtures';
import { stubApi } from '../../test/api-stub';
import { renderApp } from '../../test/render';
import { signIn } from '../../test/token';
import { AdminPage } from './admin-page';

const me = {
  id: 1,
  name: 'Marta Jefa',
  email: 'marta@example.org',
  role: 'admin',
  avatar_url: null,
  created_at: '2025-01-10T09:00:00Z',
  children_count: 0,
  sections: [],
};
const iker = {
  id: 2,
  name: 'Iker',
  email: 'iker@example.org',
  role: 'usuario',
  avatar_url: '/media/avatars/iker.webp',
  created_at: null,
  children_count: 2,
  sections: [{ id: 2, name: 'Tropa', colour: '#15803d' }],
};
const invitations = [
  {
    id: 10,
    email: 'pendiente@example.org',
    role: 'scouter',
    status: 'pending',
    expires_at: '2025-02-01T10:00:00Z',
    created_at: 'no es una fecha',
    children: [
      {
        id: 7,
        full_name: 'Nora Vidal Peña',
        section: { id: 1, name: 'Manada', colour: '#b45309' },
      },
    ],
  },
  {
    id: 11,
    email: 'aceptada@example.org',
    role: 'usuario',
    status: 'accepted',
    expires_at: '2025-02-01T10:00:00Z',
    created_at: '2025-01-25T10:00:00Z',
    children: [],
  },
];

function setup(routes: Parameters<typeof stubApi>[0] = {}) {
  signIn({ id: 1, role: 'admin', name: 'Marta Jefa' });
  const calls = stubApi({
    'GET /invitations': [200, invitations],
    'GET /admin/users': [200, [me, iker]],
    'GET /admin/audit': [200, [], { 'x-total-count': '0' }],
    'GET /sections': [200, []],
    ...routes,
  });
  const rendered = renderApp(<AdminPage />, { route: '/admin/invitations' });
  return { calls, ...rendered };
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

describe('AdminPage', () => {
  it('shows the three sections', async () => {
    setup();
    expect(screen.getByRole('heading', { name: 'Panel de Administración' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Enviar Nuevas Invitaciones' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Invitaciones Enviadas' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Gestión de Usuarios Registrados' }),
    ).toBeInTheDocument();
    const users = await screen.findByText('iker@example.org');
    const headers = within(users.closest('table')!).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual([
      'ID',
      'Nombre',
      'Email',
      'Rol',
      'Avatar',
      'Registrado',
      'Familia',
      'Acciones',
    ]);
  });

  it("denies a non-admin: 'Acceso denegado. Debes ser administrador.'", () => {
    signIn({ role: 'scouter' });
    renderApp(<AdminPage />, { route: '/admin/invitations' });
    expect(screen.getByText('Acceso denegado. Debes ser administrador.')).toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { name: 'Invitaciones Enviadas' }),
    ).not.toBeInTheDocument();
  });

  it("the admin's own row shows a badge and '(Tú)' with no actions", async () => {
    setup();
    const own = await rowOf('marta@example.org');
    expect(within(own).getByText('(Tú)')).toBeInTheDocument();
    expect(within(own).getByText('Admin')).toHaveClass('badge');
    expect(within(own).queryByRole('button')).not.toBeInTheDocument();
    expect(within(own).queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('the save-role button appears only when the chosen role differs', async () => {
    const { user } = setup();
    const row = await rowOf('iker@example.org');
    const select = within(row).getByRole('combobox', { name: 'Rol de Iker' });
    expect(select).toHaveValue('usuario');
    expect(within(row).queryByRole('button', { name: /guardar/i })).not.toBeInTheDocument();
    await user.selectOptions(select, 'scouter');
    expect(within(row).getByRole('button', { name: 'Guardar rol de Iker' })).toBeInTheDocument();
    await user.selectOptions(select, 'usuario');
    expect(within(row).queryByRole('button', { name: /guardar/i })).not.toBeInTheDocument();
  });

  it("saves the role and says 'Rol actualizado para {name}.'", async () => {
    let role = 'usuario';
    const { user, calls } = setup({
      'PUT /admin/users/2/role': () => {
        role = 'scouter';
        return [200, { ...iker, role }];
      },
      'GET /admin/users': () => [200, [me, { ...iker, role }]],
    });
    const row = await rowOf('iker@example.org');
    await user.selectOptions(within(row).getByRole('combobox'), 'scouter');
    await user.click(within(row).getByRole('button', { name: /guardar/i }));
    expect(await screen.findByText('Rol actualizado para Iker.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.data).toBe('{"role":"scouter"}');
    await waitFor(() =>
      expect(within(row).queryByRole('button', { name: /guardar/i })).not.toBeInTheDocument(),
    );
    expect(within(row).getByRole('combobox')).toHaveValue('scouter');
  });

  it("deletes a user after confirmation: 'Usuario {name} eliminado.'", async () => {
    let deleted = false;
    const { user } = setup({
      'DELETE /admin/users/2': () => {
        deleted = true;
        return [200, { message: 'Usuario Iker eliminado.' }];
      },
      'GET /admin/users': () => [200, deleted ? [me] : [me, iker]],
    });
    const row = await rowOf('iker@example.org');
    await user.click(within(row).getByRole('button', { name: 'Eliminar a Iker' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Esta acción no se puede deshacer.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Usuario Iker eliminado.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('iker@example.org')).not.toBeInTheDocument());
  });

  it("formats dates, with 'N/A' and 'Fecha inválida'", async () => {
    setup();
    const ikerRow = await rowOf('iker@example.org');
    expect(within(ikerRow).getByText('N/A')).toBeInTheDocument();
    const invitationRow = await rowOf('pendiente@example.org');
    expect(within(invitationRow).getByText('Fecha inválida')).toBeInTheDocument();
    expect(within(invitationRow).getByText('Pendiente')).toBeInTheDocument();
  });

  it('offers revoke only for pending invitations, with a confirmation', async () => {
    const { user } = setup({
      'DELETE /invitations/10': [200, { message: 'Invitación revocada.' }],
    });
    const pending = await rowOf('pendiente@example.org');
    const accepted = await rowOf('aceptada@example.org');
    expect(within(accepted).queryByRole('button')).not.toBeInTheDocument();
    await user.click(within(pending).getByRole('button', { name: /revocar/i }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Revocar' }));
    expect(await screen.findByText('Invitación revocada.')).toBeInTheDocument();
  });

  it('shows the empty texts', async () => {
    setup({ 'GET /invitations': [200, []], 'GET /admin/users': [200, []] });
    expect(await screen.findByText('No hay invitaciones para mostrar.')).toBeInTheDocument();
    expect(await screen.findByText('No hay usuarios registrados.')).toBeInTheDocument();
  });
});

describe('AdminPage: sending invitations', () => {
  it("refuses a text with no e-mails: 'Error: No se introdujeron emails válidos.'", async () => {
    const { user, calls } = setup();
    await user.type(screen.getByLabelText('Emails (uno por línea)'), '     {enter}   {enter}');
    await user.click(screen.getByRole('button', { name: 'Enviar Invitaciones' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error: No se introdujeron emails válidos.',
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('validates the addresses with the shared message', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText('Emails (uno por línea)'), 'esto no es un email');
    await user.click(screen.getByRole('button', { name: 'Enviar Invitaciones' }));
    expect(
      await screen.findByText('Una o más direcciones de email no tienen un formato válido.'),
    ).toBeInTheDocument();
  });

  it('sends trimmed lines with the chosen role and resets on full success, showing links', async () => {
    const { user, calls } = setup({
      'POST /invitations': [
        200,
        {
          message: 'Se enviaron 2 invitaciones.',
          results: {
            sent: [
              { email: 'a@example.org', link: 'http://localhost:3000/register?invitation=xyz' },
              { email: 'b@example.org' },
            ],
            errors: [],
          },
        },
      ],
    });
    const textarea = screen.getByLabelText('Emails (uno por línea)');
    expect(screen.getByLabelText('Rol')).toHaveValue('usuario');
    await user.type(textarea, '  a@example.org  {enter}{enter}b@example.org{enter}');
    await user.selectOptions(screen.getByLabelText('Rol'), 'scouter');
    await user.click(screen.getByRole('button', { name: 'Enviar Invitaciones' }));
    expect(await screen.findByText('Se enviaron 2 invitaciones.')).toBeInTheDocument();
    expect(JSON.parse(calls.find((c) => c.method === 'POST')!.data as string)).toEqual({
      invitations: [
        { email: 'a@example.org', role: 'scouter' },
        { email: 'b@example.org', role: 'scouter' },
      ],
    });
    expect(screen.getByText('http://localhost:3000/register?invitation=xyz')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copiar enlace' })).toBeInTheDocument();
    await waitFor(() => expect(textarea).toHaveValue(''));
    expect(screen.getByLabelText('Rol')).toHaveValue('usuario');
  });

  it('warns and lists each failed address, keeping the form', async () => {
    const { user } = setup({
      'POST /invitations': [
        200,
        {
          message: 'Se envió 1 invitación.',
          results: {
            sent: [{ email: 'a@example.org' }],
            errors: [{ email: 'marta@example.org', error: 'Ya existe una cuenta con este email.' }],
          },
        },
      ],
    });
    const textarea = screen.getByLabelText('Emails (uno por línea)');
    await user.type(textarea, 'a@example.org{enter}marta@example.org');
    await user.click(screen.getByRole('button', { name: 'Enviar Invitaciones' }));
    const warning = (await screen.findByText('Se envió 1 invitación.')).closest('.alert')!;
    expect(warning).toHaveClass('alert-warning');
    expect(
      within(warning as HTMLElement).getByText(
        'marta@example.org: Ya existe una cuenta con este email.',
      ),
    ).toBeInTheDocument();
    expect(textarea).toHaveValue('a@example.org\nmarta@example.org');
  });

  it('shows a failed request as danger', async () => {
    const { user } = setup({ 'POST /invitations': [500] });
    await user.type(screen.getByLabelText('Emails (uno por línea)'), 'a@example.org');
    await user.click(screen.getByRole('button', { name: 'Enviar Invitaciones' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al enviar las invitaciones.');
  });
});

describe('AdminPage: mail that could not be sent', () => {
  it('warns naming the addresses not mailed, and the invitation is listed as pending', async () => {
    let sent = false;
    const notMailed = {
      id: 12,
      email: 'sin-correo@example.org',
      role: 'usuario',
      status: 'pending',
      expires_at: '2025-02-01T10:00:00Z',
      created_at: '2025-01-25T10:00:00Z',
      children: [],
    };
    const { user } = setup({
      'POST /invitations': () => {
        sent = true;
        return [
          200,
          {
            message: `Se enviaron 0 invitaciones. ${SERVER_SUCCESS.invitationsNotMailed(['sin-correo@example.org'])}`,
            results: {
              sent: [],
              errors: [
                { email: 'sin-correo@example.org', error: SERVER_ERRORS.invitationMailFailed },
              ],
            },
          },
        ];
      },
      'GET /invitations': () => [200, sent ? [notMailed, ...invitations] : invitations],
    });
    await user.type(screen.getByLabelText('Emails (uno por línea)'), 'sin-correo@example.org');
    await user.click(screen.getByRole('button', { name: 'Enviar Invitaciones' }));
    const warning = (
      await screen.findByText(/No se pudo enviar el email a sin-correo@example.org/)
    ).closest('.alert') as HTMLElement;
    expect(warning).toHaveClass('alert-warning');
    expect(
      within(warning).getByText(
        'sin-correo@example.org: La invitación se creó, pero no se pudo enviar el email.',
      ),
    ).toBeInTheDocument();
    const row = await rowOf('sin-correo@example.org');
    expect(within(row).getByText('Pendiente')).toBeInTheDocument();
    expect(
      within(row).getByRole('button', { name: 'Reenviar la invitación a sin-correo@example.org' }),
    ).toBeInTheDocument();
  });

  it('resends a pending invitation only, and says so', async () => {
    const { user, calls } = setup({
      'POST /invitations/10/resend': [
        200,
        { message: 'Invitación reenviada a pendiente@example.org.' },
      ],
    });
    const accepted = await rowOf('aceptada@example.org');
    expect(within(accepted).queryByRole('button', { name: /reenviar/i })).not.toBeInTheDocument();
    const pending = await rowOf('pendiente@example.org');
    await user.click(
      within(pending).getByRole('button', {
        name: 'Reenviar la invitación a pendiente@example.org',
      }),
    );
    const banner = (
      await screen.findByText('Invitación reenviada a pendiente@example.org.')
    ).closest('.alert') as HTMLElement;
    expect(banner).toHaveClass('alert-success');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/invitations/10/resend',
    ]);
    // The list is read again (new expiry).
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'GET' && c.url === '/invitations')).toHaveLength(2),
    );
  });

  it('shows the new link when there is no mail server', async () => {
    const link = 'http://localhost:3000/register?invitation=nuevo';
    const { user } = setup({
      'POST /invitations/10/resend': [
        200,
        { message: 'Invitación reenviada a pendiente@example.org.', link },
      ],
    });
    const pending = await rowOf('pendiente@example.org');
    await user.click(within(pending).getByRole('button', { name: /reenviar/i }));
    expect(await screen.findByText(link)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copiar enlace' })).toBeInTheDocument();
  });

  it("shows a failed resend as danger: the server's message, else the default", async () => {
    const { user, unmount } = setup({
      'POST /invitations/10/resend': [502, { message: SERVER_ERRORS.invitationResendFailed }],
    });
    await user.click(
      within(await rowOf('pendiente@example.org')).getByRole('button', { name: /reenviar/i }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      SERVER_ERRORS.invitationResendFailed,
    );
    unmount();

    const again = setup({ 'POST /invitations/10/resend': [500] });
    await again.user.click(
      within(await rowOf('pendiente@example.org')).getByRole('button', { name: /reenviar/i }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error al reenviar la invitación 10.',
    );
  });

  it("shows each invitation's children and each user's family", async () => {
    setup();
    const inv = await rowOf('pendiente@example.org');
    expect(within(inv).getByText('Nora Vidal Peña')).toBeInTheDocument();
    expect(within(inv).getByText('Manada')).toHaveClass('section-badge');
    const user = await rowOf('iker@example.org');
    expect(within(user).getByText('2 educandos')).toBeInTheDocument();
    expect(within(user).getByText('Tropa')).toHaveStyle({ backgroundColor: '#15803d' });
  });

  it('searches and filters the users on the server, a page at a time', async () => {
    const many = Array.from({ length: 3 }, (_, i) => ({
      ...iker,
      id: 100 + i,
      name: `Familia ${i}`,
      email: `familia.${i}@example.org`,
    }));
    const asked: Record<string, unknown>[] = [];
    const { user } = setup({
      'GET /admin/users': (config) => {
        asked.push(config.params);
        return [200, many, { 'x-total-count': '23' }];
      },
      'GET /sections': [200, [TROPA]],
    });
    const pager = await screen.findByRole('navigation', { name: 'Páginas de usuarios' });
    expect(within(pager).getByText('Página 1 de 3 · 23 usuarios')).toBeInTheDocument();
    expect(asked[0]).toMatchObject({ page: 1, limit: 10 });
    await user.click(within(pager).getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ page: 2, limit: 10 }));
    const filters = screen.getByRole('search', { name: 'Buscar y filtrar usuarios' });
    await user.selectOptions(await within(filters).findByLabelText('Filtrar por sección'), 'Tropa');
    await user.type(within(filters).getByLabelText('Buscar'), 'ruiz');
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ q: 'ruiz', section: '2', page: 1 }));
  }, 20_000);

  it('says when no invitation matches a search', async () => {
    const { user } = setup({
      'GET /invitations': (config) =>
        config.params.status === 'expired'
          ? [200, [], { 'x-total-count': '0' }]
          : [200, invitations, { 'x-total-count': '2' }],
    });
    await screen.findByText('pendiente@example.org');
    const filters = screen.getByRole('search', { name: 'Buscar y filtrar invitaciones' });
    await user.selectOptions(within(filters).getByLabelText('Filtrar por estado'), 'expired');
    expect(
      await screen.findByText('Ninguna invitación coincide con la búsqueda.'),
    ).toBeInTheDocument();
  });

  it('picks children by keyboard, removes a chip, and sends their ids with each address', async () => {
    let body: unknown;
    const { user } = setup({
      'GET /children': [
        200,
        [
          {
            id: 7,
            full_name: 'Nora Vidal Peña',
            section: { id: 1, name: 'Manada', colour: '#b45309' },
          },
          {
            id: 8,
            full_name: 'Bruno Vidal Peña',
            section: { id: 2, name: 'Tropa', colour: '#15803d' },
          },
        ],
      ],
      'POST /invitations': (config) => {
        body = JSON.parse(config.data as string);
        return [200, { message: 'Se enviaron 2 invitaciones.', results: { sent: [], errors: [] } }];
      },
    });
    const picker = screen.getByRole('combobox', { name: 'Invitar a la familia de… (opcional)' });
    await user.type(picker, 'vidal');
    expect(await screen.findByRole('option', { name: /Nora Vidal Peña/ })).toBeInTheDocument();
    await user.keyboard('{Enter}');
    await user.type(picker, 'vidal');
    await screen.findByRole('option', { name: /Bruno Vidal Peña/ });
    // Nora is chosen already: only Bruno is offered.
    expect(screen.queryByRole('option', { name: /Nora/ })).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    const chips = screen.getByRole('list', { name: 'Educandos elegidos' });
    expect(within(chips).getAllByRole('listitem')).toHaveLength(2);
    await user.click(within(chips).getByRole('button', { name: 'Quitar a Bruno Vidal Peña' }));
    expect(within(chips).getAllByRole('listitem')).toHaveLength(1);
    await user.type(
      screen.getByLabelText('Emails (uno por línea)'),
      'padre@example.org{Enter}madre@example.org',
    );
    await user.click(screen.getByRole('button', { name: 'Enviar Invitaciones' }));
    await waitFor(() =>
      expect(body).toEqual({
        invitations: [
          { email: 'padre@example.org', role: 'usuario', children: [7] },
          { email: 'madre@example.org', role: 'usuario', children: [7] },
        ],
      }),
    );
  });

  it('preselects the child of ?educando= and the role usuario', async () => {
    signIn({ id: 1, role: 'admin', name: 'Marta Jefa' });
    stubApi({
      'GET /invitations': [200, invitations],
      'GET /admin/users': [200, [me, iker]],
      'GET /admin/audit': [200, [], { 'x-total-count': '0' }],
      'GET /children/7': [
        200,
        {
          id: 7,
          full_name: 'Nora Vidal Peña',
          birth_date: '2016-01-01',
          section: { id: 1, name: 'Manada', colour: '#b45309' },
          active: true,
          guardians: [],
          created_at: '2025-01-01T00:00:00Z',
          updated_at: '2025-01-01T00:00:00Z',
        },
      ],
    });
    renderApp(<AdminPage />, { route: '/admin/invitations?educando=7' });
    const chips = await screen.findByRole('list', { name: 'Educandos elegidos' });
    expect(within(chips).getByText('Nora Vidal Peña')).toBeInTheDocument();
    expect(screen.getByLabelText('Rol')).toHaveValue('usuario');
  });
});
