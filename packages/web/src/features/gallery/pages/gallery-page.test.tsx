import { screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { never, stubApi } from '../../../test/api-stub';
import { expectClosesAfterSuccess } from '../../../test/modal';
import { renderApp } from '../../../test/render';
import { signIn } from '../../../test/token';
import { albumData, fileOf } from '../test/data';
import { GalleryPage } from './gallery-page';

const long =
  'Tres días en el bosque de Irati con la Tropa: rutas, juegos nocturnos, una tormenta y muchas risas alrededor del fuego.';

function setup(role: 'usuario' | 'scouter' | 'admin', routes: Parameters<typeof stubApi>[0] = {}) {
  signIn({ role });
  const calls = stubApi({
    'GET /albums': [
      200,
      [
        albumData(1, {
          title: 'Campamento de verano',
          description: long,
          likes_count: 4,
          comments_count: 2,
          photos_count: 12,
        }),
        albumData(2, { title: 'Salida a la sierra', description: 'Corta.' }),
      ],
    ],
    ...routes,
  });
  return { calls, ...renderApp(<GalleryPage />, { route: '/gallery' }) };
}

const card = async (title: string) =>
  (await screen.findByRole('link', { name: title })).closest('.card') as HTMLElement;

describe('GalleryPage', () => {
  it('shows 8 skeleton cards while loading', () => {
    signIn({ role: 'usuario' });
    stubApi({ 'GET /albums': never });
    renderApp(<GalleryPage />, { route: '/gallery' });
    expect(screen.getByRole('heading', { name: 'Álbumes de Fotos' })).toBeInTheDocument();
    expect(screen.getAllByTestId('skeleton-card')).toHaveLength(8);
    expect(screen.getByText('Cargando álbumes...')).toBeInTheDocument();
  });

  it('shows each album: thumbnail, title linking to it, counts, cut description', async () => {
    const { user } = setup('usuario');
    const first = await card('Campamento de verano');
    expect(within(first).getByRole('link', { name: 'Campamento de verano' })).toHaveAttribute(
      'href',
      '/album/1',
    );
    const img = first.querySelector('img.media-box-image')!;
    expect(img).toHaveAttribute('src', '/media/albums/1/cover-thumb.webp?exp=1&sig=a');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(within(first).getByText('4 me gusta')).toBeInTheDocument();
    expect(within(first).getByText('2 comentarios')).toBeInTheDocument();
    expect(within(first).getByText('12 fotos')).toBeInTheDocument();
    // 80 characters, then 'Mostrar más'.
    expect(within(first).getByText(`${long.slice(0, 80).trimEnd()}…`)).toBeInTheDocument();
    await user.click(within(first).getByRole('button', { name: 'Mostrar más' }));
    expect(within(first).getByText(long)).toBeInTheDocument();
    await user.click(within(first).getByRole('button', { name: 'Mostrar menos' }));
    expect(within(first).queryByText(long)).not.toBeInTheDocument();
    const second = await card('Salida a la sierra');
    expect(within(second).getByText('Corta.')).toBeInTheDocument();
    expect(within(second).queryByRole('button', { name: 'Mostrar más' })).not.toBeInTheDocument();
  });

  it('gives a usuario no manager control', async () => {
    setup('usuario');
    await card('Campamento de verano');
    expect(screen.queryByRole('button', { name: 'Crear nuevo álbum' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Editar álbum' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Eliminar álbum' })).not.toBeInTheDocument();
  });

  it.each(['scouter', 'admin'] as const)(
    'gives a %s the create, edit and delete controls',
    async (role) => {
      setup(role);
      const first = await card('Campamento de verano');
      expect(screen.getByRole('button', { name: 'Crear nuevo álbum' })).toBeInTheDocument();
      expect(within(first).getByRole('button', { name: 'Editar álbum' })).toBeInTheDocument();
      expect(within(first).getByRole('button', { name: 'Eliminar álbum' })).toBeInTheDocument();
      expect(screen.getAllByRole('button', { name: 'Editar álbum' })).toHaveLength(2);
    },
  );

  it('empty: the plain text for a usuario', async () => {
    setup('usuario', { 'GET /albums': [200, []] });
    expect(await screen.findByText('No hay álbumes para mostrar.')).toBeInTheDocument();
    expect(screen.queryByText(/Crea el primero/)).not.toBeInTheDocument();
  });

  it('empty: managers are told to create the first one', async () => {
    setup('scouter', { 'GET /albums': [200, []] });
    expect(
      await screen.findByText('No hay álbumes para mostrar. ¡Crea el primero con el botón +!'),
    ).toBeInTheDocument();
  });

  it("load failure: dismissible 'No se pudieron cargar los álbumes.'", async () => {
    const { user } = setup('usuario', {
      'GET /albums': [500, { message: 'Error interno del servidor.' }],
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se pudieron cargar los álbumes.');
    await user.click(within(alert).getByRole('button', { name: 'Cerrar aviso' }));
    expect(screen.queryByText('No se pudieron cargar los álbumes.')).not.toBeInTheDocument();
  });

  describe('create modal', () => {
    const open = async (user: ReturnType<typeof setup>['user']) => {
      await user.click(await screen.findByRole('button', { name: 'Crear nuevo álbum' }));
      return screen.findByRole('dialog', { name: 'Crear Nuevo Álbum' });
    };

    it('keeps submit disabled while untouched or invalid, and validates on change and blur', async () => {
      const { user } = setup('scouter');
      const dialog = await open(user);
      const submit = within(dialog).getByRole('button', { name: 'Crear Álbum' });
      expect(submit).toBeDisabled();
      const title = within(dialog).getByLabelText('Título');
      await user.click(title);
      await user.tab();
      expect(await within(dialog).findByText('El título es obligatorio.')).toBeInTheDocument();
      expect(submit).toBeDisabled();
      await user.type(title, '   ');
      expect(submit).toBeDisabled();
      await user.clear(title);
      await user.type(title, 'Rutas de otoño');
      await waitFor(() => expect(submit).toBeEnabled());
      expect(within(dialog).queryByText('El título es obligatorio.')).not.toBeInTheDocument();
      const input = within(dialog).getByLabelText('Imagen de portada');
      expect(input).toHaveAttribute('accept', 'image/*');
    });

    it('says the cover is required when sent without one', async () => {
      const { user, calls } = setup('admin');
      const dialog = await open(user);
      await user.type(within(dialog).getByLabelText('Título'), 'Rutas de otoño');
      const submit = within(dialog).getByRole('button', { name: 'Crear Álbum' });
      await waitFor(() => expect(submit).toBeEnabled());
      await user.click(submit);
      const alert = await within(dialog).findByRole('alert');
      expect(alert).toHaveTextContent(
        'Error: La imagen de portada es obligatoria. Refresca e intenta de nuevo.',
      );
      expect(alert).toHaveClass('alert-danger');
      expect(calls.some((c) => c.method === 'POST')).toBe(false);
    });

    it('cannot be closed with Escape', async () => {
      const { user } = setup('admin');
      const dialog = await open(user);
      await user.keyboard('{Escape}');
      expect(dialog).toBeInTheDocument();
      expect(screen.getByRole('dialog', { name: 'Crear Nuevo Álbum' })).toBeInTheDocument();
    });

    it('creates the album, says so, closes after 1.5 s and reloads the list', async () => {
      let listed = [albumData(1)];
      const { user, calls } = setup('scouter', {
        'GET /albums': () => [200, listed],
        'POST /albums/newAlbum': () => {
          listed = [albumData(9, { title: 'Rutas de otoño' }), ...listed];
          return [201, { message: 'Álbum creado con éxito.', album: listed[0] }];
        },
      });
      const dialog = await open(user);
      await user.type(within(dialog).getByLabelText('Título'), 'Rutas de otoño');
      await user.type(within(dialog).getByLabelText('Descripción (opcional)'), 'Hayedos.');
      await user.upload(
        within(dialog).getByLabelText('Imagen de portada'),
        fileOf('portada.jpg', 'image/jpeg'),
      );
      vi.useFakeTimers({ shouldAdvanceTime: true });
      await user.click(within(dialog).getByRole('button', { name: 'Crear Álbum' }));
      const status = await within(dialog).findByRole('status');
      expect(status).toHaveTextContent('Álbum creado con éxito.');
      expect(status).toHaveClass('alert-success');
      const post = calls.find((c) => c.method === 'POST')!;
      expect(post.url).toBe('/albums/newAlbum');
      const form = post.data as FormData;
      expect(form.get('title')).toBe('Rutas de otoño');
      expect(form.get('description')).toBe('Hayedos.');
      expect((form.get('cover') as File).name).toBe('portada.jpg');
      // The list reloads at once, the modal goes after 1.5 s.
      expect(await screen.findByRole('link', { name: 'Rutas de otoño' })).toBeInTheDocument();
      await expectClosesAfterSuccess('Crear Nuevo Álbum');
    });

    it("shows the server's error as a danger alert and stays open", async () => {
      const { user } = setup('scouter', {
        'POST /albums/newAlbum': [
          415,
          { message: 'Formato de archivo no soportado (permitidos: jpg, jpeg, gif, png, webp)' },
        ],
      });
      const dialog = await open(user);
      await user.type(within(dialog).getByLabelText('Título'), 'Rutas');
      await user.upload(
        within(dialog).getByLabelText('Imagen de portada'),
        fileOf('a.jpg', 'image/jpeg'),
      );
      await user.click(within(dialog).getByRole('button', { name: 'Crear Álbum' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'Formato de archivo no soportado (permitidos: jpg, jpeg, gif, png, webp)',
      );
      expect(within(dialog).getByRole('button', { name: 'Crear Álbum' })).toBeEnabled();
    });
  });

  it('edit: enabled only when valid and changed; sends title, description and no cover', async () => {
    const { user, calls } = setup('scouter', {
      'PUT /albums/2': [200, { message: 'Álbum actualizado con éxito.', album: albumData(2) }],
    });
    const second = await card('Salida a la sierra');
    await user.click(within(second).getByRole('button', { name: 'Editar álbum' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Álbum' });
    const title = within(dialog).getByLabelText('Título');
    expect(title).toHaveValue('Salida a la sierra');
    const save = within(dialog).getByRole('button', { name: 'Guardar Cambios' });
    expect(save).toBeDisabled();
    await user.type(title, ' 2025');
    await waitFor(() => expect(save).toBeEnabled());
    await user.clear(title);
    await waitFor(() => expect(save).toBeDisabled());
    await user.type(title, 'Salida a la sierra');
    await waitFor(() => expect(save).toBeDisabled());
    await user.type(title, ' 2025');
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(await within(dialog).findByText('Álbum actualizado con éxito.')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!;
    const form = put.data as FormData;
    expect(form.get('title')).toBe('Salida a la sierra 2025');
    expect(form.get('description')).toBe('Corta.');
    expect(form.has('cover')).toBe(false);
    // The audience did not change: it is not sent.
    expect(form.has('sections')).toBe(false);
  });

  describe("an album's audience", () => {
    const manada = { id: 1, name: 'Manada', colour: '#b45309' };
    const tropa = { id: 2, name: 'Tropa', colour: '#15803d' };
    const withChoices = (role: 'scouter' | 'admin', routes: Parameters<typeof stubApi>[0] = {}) =>
      setup(role, {
        'GET /albums': [
          200,
          [
            albumData(1, { title: 'Campamento de verano', audience: [tropa] }),
            albumData(2, { title: 'Salida a la sierra' }),
          ],
        ],
        'GET /albums/audience-choices': [200, [manada, tropa]],
        ...routes,
      });

    it("shows a badge per section, in the section's colour with readable text; none for the group", async () => {
      withChoices('admin');
      const first = await card('Campamento de verano');
      const badges = within(first).getByRole('list', { name: 'Para: Tropa' });
      const badge = within(badges).getByText('Tropa');
      expect(badge).toHaveStyle({ backgroundColor: '#15803d', color: '#ffffff' });
      const second = await card('Salida a la sierra');
      expect(within(second).queryByRole('list')).not.toBeInTheDocument();
    });

    it('creates for the whole group by default, or for the sections ticked', async () => {
      const { user, calls } = withChoices('scouter', {
        'POST /albums/newAlbum': [
          201,
          { message: 'Álbum creado con éxito.', album: albumData(9, { audience: [tropa] }) },
        ],
      });
      await user.click(await screen.findByRole('button', { name: 'Crear nuevo álbum' }));
      const dialog = await screen.findByRole('dialog', { name: 'Crear Nuevo Álbum' });
      const audience = within(dialog).getByRole('group', { name: 'Quién lo ve' });
      expect(within(audience).getByLabelText('Todo el grupo')).toBeChecked();
      await user.type(within(dialog).getByLabelText('Título'), 'Acampada');
      await user.upload(
        within(dialog).getByLabelText('Imagen de portada'),
        fileOf('portada.jpg', 'image/jpeg'),
      );
      const submit = within(dialog).getByRole('button', { name: 'Crear Álbum' });
      await waitFor(() => expect(submit).toBeEnabled());
      await user.click(await within(audience).findByLabelText('Solo algunas secciones'));
      expect(within(dialog).getByText('Elige al menos una sección.')).toBeInTheDocument();
      expect(submit).toBeDisabled();
      await user.click(within(audience).getByLabelText('Tropa'));
      expect(within(dialog).queryByText('Elige al menos una sección.')).not.toBeInTheDocument();
      await waitFor(() => expect(submit).toBeEnabled());
      await user.click(submit);
      await within(dialog).findByRole('status');
      const form = calls.find((c) => c.method === 'POST')!.data as FormData;
      expect(form.get('sections')).toBe('2');
    });

    it('edit: shows the audience as it is, and sends it only when it changed', async () => {
      const { user, calls } = withChoices('admin', {
        'PUT /albums/1': [200, { message: 'Álbum actualizado con éxito.', album: albumData(1) }],
      });
      const first = await card('Campamento de verano');
      await user.click(within(first).getByRole('button', { name: 'Editar álbum' }));
      const dialog = await screen.findByRole('dialog', { name: 'Editar Álbum' });
      const audience = within(dialog).getByRole('group', { name: 'Quién lo ve' });
      expect(within(audience).getByLabelText('Solo algunas secciones')).toBeChecked();
      expect(await within(audience).findByLabelText('Tropa')).toBeChecked();
      expect(within(audience).getByLabelText('Manada')).not.toBeChecked();
      const save = within(dialog).getByRole('button', { name: 'Guardar Cambios' });
      expect(save).toBeDisabled();
      await user.click(within(audience).getByLabelText('Manada'));
      await waitFor(() => expect(save).toBeEnabled());
      await user.click(within(audience).getByLabelText('Manada'));
      await waitFor(() => expect(save).toBeDisabled());
      await user.click(within(audience).getByLabelText('Todo el grupo'));
      await waitFor(() => expect(save).toBeEnabled());
      await user.click(save);
      await within(dialog).findByText('Álbum actualizado con éxito.');
      const form = calls.find((c) => c.method === 'PUT')!.data as FormData;
      expect(form.get('sections')).toBe('');
    });
  });

  it('delete: confirms, locks the buttons while deleting, and reports a failure', async () => {
    let answer: (reply: [number, unknown]) => void = () => {};
    const { user } = setup('admin', {
      'DELETE /albums/1': () =>
        new Promise((res) => {
          answer = res;
        }),
    });
    const first = await card('Campamento de verano');
    await user.click(within(first).getByRole('button', { name: 'Eliminar álbum' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Esta acción no se puede deshacer.');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(within(dialog).getByRole('button', { name: 'Eliminando...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeDisabled();
    await act(async () => answer([500, { message: 'Error interno del servidor.' }]));
    expect(
      await screen.findByText('Error al eliminar el álbum: Error interno del servidor.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
