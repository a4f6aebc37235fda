import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { never, stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render';
import { signIn } from '../../../test/token';
import { albumData, photoData } from '../test/data';
import { AlbumPage, parseAlbumId } from './album-page';

const album = albumData(1, { title: 'Campamento de verano', description: 'Irati, julio de 2025.' });
const photos = [
  photoData(11, { description: 'Montando las tiendas', likes_count: 2, comments_count: 3 }),
  photoData(12, { user_has_liked: true, likes_count: 1 }),
];

function setup(
  role: 'usuario' | 'scouter' | 'admin',
  routes: Parameters<typeof stubApi>[0] = {},
  route = '/album/1',
) {
  signIn({ role });
  const calls = stubApi({
    'GET /albums/1': [200, album],
    'GET /photos/album/1': [200, photos],
    'GET /photos/11': [200, photos[0]],
    'GET /photos/11/comments': [200, []],
    ...routes,
  });
  return { calls, ...renderApp(<AlbumPage />, { route, path: '/album/:albumId' }) };
}

describe('parseAlbumId', () => {
  it('accepts only positive whole numbers', () => {
    expect(parseAlbumId('7')).toBe(7);
    for (const bad of [
      undefined,
      '',
      '0',
      '-1',
      '1.5',
      'abc',
      '1e3',
      ' 2',
      '99999999999999999999',
    ]) {
      expect(parseAlbumId(bad)).toBeNull();
    }
  });
});

describe('AlbumPage', () => {
  it.each(['abc', '0', '-3'])("/album/%s: 'ID de álbum inválido en la URL.' and no call", (id) => {
    const { calls } = setup('usuario', {}, `/album/${id}`);
    expect(screen.getByRole('alert')).toHaveTextContent('ID de álbum inválido en la URL.');
    expect(calls).toHaveLength(0);
  });

  it("says 'Álbum no encontrado' on a 404", async () => {
    setup('usuario', {
      'GET /albums/1': [404, { message: 'Álbum no encontrado' }],
      'GET /photos/album/1': [404, { message: 'Álbum no encontrado' }],
    });
    expect(await screen.findByRole('heading', { name: 'Álbum no encontrado' })).toBeInTheDocument();
  });

  it('loads the album and its photos together', async () => {
    const { calls } = setup('usuario', { 'GET /photos/album/1': never });
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls.map((c) => c.url).sort()).toEqual(['/albums/1', '/photos/album/1']);
    expect(screen.getByText('Cargando álbum...')).toBeInTheDocument();
  });

  it('shows title, description and the thumbnails (never the display copy)', async () => {
    setup('usuario');
    expect(
      await screen.findByRole('heading', { name: 'Campamento de verano' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Irati, julio de 2025.')).toBeInTheDocument();
    const images = Array.from(document.querySelectorAll('img.media-box-image'));
    expect(images.map((i) => i.getAttribute('src'))).toEqual([
      '/media/photos/11-thumb.webp?exp=1&sig=a',
      '/media/photos/12-thumb.webp?exp=1&sig=a',
    ]);
    expect(images[0]).toHaveAttribute('width', '1600');
    expect(images[0]).toHaveAttribute('height', '1200');
    expect(screen.getByText('Montando las tiendas')).toBeInTheDocument();
  });

  it("shows the audience's badges under the title, none for the whole group", async () => {
    const forSections = {
      ...album,
      audience: [
        { id: 1, name: 'Manada', colour: '#b45309' },
        { id: 2, name: 'Tropa', colour: '#15803d' },
      ],
    };
    setup('usuario', { 'GET /albums/1': [200, forSections] });
    const badges = await screen.findByRole('list', { name: 'Para: Manada, Tropa' });
    expect(
      within(badges)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Manada', 'Tropa']);
    expect(within(badges).getByText('Manada')).toHaveStyle({ color: '#ffffff' });
  });

  it('shows no audience badge for a whole-group album', async () => {
    setup('usuario');
    await screen.findByRole('heading', { name: 'Campamento de verano' });
    expect(screen.queryByRole('list', { name: /^Para:/ })).not.toBeInTheDocument();
  });

  it('gives a usuario likes and comments but no manager control', async () => {
    setup('usuario');
    await screen.findByRole('heading', { name: 'Campamento de verano' });
    expect(screen.getAllByRole('button', { name: /^Me gusta:/ })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: /^Quitar me gusta:/ })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Ver 3 comentarios' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Subir fotos' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Eliminar foto' })).not.toBeInTheDocument();
  });

  it.each(['scouter', 'admin'] as const)(
    'gives a %s the upload and delete controls',
    async (role) => {
      setup(role);
      await screen.findByRole('heading', { name: 'Campamento de verano' });
      expect(screen.getByRole('button', { name: 'Subir fotos' })).toBeInTheDocument();
      expect(screen.getAllByRole('button', { name: 'Eliminar foto' })).toHaveLength(2);
    },
  );

  it('empty: plain for a usuario, an invitation to upload for managers', async () => {
    setup('usuario', { 'GET /photos/album/1': [200, []] });
    expect(await screen.findByText('Este álbum aún no tiene fotos.')).toBeInTheDocument();
    expect(screen.queryByText(/Sube algunas/)).not.toBeInTheDocument();
  });

  it('empty for a scouter', async () => {
    setup('scouter', { 'GET /photos/album/1': [200, []] });
    const text = await screen.findByText(/Este álbum aún no tiene fotos\./);
    expect(text.textContent).toBe('Este álbum aún no tiene fotos. ¡Sube algunas con el botón +!');
  });

  it('opens the detail from the comment count; it refetches the photo and shows the display copy', async () => {
    const { user, calls } = setup('usuario', {
      'GET /photos/11': [
        200,
        { ...photos[0], description: 'Montando las tiendas (nueva)', likes_count: 5 },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Ver 3 comentarios' }));
    const dialog = await screen.findByRole('dialog', { name: 'Detalle de Foto' });
    expect(await within(dialog).findByText('Montando las tiendas (nueva)')).toBeInTheDocument();
    expect(
      within(dialog).getByRole('img', { name: 'Montando las tiendas (nueva)' }),
    ).toHaveAttribute('src', '/media/photos/11.webp?exp=1&sig=a');
    expect(within(dialog).getByTestId('like-count')).toHaveTextContent('5');
    expect(within(dialog).getByRole('heading', { name: 'Comentarios (3)' })).toBeInTheDocument();
    // The comment form loads on its own (only for those who may comment).
    expect(
      await within(dialog).findByRole('textbox', { name: 'Escribe un comentario' }),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/photos/11')).toBe(true);

    // Closing reloads the album.
    const before = calls.filter((c) => c.url === '/photos/album/1').length;
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/photos/album/1').length).toBeGreaterThan(before),
    );
    expect(calls.filter((c) => c.url === '/albums/1').length).toBeGreaterThan(1);
  });

  // The detail loads from its own chunk on first open: more than the default 5 s on a busy machine.
  it('moves through the album by arrow keys and buttons, in the address; closing goes back', {
    timeout: 15_000,
  }, async () => {
    const { user, calls } = setup('usuario', {
      'GET /albums/1': [200, { ...album, photos_count: 2000 }],
      'GET /photos/12': [200, photos[1]],
      'GET /photos/12/comments': [200, []],
    });
    await user.click(await screen.findByRole('button', { name: /^Ver foto 1: / }));
    const dialog = await screen.findByRole('dialog', { name: 'Detalle de Foto' });
    const nav = within(dialog).getByRole('navigation', { name: 'Navegación entre fotos' });
    expect(nav).toHaveTextContent('1 de 2.000');
    expect(screen.getByTestId('location')).toHaveTextContent('/album/1?foto=11');
    expect(within(nav).getByRole('button', { name: 'Foto anterior' })).toBeDisabled();
    await user.keyboard('{ArrowRight}');
    expect(nav).toHaveTextContent('2 de 2.000');
    expect(screen.getByTestId('location')).toHaveTextContent('/album/1?foto=12');
    await waitFor(() => expect(calls.some((c) => c.url === '/photos/12')).toBe(true));
    // The last loaded photo: nothing after it yet (the album's next page is asked for).
    expect(within(nav).getByRole('button', { name: 'Foto siguiente' })).toBeDisabled();
    await user.click(within(nav).getByRole('button', { name: 'Foto anterior' }));
    expect(nav).toHaveTextContent('1 de 2.000');
    // Typing a comment is not moving.
    const box = await within(dialog).findByRole('textbox', { name: 'Escribe un comentario' });
    await user.type(box, 'Hola{ArrowRight}');
    expect(nav).toHaveTextContent('1 de 2.000');
    // Closing goes back to the grid's address, as the back button would.
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/album\/1$/));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens the photo a shared address names, with its place in the album', {
    timeout: 15_000,
  }, async () => {
    setup(
      'usuario',
      { 'GET /photos/12': [200, photos[1]], 'GET /photos/12/comments': [200, []] },
      '/album/1?foto=12',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Detalle de Foto' });
    expect(within(dialog).getByRole('navigation')).toHaveTextContent('2 de 2');
    expect(
      within(dialog).getByRole('img', { name: 'Campamento de verano, foto 2 de 2' }),
    ).toBeInTheDocument();
  });

  it('keeps the list data when the refetch fails', async () => {
    const { user } = setup('usuario', {
      'GET /photos/11': [500, { message: 'Error interno del servidor.' }],
    });
    await user.click(await screen.findByRole('button', { name: /Ver foto 1/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Detalle de Foto' });
    expect(within(dialog).getByRole('img', { name: 'Montando las tiendas' })).toHaveAttribute(
      'src',
      '/media/photos/11.webp?exp=1&sig=a',
    );
    expect(within(dialog).getByTestId('like-count')).toHaveTextContent('2');
  });

  it('a like in the grid goes to /photos/{id}/like and shows the answer', async () => {
    const { user, calls } = setup('usuario', {
      'POST /photos/11/like': [201, { likeCount: 3, userHasLiked: true }],
    });
    await screen.findByRole('heading', { name: 'Campamento de verano' });
    await user.click(screen.getByRole('button', { name: /^Me gusta:/ }));
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: /^Quitar me gusta:/ })).toHaveLength(2),
    );
    expect(calls.some((c) => c.method === 'POST' && c.url === '/photos/11/like')).toBe(true);
  });

  it('deletes a photo after confirmation; a failure is reported', async () => {
    const { user } = setup('scouter', {
      'DELETE /photos/12': [500, { message: 'Error interno del servidor.' }],
    });
    await screen.findByRole('heading', { name: 'Campamento de verano' });
    await user.click(screen.getAllByRole('button', { name: 'Eliminar foto' })[1]!);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Esta acción no se puede deshacer.');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(
      await screen.findByText('Error al eliminar la foto: Error interno del servidor.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
