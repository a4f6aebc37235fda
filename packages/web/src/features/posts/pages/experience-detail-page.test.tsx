import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { never, stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render';
import { signIn } from '../../../test/token';
import { commentData, experienceData } from '../test/data';
import { ExperienceDetailPage } from './post-detail-page';
import { ExperiencesPage } from './post-list-page';

type Role = 'usuario' | 'scouter' | 'admin' | null;

const item = experienceData(6, {
  title: 'Campamento en Gredos',
  category: 'campamento',
  description: 'Diez días junto a la laguna.\nCon la Manada y la Tropa.',
  likes_count: 4,
  comments_count: 2,
});

function setup(role: Role, routes: Parameters<typeof stubApi>[0] = {}, route = '/experience/6') {
  if (role) signIn({ role, id: 7 });
  const calls = stubApi({
    'GET /experiences/6': [200, item],
    'GET /experiences/6/comments': [200, [commentData(1), commentData(2)]],
    'GET /experiences': [200, []],
    ...routes,
  });
  return {
    calls,
    ...renderApp(<ExperienceDetailPage />, {
      route,
      path: '/experience/:id',
      routes: { '/experiences': <ExperiencesPage /> },
    }),
  };
}

describe('ExperienceDetailPage', () => {
  it.each(['x', '0', '-1', '2.5'])(
    "/experience/%s: 'ID de experiencia no válido o no proporcionado.' and no call",
    (id) => {
      const { calls } = setup(null, {}, `/experience/${id}`);
      expect(screen.getByRole('alert')).toHaveTextContent(
        'ID de experiencia no válido o no proporcionado.',
      );
      expect(calls).toHaveLength(0);
    },
  );

  it('shows a skeleton while loading', () => {
    setup(null, { 'GET /experiences/6': never });
    expect(screen.getByTestId('experience-skeleton')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Cargando experiencia...');
  });

  it('404: the not-found heading and text', async () => {
    setup(null, { 'GET /experiences/6': [404, { message: 'Experiencia no encontrada' }] });
    expect(
      await screen.findByRole('heading', { name: 'Experiencia no encontrada' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('La experiencia solicitada no existe o no pudo ser cargada.'),
    ).toBeInTheDocument();
  });

  it('other failures: an error banner with the reason (default text without one)', async () => {
    setup(null, { 'GET /experiences/6': [500, {}] });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error al obtener la experiencia 6.',
    );
    expect(screen.queryByTestId('experience-skeleton')).not.toBeInTheDocument();
  });

  it('shows image, title, category, like, description with its line breaks, comments count', async () => {
    setup(null);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Campamento en Gredos' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Campamento en Gredos' })).toHaveAttribute(
      'src',
      '/media/experiences/6/display.webp',
    );
    expect(screen.getByText('Categoría: Campamentos')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Me gusta: 4' })).toBeInTheDocument();
    const description = screen.getByText(/Diez días junto a la laguna/);
    expect(description.textContent).toBe(item.description);
    expect(description).toHaveClass('preserve-lines');
    expect(screen.getByRole('heading', { name: 'Comentarios (2)' })).toBeInTheDocument();
  });

  it("without image or description: no image, 'No hay descripción disponible.'", async () => {
    setup(null, {
      'GET /experiences/6': [200, { ...item, image: null, image_thumb: null, description: '' }],
    });
    expect(await screen.findByText('No hay descripción disponible.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Campamento en Gredos' })).not.toBeInTheDocument();
  });

  it('anonymous: the login link, no manager control', async () => {
    setup(null);
    expect(
      await screen.findByRole('link', { name: 'Debes iniciar sesión para comentar.' }),
    ).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Editar' })).not.toBeInTheDocument();
  });

  it.each(['usuario', 'scouter'] as const)(
    'a %s sees neither Editar nor Borrar on this page (admin only)',
    async (role) => {
      setup(role);
      await screen.findByRole('heading', { level: 1, name: 'Campamento en Gredos' });
      expect(screen.queryByRole('button', { name: 'Editar' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Borrar' })).not.toBeInTheDocument();
    },
  );

  it('an admin sees Editar and Borrar; Editar opens the modal with the experience', async () => {
    const { user, calls } = setup('admin', {
      'PUT /experiences/6': [
        200,
        { message: 'Experiencia actualizada con éxito.', experience: item },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Editar' }));
    expect(screen.getByRole('button', { name: 'Borrar' })).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Editar Experiencia' });
    expect(within(dialog).getByLabelText('Título')).toHaveValue('Campamento en Gredos');
    expect(within(dialog).getByLabelText('Categoría')).toHaveValue('campamento');
    const save = within(dialog).getByRole('button', { name: 'Guardar Cambios' });
    expect(save).toBeDisabled();
    await user.selectOptions(within(dialog).getByLabelText('Categoría'), 'Zonas de acampada');
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(
      await within(dialog).findByText('Experiencia actualizada con éxito.'),
    ).toBeInTheDocument();
    const form = calls.find((c) => c.method === 'PUT')!.data as FormData;
    expect(form.get('category')).toBe('zona');
    expect(form.has('image')).toBe(false);
  });

  it('Borrar: confirms, deletes and goes to /experiences', async () => {
    const { user } = setup('admin', {
      'DELETE /experiences/6': [200, { message: 'Experiencia eliminada.' }],
    });
    await user.click(await screen.findByRole('button', { name: 'Borrar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar experiencia' });
    expect(dialog).toHaveTextContent('Esta acción no se puede deshacer.');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/experiences'));
    expect(await screen.findByText('Experiencia eliminada.')).toBeInTheDocument();
  });

  it.each([
    [
      { message: 'No tienes permiso para realizar esta acción.' },
      'Error al eliminar la experiencia: No tienes permiso para realizar esta acción.',
    ],
    [{ message: '' }, 'Error al eliminar la experiencia: Error al eliminar la experiencia 6.'],
  ])('Borrar failure %#: the reason, and the page stays', async (body, text) => {
    const { user } = setup('admin', { 'DELETE /experiences/6': [403, body] });
    await user.click(await screen.findByRole('button', { name: 'Borrar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar experiencia' });
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByTestId('location')).toHaveTextContent('/experience/6');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("Borrar failure without any answer: 'Error desconocido'", async () => {
    const { user } = setup('admin', { 'DELETE /experiences/6': 'network-error' });
    await user.click(await screen.findByRole('button', { name: 'Borrar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar experiencia' });
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error al eliminar la experiencia: Error desconocido',
    );
  });

  it('comments: the count moves by one each way and never below 0', async () => {
    let comments = [commentData(1, { comment_text: 'Primero' })];
    const { user } = setup('usuario', {
      'GET /experiences/6': [200, { ...item, comments_count: 0 }],
      'GET /experiences/6/comments': () => [200, comments],
      'POST /experiences/6/comments': () => {
        const added = commentData(3, { comment_text: '¡Volveremos!', user_id: 7 });
        comments = [added, ...comments];
        return [201, added];
      },
      'DELETE /experiences/6/comments/3': () => {
        comments = comments.filter((c) => c.id !== 3);
        return [200, { message: 'Comentario eliminado.' }];
      },
      'DELETE /experiences/6/comments/1': () => {
        comments = [];
        return [200, { message: 'Comentario eliminado.' }];
      },
    });
    expect(await screen.findByRole('heading', { name: 'Comentarios (0)' })).toBeInTheDocument();
    await user.type(
      await screen.findByRole('textbox', { name: 'Escribe un comentario' }),
      '¡Volveremos!',
    );
    await user.click(screen.getByRole('button', { name: 'Comentar' }));
    expect(await screen.findByRole('heading', { name: 'Comentarios (1)' })).toBeInTheDocument();
    const remove = async (text: string) => {
      const row = (await screen.findByText(text)).closest('li') as HTMLElement;
      await user.click(within(row).getByRole('button', { name: 'Eliminar comentario' }));
      const dialog = await screen.findByRole('dialog', { name: 'Eliminar comentario' });
      await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
      await waitFor(() => expect(screen.queryByText(text)).not.toBeInTheDocument());
    };
    await remove('¡Volveremos!');
    expect(await screen.findByRole('heading', { name: 'Comentarios (0)' })).toBeInTheDocument();
    await remove('Primero');
    expect(screen.getByRole('heading', { name: 'Comentarios (0)' })).toBeInTheDocument();
  });
});
