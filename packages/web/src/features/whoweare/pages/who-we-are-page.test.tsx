import { screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { never, stubApi } from '../../../test/api-stub';
import { expectClosesAfterSuccess } from '../../../test/modal';
import { renderApp } from '../../../test/render';
import { signIn } from '../../../test/token';
import { configData, fileOf, monitorData } from '../test/data';
import { WhoWeArePage } from './who-we-are-page';

type Routes = Parameters<typeof stubApi>[0];
type Visitor = 'anonymous' | 'usuario' | 'scouter' | 'admin';

const ana = monitorData(3, {
  name: 'Ana Martín',
  role_description: 'Coordinadora de Tropa',
  description: 'Lleva diez años en el grupo y le encantan las rutas de montaña.',
});
const luis = monitorData(2, { name: 'Luis Gómez', role_description: 'Scouter de Manada' });

const DEFAULT_SECTIONS = (
  [
    ['Manada', 8, 11, '#b45309'],
    ['Tropa', 11, 14, '#15803d'],
    ['Unidad', 14, 17, '#b91c1c'],
    ['Clan', 17, 20, '#7e22ce'],
  ] as const
).map(([name, min_age, max_age, colour], i) => ({
  id: i + 1,
  name,
  min_age,
  max_age,
  position: i + 1,
  colour,
  retired: false,
}));

function setup(visitor: Visitor, routes: Routes = {}) {
  if (visitor !== 'anonymous') signIn({ role: visitor });
  const calls = stubApi({
    'GET /config': [200, configData()],
    'GET /monitors': [200, [ana, luis]],
    ...routes,
  });
  return { calls, ...renderApp(<WhoWeArePage />, { route: '/whoweare' }) };
}

const card = async (name: string) => screen.findByRole('article', { name });

/** A reply we let go of by hand, to see the state while a call runs. */
function deferred() {
  let release!: (reply: [number, unknown]) => void;
  const promise = new Promise<[number, unknown]>((resolve) => {
    release = resolve;
  });
  return { handler: () => promise, release };
}

describe('WhoWeArePage', () => {
  it('describes the group: heading, intro and the four age sections', async () => {
    setup('anonymous');
    expect(screen.getByRole('heading', { level: 1, name: '¿Quiénes somos?' })).toBeInTheDocument();
    const sections = screen.getByRole('region', { name: 'Nuestras secciones' });
    for (const [name, ages] of [
      ['Manada', 'De 8 a 11 años'],
      ['Tropa', 'De 11 a 14 años'],
      ['Unidad', 'De 14 a 17 años'],
      ['Clan', 'De 17 a 20 años'],
    ] as const) {
      const section = within(sections).getByRole('article', { name });
      expect(within(section).getByText(ages)).toBeInTheDocument();
    }
    expect(screen.getByText(/gracias a los scouters: voluntarios/)).toBeInTheDocument();
    await card('Ana Martín');
  });

  it('with the four default sections from the server, reads word for word as before', async () => {
    setup('anonymous', { 'GET /sections': [200, DEFAULT_SECTIONS] });
    await screen.findByRole('article', { name: 'Manada' });
    expect(
      screen.getByText(
        'Cada edad tiene su sección, con su propio ritmo, sus actividades y su manera de vivir la aventura. Al crecer, cada scout pasa a la siguiente, de modo que el camino continúa de los 8 a los 20 años.',
      ),
    ).toBeInTheDocument();
    const sections = screen.getByRole('region', { name: 'Nuestras secciones' });
    expect(within(sections).getAllByRole('article')).toHaveLength(4);
    expect(
      within(within(sections).getByRole('article', { name: 'Tropa' })).getByText(
        /Organizados en patrullas/,
      ),
    ).toBeInTheDocument();
  });

  it('lists the sections the group has: a new one, a renamed one, the ages from data', async () => {
    setup('anonymous', {
      'GET /sections': [
        200,
        [
          {
            id: 9,
            name: 'Castores',
            min_age: 6,
            max_age: 8,
            position: 0,
            colour: '#0e7490',
            retired: false,
          },
          ...DEFAULT_SECTIONS.filter((s) => s.name !== 'Clan'),
          {
            id: 4,
            name: 'Rutas',
            min_age: 17,
            max_age: 21,
            position: 4,
            colour: '#7e22ce',
            retired: false,
          },
        ],
      ],
    });
    const sections = screen.getByRole('region', { name: 'Nuestras secciones' });
    const castores = await within(sections).findByRole('article', { name: 'Castores' });
    expect(within(castores).getByText('De 6 a 8 años')).toBeInTheDocument();
    expect(
      within(sections)
        .getAllByRole('article')
        .map((a) => a.querySelector('h3')?.textContent),
    ).toEqual(['Castores', 'Manada', 'Tropa', 'Unidad', 'Rutas']);
    expect(screen.getByText(/el camino continúa de los 6 a los 21 años\.$/)).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Clan' })).toBeNull();
  });

  it('names the delegado/a de protección and links to write to them', async () => {
    setup('anonymous', {
      'GET /protection/delegate': [200, { name: 'Lucía Prieto', contact: '600 000 000' }],
    });
    const region = screen.getByRole('region', { name: 'Delegado/a de protección' });
    expect(await within(region).findByText('Lucía Prieto')).toBeVisible();
    expect(region).toHaveTextContent('Lucía Prieto · 600 000 000');
    expect(
      within(region).getByRole('link', { name: 'Escribir al delegado/a de protección' }),
    ).toHaveAttribute('href', '/proteccion');
  });

  it('says when the group has not named a delegado/a de protección', async () => {
    setup('anonymous', { 'GET /protection/delegate': [200, null] });
    expect(
      await screen.findByText('El grupo aún no ha nombrado delegado/a de protección.'),
    ).toBeVisible();
  });

  it('shows 3 skeleton cards while the scouters load', () => {
    setup('anonymous', { 'GET /monitors': never });
    expect(screen.getByRole('heading', { name: 'Nuestros Scouters' })).toBeInTheDocument();
    expect(screen.getAllByTestId('skeleton-card')).toHaveLength(3);
    expect(screen.getByText('Cargando monitores...')).toBeInTheDocument();
  });

  it('shows each scouter: photo, name, role and description', async () => {
    setup('anonymous');
    const first = await card('Ana Martín');
    const photo = within(first).getByRole('img', { name: 'Foto de Ana Martín' });
    expect(photo).toHaveAttribute('src', '/media/monitors/3-thumb.webp');
    expect(photo).toHaveAttribute('loading', 'lazy');
    expect(within(first).getByText('Coordinadora de Tropa')).toBeInTheDocument();
    expect(
      within(first).getByText('Lleva diez años en el grupo y le encantan las rutas de montaña.'),
    ).toBeInTheDocument();
    const second = await card('Luis Gómez');
    expect(within(second).getByText('Scouter de Manada')).toBeInTheDocument();
    // Newest first, as the server lists them.
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(
      expect.arrayContaining(['Ana Martín', 'Luis Gómez']),
    );
  });

  it.each(['anonymous', 'usuario', 'scouter'] as const)(
    'gives a visitor who is %s no monitor controls',
    async (visitor) => {
      setup(visitor);
      await card('Ana Martín');
      expect(screen.queryByRole('button', { name: 'Añadir monitor' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Editar monitor' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Eliminar monitor' })).not.toBeInTheDocument();
    },
  );

  it('gives an admin the add button and edit and delete on each card', async () => {
    setup('admin');
    const first = await card('Ana Martín');
    expect(screen.getByRole('button', { name: 'Añadir monitor' })).toBeInTheDocument();
    expect(
      within(first).getByRole('button', { name: 'Editar monitor' }),
    ).toHaveAccessibleDescription('Ana Martín');
    expect(within(first).getByRole('button', { name: 'Eliminar monitor' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Editar monitor' })).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: 'Eliminar monitor' })).toHaveLength(2);
  });

  it("says 'No hay monitores para mostrar.' when there are none", async () => {
    setup('admin', { 'GET /monitors': [200, []] });
    expect(await screen.findByText('No hay monitores para mostrar.')).toBeInTheDocument();
    expect(screen.queryAllByTestId('skeleton-card')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Añadir monitor' })).toBeInTheDocument();
  });

  it("load failure: a dismissible danger alert with the server's message", async () => {
    const { user } = setup('anonymous', {
      'GET /monitors': [500, { message: 'Error interno del servidor.' }],
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error interno del servidor.');
    expect(alert).toHaveClass('alert-danger');
    await user.click(within(alert).getByRole('button', { name: 'Cerrar aviso' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // The rest of the page stays.
    expect(screen.getByRole('heading', { name: 'Nuestro Local' })).toBeInTheDocument();
  });

  it("load failure without a message: 'Error al obtener monitores.'", async () => {
    setup('anonymous', { 'GET /monitors': [502] });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al obtener monitores.');
  });

  describe('Nuestro Local', () => {
    it('without a map: the address and a plain link to look it up, nothing embedded', async () => {
      setup('anonymous');
      const place = screen.getByRole('region', { name: 'Nuestro Local' });
      expect(await within(place).findByText('Calle del Pinar 12, Segovia')).toBeInTheDocument();
      expect(within(place).getByRole('link', { name: 'Ver en el mapa' })).toHaveAttribute(
        'href',
        'https://www.openstreetmap.org/search?query=Calle%20del%20Pinar%2012%2C%20Segovia',
      );
      expect(place.querySelector('iframe')).toBeNull();
    });

    it('with GROUP_MAP_URL: the address and the map embedded, with a title', async () => {
      const mapUrl = 'https://www.openstreetmap.org/export/embed.html?bbox=-4.13,40.94,-4.11,40.95';
      setup('anonymous', { 'GET /config': [200, configData({ groupMapUrl: mapUrl })] });
      const place = screen.getByRole('region', { name: 'Nuestro Local' });
      const map = await within(place).findByTitle('Mapa del local: Calle del Pinar 12, Segovia');
      expect(map.tagName).toBe('IFRAME');
      expect(map).toHaveAttribute('src', mapUrl);
      expect(map).toHaveAttribute('loading', 'lazy');
      expect(within(place).getByText('Calle del Pinar 12, Segovia')).toBeInTheDocument();
      expect(within(place).queryByRole('link', { name: 'Ver en el mapa' })).not.toBeInTheDocument();
    });
  });

  describe('add modal', () => {
    const open = async (user: ReturnType<typeof setup>['user']) => {
      await user.click(await screen.findByRole('button', { name: 'Añadir monitor' }));
      return screen.findByRole('dialog', { name: 'Añadir Nuevo Monitor' });
    };

    const fill = async (user: ReturnType<typeof setup>['user'], dialog: HTMLElement) => {
      await user.type(within(dialog).getByLabelText('Nombre Completo'), 'Marta Ruiz');
      await user.type(within(dialog).getByLabelText('Rol / Cargo'), 'Coordinadora de Clan');
    };

    it("has the form's fields, validates on blur and change, submit only when valid", async () => {
      const { user } = setup('admin');
      const dialog = await open(user);
      expect(within(dialog).getByLabelText('Rol / Cargo')).toHaveAttribute(
        'placeholder',
        'Ej: Coordinador de Tropa',
      );
      expect(within(dialog).getByLabelText('Descripción (Opcional)').tagName).toBe('TEXTAREA');
      const photo = within(dialog).getByLabelText('Foto (Obligatoria)');
      expect(photo).toHaveAttribute('type', 'file');
      expect(photo).toHaveAttribute('accept', 'image/*');
      expect(within(dialog).getByText('Elegir foto')).toBeInTheDocument();
      const submit = within(dialog).getByRole('button', { name: 'Crear Monitor' });
      expect(submit).toBeDisabled();

      const name = within(dialog).getByLabelText('Nombre Completo');
      await user.click(name);
      await user.tab();
      expect(await within(dialog).findByText('El nombre es obligatorio.')).toBeInTheDocument();
      await user.type(name, 'Marta Ruiz');
      await waitFor(() =>
        expect(within(dialog).queryByText('El nombre es obligatorio.')).not.toBeInTheDocument(),
      );
      expect(submit).toBeDisabled();
      const role = within(dialog).getByLabelText('Rol / Cargo');
      await user.type(role, '   ');
      expect(await within(dialog).findByText('El rol o cargo es obligatorio.')).toBeInTheDocument();
      expect(submit).toBeDisabled();
      await user.clear(role);
      await user.type(role, 'Coordinadora de Clan');
      await waitFor(() => expect(submit).toBeEnabled());
      // The fields' length limits hold the typing.
      expect(name).toHaveAttribute('maxLength', '100');
      expect(role).toHaveAttribute('maxLength', '150');
      expect(within(dialog).getByLabelText('Descripción (Opcional)')).toHaveAttribute(
        'maxLength',
        '2000',
      );
    });

    it("says 'Error: La imagen es obligatoria.' when sent without a photo", async () => {
      const { user, calls } = setup('admin');
      const dialog = await open(user);
      await fill(user, dialog);
      const submit = within(dialog).getByRole('button', { name: 'Crear Monitor' });
      await waitFor(() => expect(submit).toBeEnabled());
      await user.click(submit);
      const alert = await within(dialog).findByRole('alert');
      expect(alert).toHaveTextContent('Error: La imagen es obligatoria.');
      expect(alert).toHaveClass('alert-danger');
      expect(calls.some((c) => c.method === 'POST')).toBe(false);
    });

    it('cannot be closed with Escape', async () => {
      const { user } = setup('admin');
      const dialog = await open(user);
      await user.keyboard('{Escape}');
      expect(dialog).toBeInTheDocument();
      expect(screen.getByRole('dialog', { name: 'Añadir Nuevo Monitor' })).toBeInTheDocument();
    });

    it("says 'Creando monitor...', then 'Monitor creado con éxito.', reloads the list and closes after 1.5 s", async () => {
      let listed = [ana];
      const post = deferred();
      const { user, calls } = setup('admin', {
        'GET /monitors': () => [200, listed],
        'POST /monitors': post.handler,
      });
      const dialog = await open(user);
      await fill(user, dialog);
      await user.type(within(dialog).getByLabelText('Descripción (Opcional)'), 'Guía de rutas.');
      await user.upload(
        within(dialog).getByLabelText('Foto (Obligatoria)'),
        fileOf('marta.jpg', 'image/jpeg'),
      );
      expect(within(dialog).getByText('marta.jpg')).toBeInTheDocument();
      expect(within(dialog).getByRole('img', { name: 'Nueva foto' })).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Crear Monitor' }));

      const working = await within(dialog).findByRole('status');
      expect(working).toHaveTextContent('Creando monitor...');
      expect(within(dialog).getByRole('button', { name: 'Crear Monitor' })).toBeDisabled();
      expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeDisabled();
      const sent = calls.find((c) => c.method === 'POST')!;
      expect(sent.url).toBe('/monitors');
      const form = sent.data as FormData;
      expect(form.get('name')).toBe('Marta Ruiz');
      expect(form.get('role_description')).toBe('Coordinadora de Clan');
      expect(form.get('description')).toBe('Guía de rutas.');
      expect((form.get('image') as File).name).toBe('marta.jpg');

      vi.useFakeTimers({ shouldAdvanceTime: true });
      const created = monitorData(9, {
        name: 'Marta Ruiz',
        role_description: 'Coordinadora de Clan',
      });
      listed = [created, ...listed];
      await act(async () =>
        post.release([201, { message: 'Monitor creado con éxito.', monitor: created }]),
      );
      await waitFor(() =>
        expect(within(dialog).getByRole('status')).toHaveTextContent('Monitor creado con éxito.'),
      );
      expect(within(dialog).getByRole('status')).toHaveClass('alert-success');
      // The list reloads at once, the modal goes after 1.5 s.
      expect(await card('Marta Ruiz')).toBeInTheDocument();
      await expectClosesAfterSuccess('Añadir Nuevo Monitor');
    });

    it("shows the server's refusal as a danger alert and stays open", async () => {
      const { user } = setup('admin', {
        'POST /monitors': [
          415,
          { message: 'Formato de archivo no soportado (permitidos: jpg, jpeg, gif, png, webp)' },
        ],
      });
      const dialog = await open(user);
      await fill(user, dialog);
      await user.upload(
        within(dialog).getByLabelText('Foto (Obligatoria)'),
        fileOf('marta.jpg', 'image/jpeg'),
      );
      await user.click(within(dialog).getByRole('button', { name: 'Crear Monitor' }));
      const alert = await within(dialog).findByRole('alert');
      expect(alert).toHaveTextContent(
        'Formato de archivo no soportado (permitidos: jpg, jpeg, gif, png, webp)',
      );
      expect(alert).toHaveClass('alert-danger');
      expect(within(dialog).getByRole('button', { name: 'Crear Monitor' })).toBeEnabled();
    });

    it("without a message from the server: 'Error al crear monitor.'", async () => {
      const { user } = setup('admin', { 'POST /monitors': [500] });
      const dialog = await open(user);
      await fill(user, dialog);
      await user.upload(
        within(dialog).getByLabelText('Foto (Obligatoria)'),
        fileOf('marta.jpg', 'image/jpeg'),
      );
      await user.click(within(dialog).getByRole('button', { name: 'Crear Monitor' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('Error al crear monitor.');
    });
  });

  describe('edit modal', () => {
    const open = async (user: ReturnType<typeof setup>['user']) => {
      const first = await card('Ana Martín');
      await user.click(within(first).getByRole('button', { name: 'Editar monitor' }));
      return screen.findByRole('dialog', { name: 'Editar Monitor: Ana Martín' });
    };

    it('shows the current photo and values; submit only once something changed', async () => {
      const { user } = setup('admin');
      const dialog = await open(user);
      expect(within(dialog).getByLabelText('Nombre Completo')).toHaveValue('Ana Martín');
      expect(within(dialog).getByLabelText('Rol / Cargo')).toHaveValue('Coordinadora de Tropa');
      expect(within(dialog).getByLabelText('Descripción (Opcional)')).toHaveValue(
        'Lleva diez años en el grupo y le encantan las rutas de montaña.',
      );
      expect(within(dialog).getByRole('img', { name: 'Foto actual' })).toHaveAttribute(
        'src',
        '/media/monitors/3-thumb.webp',
      );
      expect(within(dialog).getByLabelText('Cambiar Foto (Opcional)')).toHaveAccessibleDescription(
        'Elige una foto nueva solo si quieres reemplazar la actual.',
      );
      const submit = within(dialog).getByRole('button', { name: 'Guardar Cambios' });
      expect(submit).toBeDisabled();
      // A new photo alone is a change; it replaces the current one in view.
      await user.upload(
        within(dialog).getByLabelText('Cambiar Foto (Opcional)'),
        fileOf('ana.png', 'image/png'),
      );
      await waitFor(() => expect(submit).toBeEnabled());
      expect(within(dialog).queryByRole('img', { name: 'Foto actual' })).not.toBeInTheDocument();
      expect(within(dialog).getByRole('img', { name: 'Nueva foto' })).toBeInTheDocument();
    });

    it("says 'Guardando cambios...', then 'Monitor actualizado con éxito.'; sends no photo unless replaced", async () => {
      let listed = [ana, luis];
      const put = deferred();
      const { user, calls } = setup('admin', {
        'GET /monitors': () => [200, listed],
        'PUT /monitors/3': put.handler,
      });
      const dialog = await open(user);
      const role = within(dialog).getByLabelText('Rol / Cargo');
      await user.clear(role);
      await user.type(role, 'Jefa de Grupo');
      await user.clear(within(dialog).getByLabelText('Descripción (Opcional)'));
      const submit = within(dialog).getByRole('button', { name: 'Guardar Cambios' });
      await waitFor(() => expect(submit).toBeEnabled());
      await user.click(submit);
      expect(await within(dialog).findByRole('status')).toHaveTextContent('Guardando cambios...');
      const sent = calls.find((c) => c.method === 'PUT')!;
      expect(sent.url).toBe('/monitors/3');
      const form = sent.data as FormData;
      expect(form.get('name')).toBe('Ana Martín');
      expect(form.get('role_description')).toBe('Jefa de Grupo');
      expect(form.get('description')).toBe('');
      expect(form.has('image')).toBe(false);

      vi.useFakeTimers({ shouldAdvanceTime: true });
      const updated = { ...ana, role_description: 'Jefa de Grupo', description: null };
      listed = [updated, luis];
      await act(async () =>
        put.release([200, { message: 'Monitor actualizado con éxito.', monitor: updated }]),
      );
      await waitFor(() =>
        expect(within(dialog).getByRole('status')).toHaveTextContent(
          'Monitor actualizado con éxito.',
        ),
      );
      expect(
        await within(await card('Ana Martín')).findByText('Jefa de Grupo'),
      ).toBeInTheDocument();
      await expectClosesAfterSuccess('Editar Monitor: Ana Martín');
    });

    it("without a message from the server: 'Error al actualizar monitor 3.'", async () => {
      const { user } = setup('admin', { 'PUT /monitors/3': [500] });
      const dialog = await open(user);
      await user.type(within(dialog).getByLabelText('Nombre Completo'), ' López');
      const submit = within(dialog).getByRole('button', { name: 'Guardar Cambios' });
      await waitFor(() => expect(submit).toBeEnabled());
      await user.click(submit);
      const alert = await within(dialog).findByRole('alert');
      expect(alert).toHaveTextContent('Error al actualizar monitor 3.');
      expect(alert).toHaveClass('alert-danger');
    });
  });

  describe('delete', () => {
    it("confirms, shows 'Eliminando...', then the server's message, and reloads the list", async () => {
      let listed = [ana, luis];
      const del = deferred();
      const { user } = setup('admin', {
        'GET /monitors': () => [200, listed],
        'DELETE /monitors/3': del.handler,
      });
      const first = await card('Ana Martín');
      await user.click(within(first).getByRole('button', { name: 'Eliminar monitor' }));
      const dialog = await screen.findByRole('dialog', { name: 'Eliminar monitor' });
      expect(dialog).toHaveTextContent('¿Quitar a Ana Martín del equipo de scouters?');
      expect(dialog).toHaveTextContent('Esta acción no se puede deshacer.');
      await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
      expect(await within(dialog).findByRole('button', { name: 'Eliminando...' })).toBeDisabled();
      expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeDisabled();
      listed = [luis];
      await act(async () => del.release([200, { message: 'Monitor eliminado.' }]));
      const status = await screen.findByRole('status');
      expect(status).toHaveTextContent('Monitor eliminado.');
      await waitFor(() =>
        expect(screen.queryByRole('article', { name: 'Ana Martín' })).not.toBeInTheDocument(),
      );
      expect(await card('Luis Gómez')).toBeInTheDocument();
    });

    it("failure: 'Error al eliminar el monitor: …' and the dialog closes", async () => {
      const { user } = setup('admin', { 'DELETE /monitors/3': [500] });
      const first = await card('Ana Martín');
      await user.click(within(first).getByRole('button', { name: 'Eliminar monitor' }));
      const dialog = await screen.findByRole('dialog', { name: 'Eliminar monitor' });
      await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Error al eliminar el monitor: Error al eliminar monitor 3.');
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Eliminar monitor' })).not.toBeInTheDocument(),
      );
    });
  });
});
