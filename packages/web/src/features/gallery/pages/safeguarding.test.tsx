import { SERVER_SUCCESS } from '@fogata/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render';
import { signIn } from '../../../test/token';
import { albumData, fileOf, photoData } from '../test/data';
import { AlbumPage } from './album-page';
import { GalleryPage } from './gallery-page';

/** Drafts and removal requests in the gallery (decision 018). */
const CONFIG = { groupName: 'Grupo', oidc: null };

describe('create modal: Publicar ahora', () => {
  async function openCreate(albumsPublishByDefault: boolean) {
    signIn({ role: 'scouter' });
    const calls = stubApi({
      'GET /albums': [200, []],
      'GET /config': [200, { ...CONFIG, albumsPublishByDefault }],
      'POST /albums/newAlbum': [201, { message: 'Álbum creado con éxito.', album: albumData(5) }],
    });
    const { user } = renderApp(<GalleryPage />, { route: '/gallery' });
    await user.click(await screen.findByRole('button', { name: 'Crear nuevo álbum' }));
    const dialog = await screen.findByRole('dialog', { name: 'Crear Nuevo Álbum' });
    await user.type(within(dialog).getByLabelText('Título'), 'Rutas de otoño');
    await user.upload(
      within(dialog).getByLabelText('Imagen de portada'),
      fileOf('portada.jpg', 'image/jpeg'),
    );
    return { user, dialog, calls };
  }

  it('is checked by default (visible at once); unchecked, it creates a draft', async () => {
    const { user, dialog, calls } = await openCreate(true);
    const box = within(dialog).getByLabelText('Publicar ahora');
    expect(box).toBeChecked();
    await user.click(box);
    expect(within(dialog).getByText(/queda como borrador/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Crear Álbum' }));
    await within(dialog).findByText('Álbum creado con éxito.');
    const post = calls.find((c) => c.method === 'POST')!;
    expect((post.data as FormData).get('publish')).toBe('false');
  });

  it('starts unchecked when the server reviews every album first', async () => {
    const { dialog } = await openCreate(false);
    await waitFor(() => expect(within(dialog).getByLabelText('Publicar ahora')).not.toBeChecked());
  });
});

describe('album page', () => {
  it('shows a draft with its badge and publishes it after confirmation', async () => {
    signIn({ role: 'scouter' });
    let published = false;
    const calls = stubApi({
      'GET /albums/1': () => [200, albumData(1, { title: 'Pascua', published })],
      'GET /photos/album/1': [200, []],
      'POST /albums/1/publish': () => {
        published = true;
        return [
          200,
          { message: SERVER_SUCCESS.albumPublished, album: albumData(1, { published: true }) },
        ];
      },
    });
    const { user } = renderApp(<AlbumPage />, { route: '/album/1', path: '/album/:albumId' });
    expect(await screen.findByText('Borrador — solo lo ven los scouters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Publicar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publicar álbum' });
    await user.click(within(dialog).getByRole('button', { name: 'Publicar' }));
    expect(await screen.findByText(SERVER_SUCCESS.albumPublished)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/albums/1/publish')).toBe(true);
    await waitFor(() =>
      expect(screen.queryByText('Borrador — solo lo ven los scouters')).not.toBeInTheDocument(),
    );
  });

  it('gives a usuario no publish control and no draft badge', async () => {
    signIn({ role: 'usuario' });
    stubApi({
      'GET /albums/1': [200, albumData(1, { title: 'Pascua' })],
      'GET /photos/album/1': [200, []],
      'GET /removal-requests/mine': [200, []],
    });
    renderApp(<AlbumPage />, { route: '/album/1', path: '/album/:albumId' });
    expect(await screen.findByRole('heading', { name: 'Pascua' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publicar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Volver a borrador' })).not.toBeInTheDocument();
  });

  it('lets a usuario ask to hide a photo with a reason; the photo gives way to the message', async () => {
    signIn({ role: 'usuario' });
    let mine: unknown[] = [];
    let photos = [photoData(11), photoData(12)];
    const calls = stubApi({
      'GET /albums/1': [200, albumData(1, { title: 'Pascua' })],
      'GET /photos/album/1': () => [200, photos],
      'GET /photos/11': [200, photos[0]],
      'GET /photos/11/comments': [200, []],
      'GET /removal-requests/mine': () => [200, mine],
      'POST /photos/11/removal-request': () => {
        const request = {
          id: 3,
          photo_id: 11,
          album_id: 1,
          album_title: 'Pascua',
          reason: 'Sale mi hijo',
          status: 'pending',
          resolution_note: null,
          created_at: '2025-05-01T10:00:00Z',
          resolved_at: null,
        };
        mine = [request];
        photos = [photoData(12)];
        return [201, { message: SERVER_SUCCESS.removalRequested, request }];
      },
    });
    const { user } = renderApp(<AlbumPage />, { route: '/album/1', path: '/album/:albumId' });
    await user.click(await screen.findByRole('button', { name: 'Ver foto 1' }));
    const detail = await screen.findByRole('dialog', { name: 'Detalle de Foto' });
    await user.click(within(detail).getByRole('button', { name: 'Pedir que se retire esta foto' }));
    const ask = await screen.findByRole('dialog', { name: 'Pedir que se retire esta foto' });
    expect(within(ask).getByText(/dejará de verse en el acto/)).toBeInTheDocument();
    await user.type(within(ask).getByLabelText('Motivo (opcional)'), 'Sale mi hijo');
    await user.click(within(ask).getByRole('button', { name: 'Pedir que se retire' }));
    expect(await within(detail).findByText(SERVER_SUCCESS.removalRequested)).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(post.data as string)).toEqual({ reason: 'Sale mi hijo' });
    // Where the photo was, the album now says so.
    expect(await screen.findByTestId('my-hidden-photos')).toHaveTextContent(
      SERVER_SUCCESS.removalRequested,
    );
  });

  it('offers no removal request to a scouter, who sees hidden photos marked', async () => {
    signIn({ role: 'scouter' });
    stubApi({
      'GET /albums/1': [200, albumData(1, { title: 'Pascua' })],
      'GET /photos/album/1': [200, [photoData(11, { hidden: true })]],
      'GET /photos/11': [200, photoData(11, { hidden: true })],
      'GET /photos/11/comments': [200, []],
    });
    const { user } = renderApp(<AlbumPage />, { route: '/album/1', path: '/album/:albumId' });
    expect(await screen.findByText('Oculta por una solicitud de retirada')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ver foto 1' }));
    const detail = await screen.findByRole('dialog', { name: 'Detalle de Foto' });
    expect(
      within(detail).queryByRole('button', { name: 'Pedir que se retire esta foto' }),
    ).not.toBeInTheDocument();
  });
});
