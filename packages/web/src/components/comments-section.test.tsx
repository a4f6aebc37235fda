import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createInteractionsApi } from '../lib/interactions-api';
import { stubApi } from '../test/api-stub';
import { comment } from '../test/comments';
import { renderApp } from '../test/render';
import { signIn } from '../test/token';
import { defaultAvatar } from './avatar';
import { CommentsSection } from './comments-section';

/** 12 comments, newest first, served 5 per page like the server. */
function photoApi(total = 12) {
  let all = Array.from({ length: total }, (_, i) => comment(total - i));
  const calls = stubApi({
    'GET /photos/7/comments': (config) => {
      const { page, limit } = config.params as { page: number; limit: number };
      return [200, all.slice((page - 1) * limit, page * limit)];
    },
    'POST /photos/7/comments': (config) => {
      const body = JSON.parse(config.data as string) as { comment_text: string };
      const created = comment(100, { comment_text: body.comment_text, can_delete: true });
      all = [created, ...all];
      return [201, created];
    },
    'DELETE /photos/7/comments/100': () => {
      all = all.filter((c) => c.id !== 100);
      return [200, { message: 'Comentario eliminado.' }];
    },
    'DELETE /photos/7/comments/12': [
      403,
      { message: 'No tienes permiso para realizar esta acción.' },
    ],
  });
  const api = createInteractionsApi('/photos', 7, {
    like: 'l',
    unlike: 'u',
    commentsGet: 'Error al obtener comentarios para la foto 7.',
    commentAdd: 'Error al añadir comentario a la foto 7.',
    commentDelete: (id) => `Error al eliminar el comentario ${id}.`,
  });
  return { api, calls };
}

const listItems = () =>
  within(screen.getByRole('list', { name: 'Lista de comentarios' })).getAllByRole('listitem');

describe('CommentsSection', () => {
  it('pages 5 at a time and stops when a page is short', async () => {
    signIn({ role: 'usuario' });
    const { api, calls } = photoApi(12);
    const { user } = renderApp(<CommentsSection api={api} canComment />);
    expect(await screen.findByText('Comentario número 12')).toBeInTheDocument();
    expect(listItems()).toHaveLength(5);
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/photos/7/comments' });

    await user.click(screen.getByRole('button', { name: 'Cargar más comentarios' }));
    await waitFor(() => expect(listItems()).toHaveLength(10));
    expect(screen.queryByText('No hay más comentarios.')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cargar más comentarios' }));
    await waitFor(() => expect(listItems()).toHaveLength(12));
    expect(screen.getByText('Comentario número 1')).toBeInTheDocument();
    expect(screen.getByText('No hay más comentarios.')).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Cargar más comentarios' }),
    ).not.toBeInTheDocument();
    const pages = calls.filter((c) => c.method === 'GET').map((c) => c.url);
    expect(pages).toHaveLength(3);
  });

  it('asks for the next page after a full last page, and ends on an empty one', async () => {
    signIn({ role: 'usuario' });
    const { api } = photoApi(5);
    const { user } = renderApp(<CommentsSection api={api} canComment />);
    await screen.findByText('Comentario número 5');
    await user.click(screen.getByRole('button', { name: 'Cargar más comentarios' }));
    expect(await screen.findByText('No hay más comentarios.')).toBeInTheDocument();
    expect(listItems()).toHaveLength(5);
  });

  it('shows author, date, (editado) and the default avatar', async () => {
    signIn({ role: 'usuario' });
    const { api } = photoApi(0);
    stubApi({
      'GET /photos/7/comments': [
        200,
        [
          comment(2, {
            author_name: 'Lucía',
            updated_at: '2025-03-02T10:00:00Z',
            comment_text: '¡Qué foto!',
          }),
        ],
      ],
    });
    renderApp(<CommentsSection api={api} canComment />);
    const item = (await screen.findByText('¡Qué foto!')).closest('li')!;
    expect(within(item).getByText('Lucía')).toBeInTheDocument();
    expect(item).toHaveTextContent('1 mar 2025');
    expect(item).toHaveTextContent('(editado)');
    expect(item.querySelector('img')).toHaveAttribute('src', defaultAvatar);
    expect(
      within(item).queryByRole('button', { name: 'Eliminar comentario' }),
    ).not.toBeInTheDocument();
  });

  it('sends a comment, counts characters, and starts the list again', async () => {
    signIn({ role: 'usuario' });
    const { api, calls } = photoApi(12);
    const onAdded = vi.fn();
    const { user } = renderApp(<CommentsSection api={api} canComment onAdded={onAdded} />);
    await screen.findByText('Comentario número 12');
    const send = await screen.findByRole('button', { name: 'Comentar' });
    expect(send).toBeDisabled();
    expect(screen.getByText('0/500')).toBeInTheDocument();
    const box = screen.getByRole('textbox', { name: 'Escribe un comentario' });
    await user.type(box, '   ');
    expect(send).toBeDisabled();
    await user.clear(box);
    await user.type(box, '  Muy buena  ');
    expect(screen.getByText('13/500')).toBeInTheDocument();
    expect(box).toHaveAttribute('maxlength', '500');
    await user.click(send);
    expect(await screen.findByText('Muy buena')).toBeInTheDocument();
    expect(onAdded).toHaveBeenCalledTimes(1);
    expect(box).toHaveValue('');
    const post = calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(post.data as string)).toEqual({ comment_text: 'Muy buena' });
    // Page 1 again, with the new comment on top.
    expect(listItems()).toHaveLength(5);
    expect(listItems()[0]).toHaveTextContent('Muy buena');
  });

  it("shows 'Error: {message}' when sending fails, with the server's details", async () => {
    signIn({ role: 'usuario' });
    stubApi({
      'GET /photos/7/comments': [200, []],
      'POST /photos/7/comments': [
        400,
        {
          message: 'Los datos enviados no son válidos.',
          errors: [{ field: 'comment_text', message: 'El comentario no puede estar vacío.' }],
        },
      ],
    });
    const api = createInteractionsApi('/photos', 7, {
      like: 'l',
      unlike: 'u',
      commentsGet: 'g',
      commentAdd: 'Error al añadir comentario a la foto 7.',
      commentDelete: () => 'd',
    });
    const { user } = renderApp(<CommentsSection api={api} canComment />);
    expect(await screen.findByText('Todavía no hay comentarios.')).toBeInTheDocument();
    await user.type(await screen.findByRole('textbox'), 'Hola');
    await user.click(screen.getByRole('button', { name: 'Comentar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error: Los datos enviados no son válidos. El comentario no puede estar vacío.',
    );
    expect(screen.getByRole('textbox')).toHaveValue('Hola');
  });

  it('deletes after confirmation; a failure reads "Error al eliminar: …"', async () => {
    signIn({ role: 'usuario' });
    const { api } = photoApi(12);
    const onDeleted = vi.fn();
    const { user } = renderApp(<CommentsSection api={api} canComment onDeleted={onDeleted} />);
    await screen.findByText('Comentario número 12');
    await user.type(await screen.findByRole('textbox'), 'Mío');
    await user.click(screen.getByRole('button', { name: 'Comentar' }));
    const mine = (await screen.findByText('Mío')).closest('li')!;
    await user.click(within(mine).getByRole('button', { name: 'Eliminar comentario' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Esta acción no se puede deshacer.');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(screen.queryByText('Mío')).not.toBeInTheDocument());
    expect(onDeleted).toHaveBeenCalledWith(100);
  });

  it('a failed delete closes the dialog and says why', async () => {
    signIn({ role: 'scouter' });
    const { api } = photoApi(12);
    stubApi({
      'GET /photos/7/comments': [200, [comment(12, { can_delete: true })]],
      'DELETE /photos/7/comments/12': [
        403,
        { message: 'No tienes permiso para realizar esta acción.' },
      ],
    });
    const { user } = renderApp(<CommentsSection api={api} canComment />);
    await user.click(await screen.findByRole('button', { name: 'Eliminar comentario' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }),
    );
    expect(
      await screen.findByText('Error al eliminar: No tienes permiso para realizar esta acción.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Comentario número 12')).toBeInTheDocument();
  });

  it("shows 'Error al cargar comentarios: {message}' when the list fails", async () => {
    signIn({ role: 'usuario' });
    stubApi({ 'GET /photos/7/comments': [500, {}] });
    const api = createInteractionsApi('/photos', 7, {
      like: 'l',
      unlike: 'u',
      commentsGet: 'Error al obtener comentarios para la foto 7.',
      commentAdd: 'a',
      commentDelete: () => 'd',
    });
    renderApp(<CommentsSection api={api} canComment />);
    expect(
      await screen.findByText(
        'Error al cargar comentarios: Error al obtener comentarios para la foto 7.',
      ),
    ).toBeInTheDocument();
  });

  it('gives an anonymous visitor a link to /login instead of the form', async () => {
    const { api } = photoApi(3);
    renderApp(<CommentsSection api={api} canComment={false} />);
    const link = screen.getByRole('link', { name: 'Debes iniciar sesión para comentar.' });
    expect(link).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(await screen.findByText('Comentario número 3')).toBeInTheDocument();
  });

  it('starts again from page 1 when the refresh trigger changes', async () => {
    signIn({ role: 'usuario' });
    const { api, calls } = photoApi(12);
    function Harness() {
      const [key, setKey] = useState(0);
      return (
        <>
          <button type="button" onClick={() => setKey((k) => k + 1)}>
            refrescar
          </button>
          <CommentsSection api={api} canComment refreshKey={key} />
        </>
      );
    }
    const { user } = renderApp(<Harness />);
    await screen.findByText('Comentario número 12');
    await user.click(screen.getByRole('button', { name: 'Cargar más comentarios' }));
    await waitFor(() => expect(listItems()).toHaveLength(10));
    await user.click(screen.getByRole('button', { name: 'refrescar' }));
    await waitFor(() => expect(listItems()).toHaveLength(5));
    // Two pages before, then page 1 alone.
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(3);
  });
});
