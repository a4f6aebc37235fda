import { screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { never, stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render';
import { signIn } from '../../../test/token';
import { commentData, fileOf, newsData } from '../test/data';
import { NewsDetailPage } from './post-detail-page';
import { NewsListPage } from './post-list-page';

type Role = 'usuario' | 'scouter' | 'admin' | null;

const item = newsData(4, {
  title: 'Campamento de verano 2025',
  description: 'Quince días en los Pirineos.',
  content: 'Salimos el 1 de julio.\nVolvemos el 15.\n\n<b>¡Apuntaos!</b>',
  created_at: '2025-05-07T10:00:00Z',
  likes_count: 2,
  comments_count: 1,
});

function setup(role: Role, routes: Parameters<typeof stubApi>[0] = {}, route = '/news/4') {
  if (role) signIn({ role, id: 7 });
  const calls = stubApi({
    'GET /news/4': [200, item],
    'GET /news/4/comments': [200, [commentData(1)]],
    'GET /news': [200, []],
    ...routes,
  });
  return {
    calls,
    ...renderApp(<NewsDetailPage />, {
      route,
      path: '/news/:newsId',
      routes: { '/news': <NewsListPage /> },
    }),
  };
}

describe('NewsDetailPage', () => {
  it.each(['abc', '0', '-2', '1.5'])(
    "/news/%s: 'ID de noticia no válido o no proporcionado.' and no call",
    (id) => {
      const { calls } = setup(null, {}, `/news/${id}`);
      expect(screen.getByRole('alert')).toHaveTextContent(
        'ID de noticia no válido o no proporcionado.',
      );
      expect(calls).toHaveLength(0);
    },
  );

  it('shows a loading state first', () => {
    setup(null, { 'GET /news/4': never });
    expect(screen.getByRole('status')).toHaveTextContent('Cargando noticia...');
  });

  it("404: 'Noticia no encontrada' and 'La noticia no existe o no pudo ser cargada.'", async () => {
    setup(null, { 'GET /news/4': [404, { message: 'Noticia no encontrada' }] });
    expect(
      await screen.findByRole('heading', { name: 'Noticia no encontrada' }),
    ).toBeInTheDocument();
    expect(screen.getByText('La noticia no existe o no pudo ser cargada.')).toBeInTheDocument();
  });

  it('any other failure: a danger alert with the reason', async () => {
    setup(null, { 'GET /news/4': [500, {}] });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al obtener la noticia 4.');
  });

  it('shows title, long es-ES date, display image, italic summary, content as text with its line breaks', async () => {
    setup(null);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Campamento de verano 2025' }),
    ).toBeInTheDocument();
    expect(screen.getByText('7 de mayo de 2025')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Campamento de verano 2025' })).toHaveAttribute(
      'src',
      '/media/news/4/display.webp',
    );
    expect(screen.getByText('Quince días en los Pirineos.')).toHaveClass('fst-italic');
    const content = screen.getByText(/Salimos el 1 de julio\./);
    // Never HTML: the tags stay text; the line breaks stay (pre-wrap).
    expect(content.textContent).toBe(item.content);
    expect(content.querySelector('b')).toBeNull();
    expect(content).toHaveClass('preserve-lines');
    expect(screen.getByRole('heading', { name: 'Comentarios (1)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Me gusta: 2' })).toBeInTheDocument();
  });

  it("without an image: '(Sin imagen)'; without a date: 'Fecha no disponible'", async () => {
    setup(null, {
      'GET /news/4': [200, { ...item, image_url: null, thumb_url: null, created_at: '' }],
    });
    expect(await screen.findByText('(Sin imagen)')).toBeInTheDocument();
    expect(screen.getByText('Fecha no disponible')).toBeInTheDocument();
  });

  it('an anonymous visitor gets the login link instead of the comment form, and no manager control', async () => {
    setup(null);
    const link = await screen.findByRole('link', { name: 'Debes iniciar sesión para comentar.' });
    expect(link).toHaveAttribute('href', '/login');
    expect(
      screen.queryByRole('textbox', { name: 'Escribe un comentario' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Editar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Borrar' })).not.toBeInTheDocument();
  });

  it('a usuario comments but does not manage', async () => {
    setup('usuario');
    expect(
      await screen.findByRole('textbox', { name: 'Escribe un comentario' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Editar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Borrar' })).not.toBeInTheDocument();
  });

  it.each(['scouter', 'admin'] as const)('a %s gets Editar and Borrar', async (role) => {
    setup(role);
    expect(await screen.findByRole('button', { name: 'Editar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Borrar' })).toBeInTheDocument();
  });

  it('the comment count moves by one each way and never below 0', async () => {
    let comments = [commentData(1, { comment_text: 'Primero' })];
    const { user } = setup('usuario', {
      'GET /news/4': [200, { ...item, comments_count: 0 }],
      'GET /news/4/comments': () => [200, comments],
      'POST /news/4/comments': () => {
        const added = commentData(2, { comment_text: '¡Qué ganas!', user_id: 7 });
        comments = [added, ...comments];
        return [201, added];
      },
      'DELETE /news/4/comments/2': () => {
        comments = comments.filter((c) => c.id !== 2);
        return [200, { message: 'Comentario eliminado.' }];
      },
      'DELETE /news/4/comments/1': () => {
        comments = [];
        return [200, { message: 'Comentario eliminado.' }];
      },
    });
    expect(await screen.findByRole('heading', { name: 'Comentarios (0)' })).toBeInTheDocument();
    await user.type(
      await screen.findByRole('textbox', { name: 'Escribe un comentario' }),
      '¡Qué ganas!',
    );
    await user.click(screen.getByRole('button', { name: 'Comentar' }));
    expect(await screen.findByRole('heading', { name: 'Comentarios (1)' })).toBeInTheDocument();
    expect(await screen.findByText('¡Qué ganas!')).toBeInTheDocument();

    const remove = async (text: string) => {
      const row = (await screen.findByText(text)).closest('li') as HTMLElement;
      await user.click(within(row).getByRole('button', { name: 'Eliminar comentario' }));
      const dialog = await screen.findByRole('dialog', { name: 'Eliminar comentario' });
      await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
      await waitFor(() => expect(screen.queryByText(text)).not.toBeInTheDocument());
    };
    await remove('¡Qué ganas!');
    expect(await screen.findByRole('heading', { name: 'Comentarios (0)' })).toBeInTheDocument();
    // The server said 0 while one was listed: a delete keeps the count at 0.
    await remove('Primero');
    expect(screen.getByRole('heading', { name: 'Comentarios (0)' })).toBeInTheDocument();
  });

  it('Borrar: confirms, deletes and goes to /news', async () => {
    const { user, calls } = setup('scouter', {
      'DELETE /news/4': [200, { message: 'Noticia eliminada.' }],
    });
    await user.click(await screen.findByRole('button', { name: 'Borrar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar noticia' });
    expect(dialog).toHaveTextContent('Esta acción no se puede deshacer.');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/news'));
    expect(await screen.findByText('Noticia eliminada.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/news/4')).toBe(true);
  });

  it('Borrar failure: says why and stays', async () => {
    const { user } = setup('admin', {
      'DELETE /news/4': [403, { message: 'No tienes permiso para realizar esta acción.' }],
    });
    await user.click(await screen.findByRole('button', { name: 'Borrar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar noticia' });
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error al eliminar la noticia: No tienes permiso para realizar esta acción.',
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/news/4');
  });

  it('Editar: the modal holds the item; enabled only when changed; sends no image unless replaced', async () => {
    let current = item;
    const { user, calls } = setup('scouter', {
      'GET /news/4': () => [200, current],
      'PUT /news/4': () => {
        current = { ...item, title: 'Campamento de verano 2025 (fechas)' };
        return [200, { message: 'Noticia actualizada con éxito.', news: current }];
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Noticia' });
    const title = within(dialog).getByLabelText('Título');
    expect(title).toHaveValue('Campamento de verano 2025');
    expect(within(dialog).getByLabelText('Contenido')).toHaveValue(item.content);
    expect(within(dialog).getByRole('img', { name: 'Imagen actual' })).toBeInTheDocument();
    const save = within(dialog).getByRole('button', { name: 'Guardar Cambios' });
    expect(save).toBeDisabled();
    await user.type(title, ' (fechas)');
    await waitFor(() => expect(save).toBeEnabled());
    await user.clear(title);
    await waitFor(() => expect(save).toBeDisabled());
    await user.type(title, 'Campamento de verano 2025');
    await waitFor(() => expect(save).toBeDisabled());
    await user.type(title, ' (fechas)');
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(await within(dialog).findByText('Noticia actualizada con éxito.')).toBeInTheDocument();
    const form = calls.find((c) => c.method === 'PUT')!.data as FormData;
    expect(form.get('title')).toBe('Campamento de verano 2025 (fechas)');
    expect(form.get('description')).toBe('Quince días en los Pirineos.');
    expect(form.get('content')).toBe(item.content);
    expect(form.has('image')).toBe(false);
    // The page shows the new title.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Campamento de verano 2025 (fechas)' }),
    ).toBeInTheDocument();
  });

  it('Editar: a new image alone is a change, and it is sent', async () => {
    const { user, calls } = setup('admin', {
      'PUT /news/4': [200, { message: 'Noticia actualizada con éxito.', news: item }],
    });
    await user.click(await screen.findByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Noticia' });
    const save = within(dialog).getByRole('button', { name: 'Guardar Cambios' });
    await user.upload(
      within(dialog).getByLabelText('Cambiar imagen (opcional)'),
      fileOf('nueva.png', 'image/png'),
    );
    await waitFor(() => expect(save).toBeEnabled());
    await act(async () => user.click(save));
    await within(dialog).findByText('Noticia actualizada con éxito.');
    const form = calls.find((c) => c.method === 'PUT')!.data as FormData;
    expect((form.get('image') as File).name).toBe('nueva.png');
  });
});
