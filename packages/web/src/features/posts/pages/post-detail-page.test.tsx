import { screen, waitFor, within } from '@testing-library/react';
import { act, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { never, stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render';
import { signIn } from '../../../test/token';
import { commentData, experienceData, fileOf, newsData } from '../test/data';
import { ExperienceDetailPage, NewsDetailPage } from './post-detail-page';
import { ExperiencesPage, NewsListPage } from './post-list-page';

type Role = 'usuario' | 'scouter' | 'admin' | null;

/** What the page of each kind is tested with, and the texts it must show, word for word. */
interface Kind {
  name: string;
  /** The API path of the post the page shows, and of the list. */
  api: string;
  list: string;
  item: ReturnType<typeof newsData> | ReturnType<typeof experienceData>;
  /** Its two comments (the count the item says is its own). */
  comments: ReturnType<typeof commentData>[];
  page: ReactElement;
  listPage: ReactElement;
  /** The page's URL, its route, and the list's URL. */
  route: string;
  path: string;
  badIds: string[];
  /** Who edits and deletes on this page, and who does not. */
  managers: readonly Exclude<Role, null>[];
  others: readonly Exclude<Role, null>[];
  result: 'news' | 'experience';
  texts: {
    invalidId: string;
    loading: string;
    notFound: string;
    notFoundBody: string;
    getFailed: string;
    deleteTitle: string;
    deleted: string;
    deleteFailed: string;
    editTitle: string;
    updated: string;
  };
}

const NEWS: Kind = {
  name: 'NewsDetailPage',
  api: '/news/4',
  list: '/news',
  item: newsData(4, {
    title: 'Campamento de verano 2025',
    description: 'Quince días en los Pirineos.',
    content: 'Salimos el 1 de julio.\nVolvemos el 15.\n\n<b>¡Apuntaos!</b>',
    created_at: '2025-05-07T10:00:00Z',
    likes_count: 2,
    comments_count: 1,
  }),
  comments: [commentData(1)],
  page: <NewsDetailPage />,
  listPage: <NewsListPage />,
  route: '/news/4',
  path: '/news/:newsId',
  badIds: ['abc', '0', '-2', '1.5'],
  managers: ['scouter', 'admin'],
  others: ['usuario'],
  result: 'news',
  texts: {
    invalidId: 'ID de noticia no válido o no proporcionado.',
    loading: 'Cargando noticia...',
    notFound: 'Noticia no encontrada',
    notFoundBody: 'La noticia no existe o no pudo ser cargada.',
    getFailed: 'Error al obtener la noticia 4.',
    deleteTitle: 'Eliminar noticia',
    deleted: 'Noticia eliminada.',
    deleteFailed: 'Error al eliminar la noticia: No tienes permiso para realizar esta acción.',
    editTitle: 'Editar Noticia',
    updated: 'Noticia actualizada con éxito.',
  },
};

const EXPERIENCES: Kind = {
  name: 'ExperienceDetailPage',
  api: '/experiences/6',
  list: '/experiences',
  item: experienceData(6, {
    title: 'Campamento en Gredos',
    category: 'campamento',
    description: 'Diez días junto a la laguna.\nCon la Manada y la Tropa.',
    likes_count: 4,
    comments_count: 2,
  }),
  comments: [commentData(1), commentData(2)],
  page: <ExperienceDetailPage />,
  listPage: <ExperiencesPage />,
  route: '/experience/6',
  path: '/experience/:id',
  badIds: ['x', '0', '-1', '2.5'],
  // Only an admin edits and deletes on this page (decision 007).
  managers: ['admin'],
  others: ['usuario', 'scouter'],
  result: 'experience',
  texts: {
    invalidId: 'ID de experiencia no válido o no proporcionado.',
    loading: 'Cargando experiencia...',
    notFound: 'Experiencia no encontrada',
    notFoundBody: 'La experiencia solicitada no existe o no pudo ser cargada.',
    getFailed: 'Error al obtener la experiencia 6.',
    deleteTitle: 'Eliminar experiencia',
    deleted: 'Experiencia eliminada.',
    deleteFailed: 'Error al eliminar la experiencia: No tienes permiso para realizar esta acción.',
    editTitle: 'Editar Experiencia',
    updated: 'Experiencia actualizada con éxito.',
  },
};

function setup(
  kind: Kind,
  role: Role,
  routes: Parameters<typeof stubApi>[0] = {},
  route = kind.route,
) {
  if (role) signIn({ role, id: 7 });
  const calls = stubApi({
    [`GET ${kind.api}`]: [200, kind.item],
    [`GET ${kind.api}/comments`]: [200, kind.comments],
    [`GET ${kind.list}`]: [200, []],
    ...routes,
  });
  return {
    calls,
    ...renderApp(kind.page, { route, path: kind.path, routes: { [kind.list]: kind.listPage } }),
  };
}

/** Clicks Borrar and confirms in the dialog. */
async function confirmDelete(kind: Kind, user: ReturnType<typeof setup>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Borrar' }));
  const dialog = await screen.findByRole('dialog', { name: kind.texts.deleteTitle });
  expect(dialog).toHaveTextContent('Esta acción no se puede deshacer.');
  await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
}

describe.each([NEWS, EXPERIENCES])('$name', (kind) => {
  const { api, texts: T } = kind;
  const base = kind.route.replace(/\/\d+$/, '');

  it.each(kind.badIds)(`${base}/%s: '${T.invalidId}' and no call`, (id) => {
    const { calls } = setup(kind, null, {}, `${base}/${id}`);
    expect(screen.getByRole('alert')).toHaveTextContent(T.invalidId);
    expect(calls).toHaveLength(0);
  });

  it('says it is loading first', () => {
    setup(kind, null, { [`GET ${api}`]: never });
    expect(screen.getByRole('status')).toHaveTextContent(T.loading);
  });

  it(`404: '${T.notFound}' and '${T.notFoundBody}'`, async () => {
    setup(kind, null, { [`GET ${api}`]: [404, { message: T.notFound }] });
    expect(await screen.findByRole('heading', { name: T.notFound })).toBeInTheDocument();
    expect(screen.getByText(T.notFoundBody)).toBeInTheDocument();
  });

  it('any other failure: a danger alert with the reason (the default without one)', async () => {
    setup(kind, null, { [`GET ${api}`]: [500, {}] });
    expect(await screen.findByRole('alert')).toHaveTextContent(T.getFailed);
  });

  it('an anonymous visitor gets the login link instead of the comment form, and no manager control', async () => {
    setup(kind, null);
    const link = await screen.findByRole('link', { name: 'Debes iniciar sesión para comentar.' });
    expect(link).toHaveAttribute('href', '/login');
    expect(
      screen.queryByRole('textbox', { name: 'Escribe un comentario' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Editar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Borrar' })).not.toBeInTheDocument();
  });

  it.each(kind.others)('a %s may comment but sees neither Editar nor Borrar', async (role) => {
    setup(kind, role);
    expect(
      await screen.findByRole('textbox', { name: 'Escribe un comentario' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Editar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Borrar' })).not.toBeInTheDocument();
  });

  it.each(kind.managers)('a %s gets Editar and Borrar', async (role) => {
    setup(kind, role);
    expect(await screen.findByRole('button', { name: 'Editar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Borrar' })).toBeInTheDocument();
  });

  it('the comment count moves by one each way and never below 0', async () => {
    let comments = [commentData(1, { comment_text: 'Primero' })];
    const { user } = setup(kind, 'usuario', {
      [`GET ${api}`]: [200, { ...kind.item, comments_count: 0 }],
      [`GET ${api}/comments`]: () => [200, comments],
      [`POST ${api}/comments`]: () => {
        const added = commentData(3, { comment_text: '¡Qué ganas!', user_id: 7 });
        comments = [added, ...comments];
        return [201, added];
      },
      [`DELETE ${api}/comments/3`]: () => {
        comments = comments.filter((c) => c.id !== 3);
        return [200, { message: 'Comentario eliminado.' }];
      },
      [`DELETE ${api}/comments/1`]: () => {
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

  it(`Borrar: confirms, deletes and goes to ${kind.list}`, async () => {
    const { user, calls } = setup(kind, kind.managers[0] ?? null, {
      [`DELETE ${api}`]: [200, { message: T.deleted }],
    });
    await confirmDelete(kind, user);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(kind.list));
    expect(await screen.findByText(T.deleted)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === api)).toBe(true);
  });

  it('Borrar failure: says why, closes the dialog and stays', async () => {
    const { user } = setup(kind, 'admin', {
      [`DELETE ${api}`]: [403, { message: 'No tienes permiso para realizar esta acción.' }],
    });
    await confirmDelete(kind, user);
    expect(await screen.findByRole('alert')).toHaveTextContent(T.deleteFailed);
    expect(screen.getByTestId('location')).toHaveTextContent(kind.route);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('Editar: a new image alone is a change, and it is sent', async () => {
    const { user, calls } = setup(kind, 'admin', {
      [`PUT ${api}`]: [200, { message: T.updated, [kind.result]: kind.item }],
    });
    await user.click(await screen.findByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: T.editTitle });
    expect(within(dialog).getByRole('img', { name: 'Imagen actual' })).toBeInTheDocument();
    const save = within(dialog).getByRole('button', { name: 'Guardar Cambios' });
    expect(save).toBeDisabled();
    await user.upload(
      within(dialog).getByLabelText('Cambiar imagen (opcional)'),
      fileOf('nueva.png', 'image/png'),
    );
    await waitFor(() => expect(save).toBeEnabled());
    await act(async () => user.click(save));
    await within(dialog).findByText(T.updated);
    const form = calls.find((c) => c.method === 'PUT')!.data as FormData;
    expect((form.get('image') as File).name).toBe('nueva.png');
  });
});

describe('NewsDetailPage: date, summary and full text', () => {
  const item = NEWS.item as ReturnType<typeof newsData>;

  it('shows title, long es-ES date, display image, italic summary, content as text with its line breaks', async () => {
    setup(NEWS, null);
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
    setup(NEWS, null, {
      'GET /news/4': [200, { ...item, image_url: null, thumb_url: null, created_at: '' }],
    });
    expect(await screen.findByText('(Sin imagen)')).toBeInTheDocument();
    expect(screen.getByText('Fecha no disponible')).toBeInTheDocument();
  });

  it('Editar: the modal holds the item; enabled only when changed; sends no image unless replaced', async () => {
    let current = item;
    const { user, calls } = setup(NEWS, 'scouter', {
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
});

describe('ExperienceDetailPage: image first, a category, the description', () => {
  const item = EXPERIENCES.item as ReturnType<typeof experienceData>;

  it('shows a skeleton while loading', async () => {
    setup(EXPERIENCES, null, { 'GET /experiences/6': never });
    expect(screen.getByTestId('experience-skeleton')).toBeInTheDocument();
  });

  it('drops the skeleton for the error banner', async () => {
    setup(EXPERIENCES, null, { 'GET /experiences/6': [500, {}] });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.queryByTestId('experience-skeleton')).not.toBeInTheDocument();
  });

  it('shows image, title, category, like, description with its line breaks, comments count', async () => {
    setup(EXPERIENCES, null);
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
    setup(EXPERIENCES, null, {
      'GET /experiences/6': [200, { ...item, image: null, image_thumb: null, description: '' }],
    });
    expect(await screen.findByText('No hay descripción disponible.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Campamento en Gredos' })).not.toBeInTheDocument();
  });

  it('Editar opens the modal with the experience and sends the new category', async () => {
    const { user, calls } = setup(EXPERIENCES, 'admin', {
      'PUT /experiences/6': [
        200,
        { message: 'Experiencia actualizada con éxito.', experience: item },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Editar' }));
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

  it.each([
    [{ message: '' }, 'Error al eliminar la experiencia: Error al eliminar la experiencia 6.'],
    ['network-error' as const, 'Error al eliminar la experiencia: Error desconocido'],
  ])(
    'Borrar failure %#: the default reason, or Error desconocido without an answer',
    async (reply, text) => {
      const { user } = setup(EXPERIENCES, 'admin', {
        'DELETE /experiences/6': reply === 'network-error' ? reply : [403, reply],
      });
      await confirmDelete(EXPERIENCES, user);
      expect(await screen.findByRole('alert')).toHaveTextContent(text);
      expect(screen.getByTestId('location')).toHaveTextContent('/experience/6');
    },
  );
});
