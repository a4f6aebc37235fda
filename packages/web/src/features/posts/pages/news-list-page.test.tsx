import { screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { never, stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render';
import { signIn } from '../../../test/token';
import { fileOf, newsData } from '../test/data';
import { NewsListPage } from './post-list-page';

type Role = 'usuario' | 'scouter' | 'admin' | null;

function setup(role: Role, routes: Parameters<typeof stubApi>[0] = {}) {
  if (role) signIn({ role });
  const calls = stubApi({
    'GET /news': [
      200,
      [
        newsData(1, {
          title: 'Campamento de Semana Santa',
          description: 'Cuatro días en la sierra con la Tropa.',
          likes_count: 3,
          comments_count: 1,
        }),
        newsData(2, { title: 'Reunión de familias', created_at: '2025-03-07T18:00:00Z' }),
      ],
    ],
    ...routes,
  });
  return { calls, ...renderApp(<NewsListPage />, { route: '/news' }) };
}

const card = async (title: string) =>
  (await screen.findByRole('link', { name: title })).closest('article') as HTMLElement;

describe('NewsListPage', () => {
  it('shows 8 skeleton cards while loading', () => {
    stubApi({ 'GET /news': never });
    renderApp(<NewsListPage />, { route: '/news' });
    expect(screen.getByRole('heading', { level: 1, name: 'Noticias' })).toBeInTheDocument();
    expect(screen.getAllByTestId('skeleton-card')).toHaveLength(8);
    expect(screen.getByText('Cargando noticias...')).toBeInTheDocument();
  });

  it('shows each item: thumbnail (the first eager, the rest lazy), title linking to it, summary, es-ES date, counts', async () => {
    setup(null);
    const first = await card('Campamento de Semana Santa');
    expect(within(first).getByRole('link', { name: 'Campamento de Semana Santa' })).toHaveAttribute(
      'href',
      '/news/1',
    );
    const img = first.querySelector('img.media-box-image')!;
    expect(img).toHaveAttribute('src', '/media/news/1/thumb.webp');
    // The first card's image is the page's largest: fetched at once, at high priority; the
    // others wait until they come near the screen.
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    const others = [...document.querySelectorAll('img.media-box-image')].slice(1);
    expect(others.length).toBeGreaterThan(0);
    for (const other of others) expect(other).toHaveAttribute('loading', 'lazy');
    // The placeholder sits under it in a box of reserved proportions.
    expect(first.querySelector('img.media-box-placeholder')).toBeInTheDocument();
    expect(within(first).getByText('Cuatro días en la sierra con la Tropa.')).toBeInTheDocument();
    expect(within(first).getByText('7 de mayo de 2025')).toBeInTheDocument();
    expect(within(first).getByText('3 me gusta')).toBeInTheDocument();
    expect(within(first).getByText('1 comentario')).toBeInTheDocument();
    const second = await card('Reunión de familias');
    expect(within(second).getByText('7 de marzo de 2025')).toBeInTheDocument();
    expect(within(second).getByText('0 comentarios')).toBeInTheDocument();
  });

  it.each([null, 'usuario'] as const)('gives %s no manager control', async (role) => {
    setup(role);
    await card('Campamento de Semana Santa');
    expect(screen.queryByRole('button', { name: 'Crear nueva noticia' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Eliminar noticia' })).not.toBeInTheDocument();
  });

  it.each(['scouter', 'admin'] as const)('gives a %s create and delete', async (role) => {
    setup(role);
    const first = await card('Campamento de Semana Santa');
    expect(screen.getByRole('button', { name: 'Crear nueva noticia' })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Eliminar noticia' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Eliminar noticia' })).toHaveLength(2);
  });

  it.each([null, 'usuario'] as const)('empty: the plain text for %s', async (role) => {
    setup(role, { 'GET /news': [200, []] });
    expect(await screen.findByText('No hay noticias para mostrar.')).toBeInTheDocument();
    expect(screen.queryByText(/Crea la primera/)).not.toBeInTheDocument();
  });

  it('empty: managers are told to create the first one', async () => {
    setup('scouter', { 'GET /news': [200, []] });
    expect(
      await screen.findByText('No hay noticias para mostrar. ¡Crea la primera!'),
    ).toBeInTheDocument();
  });

  it("load failure: dismissible 'No se pudieron cargar las noticias.'", async () => {
    const { user } = setup(null, {
      'GET /news': [500, { message: 'Error interno del servidor.' }],
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se pudieron cargar las noticias.');
    await user.click(within(alert).getByRole('button', { name: 'Cerrar aviso' }));
    expect(screen.queryByText('No se pudieron cargar las noticias.')).not.toBeInTheDocument();
  });

  it('delete: confirms, locks the buttons while deleting, then reloads the list', async () => {
    let answer: (reply: [number, unknown]) => void = () => {};
    let listed = [newsData(1, { title: 'Campamento de Semana Santa' }), newsData(2)];
    const { user } = setup('scouter', {
      'GET /news': () => [200, listed],
      'DELETE /news/1': () =>
        new Promise((res) => {
          answer = res;
        }),
    });
    const first = await card('Campamento de Semana Santa');
    await user.click(within(first).getByRole('button', { name: 'Eliminar noticia' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar noticia' });
    expect(dialog).toHaveTextContent('Esta acción no se puede deshacer.');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(within(dialog).getByRole('button', { name: 'Eliminando...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeDisabled();
    listed = [newsData(2)];
    await act(async () => answer([200, { message: 'Noticia eliminada.' }]));
    expect(await screen.findByText('Noticia eliminada.')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.queryByRole('link', { name: 'Campamento de Semana Santa' }),
      ).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('delete failure: says why and closes the dialog', async () => {
    const { user } = setup('admin', {
      'DELETE /news/1': [500, { message: 'Error interno del servidor.' }],
    });
    const first = await card('Campamento de Semana Santa');
    await user.click(within(first).getByRole('button', { name: 'Eliminar noticia' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar noticia' });
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(
      await screen.findByText('Error al eliminar la noticia: Error interno del servidor.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  describe('create modal', () => {
    const open = async (user: ReturnType<typeof setup>['user']) => {
      await user.click(await screen.findByRole('button', { name: 'Crear nueva noticia' }));
      return screen.findByRole('dialog', { name: 'Crear Nueva Noticia' });
    };

    it('is disabled while untouched and while a field shows an error; validates on change and blur', async () => {
      const { user } = setup('scouter');
      const dialog = await open(user);
      const submit = within(dialog).getByRole('button', { name: 'Publicar Noticia' });
      expect(submit).toBeDisabled();
      const title = within(dialog).getByLabelText('Título');
      await user.click(title);
      await user.tab();
      expect(await within(dialog).findByText('El título es obligatorio.')).toBeInTheDocument();
      expect(submit).toBeDisabled();
      await user.type(title, 'Salida a la nieve');
      expect(within(dialog).queryByText('El título es obligatorio.')).not.toBeInTheDocument();
      // Tabbing out of the title went through 'Resumen': leaving it empty is an error too.
      expect(within(dialog).getByText('La descripción es obligatoria.')).toBeInTheDocument();
      expect(submit).toBeDisabled();
      const summary = within(dialog).getByLabelText('Resumen');
      expect(summary).toHaveAttribute('maxLength', '300');
      expect(title).toHaveAttribute('maxLength', '150');
      await user.type(summary, 'Un día en Navacerrada.');
      await waitFor(() => expect(submit).toBeEnabled());
      await user.clear(title);
      expect(await within(dialog).findByText('El título es obligatorio.')).toBeInTheDocument();
      expect(submit).toBeDisabled();
      await user.type(title, 'x'.repeat(10));
      await waitFor(() => expect(submit).toBeEnabled());
    });

    it("missing texts at submit: 'Error: Faltan datos obligatorios.' and each field's message", async () => {
      const { user, calls } = setup('scouter');
      const dialog = await open(user);
      await user.type(within(dialog).getByLabelText('Título'), 'Salida a la nieve');
      const submit = within(dialog).getByRole('button', { name: 'Publicar Noticia' });
      await waitFor(() => expect(submit).toBeEnabled());
      await user.click(submit);
      const alert = await within(dialog).findByRole('alert');
      expect(alert).toHaveTextContent('Error: Faltan datos obligatorios.');
      expect(alert).toHaveClass('alert-danger');
      expect(within(dialog).getByText('La descripción es obligatoria.')).toBeInTheDocument();
      expect(within(dialog).getByText('El contenido es obligatorio.')).toBeInTheDocument();
      expect(submit).toBeDisabled();
      expect(calls.some((c) => c.method === 'POST')).toBe(false);
    });

    it("no image on create: 'Error: La imagen es obligatoria.'", async () => {
      const { user, calls } = setup('admin');
      const dialog = await open(user);
      await user.type(within(dialog).getByLabelText('Título'), 'Salida a la nieve');
      await user.type(within(dialog).getByLabelText('Resumen'), 'Un día en Navacerrada.');
      await user.type(within(dialog).getByLabelText('Contenido'), 'Salimos a las 8.');
      await user.click(within(dialog).getByRole('button', { name: 'Publicar Noticia' }));
      const alert = await within(dialog).findByRole('alert');
      expect(alert).toHaveTextContent('Error: La imagen es obligatoria.');
      expect(calls.some((c) => c.method === 'POST')).toBe(false);
    });

    it('cannot be closed with Escape', async () => {
      const { user } = setup('admin');
      const dialog = await open(user);
      await user.keyboard('{Escape}');
      expect(dialog).toBeInTheDocument();
    });

    it('creates the item, says so, closes after 1.5 s and reloads the list', async () => {
      let listed = [newsData(1, { title: 'Campamento de Semana Santa' })];
      const { user, calls } = setup('scouter', {
        'GET /news': () => [200, listed],
        'POST /news': () => {
          listed = [newsData(9, { title: 'Salida a la nieve' }), ...listed];
          return [201, { message: 'Noticia creada con éxito.', news: listed[0] }];
        },
      });
      const dialog = await open(user);
      await user.type(within(dialog).getByLabelText('Título'), 'Salida a la nieve');
      await user.type(within(dialog).getByLabelText('Resumen'), 'Un día en Navacerrada.');
      await user.type(
        within(dialog).getByLabelText('Contenido'),
        'Salimos a las 8.{Enter}{Enter}Volvemos a las 19.',
      );
      await user.upload(within(dialog).getByLabelText('Imagen'), fileOf('nieve.jpg', 'image/jpeg'));
      expect(within(dialog).getByRole('img', { name: 'Nueva imagen' })).toBeInTheDocument();
      vi.useFakeTimers({ shouldAdvanceTime: true });
      await user.click(within(dialog).getByRole('button', { name: 'Publicar Noticia' }));
      const status = await within(dialog).findByRole('status');
      expect(status).toHaveTextContent('Noticia creada con éxito.');
      expect(status).toHaveClass('alert-success');
      const post = calls.find((c) => c.method === 'POST')!;
      expect(post.url).toBe('/news');
      const form = post.data as FormData;
      expect(form.get('title')).toBe('Salida a la nieve');
      expect(form.get('description')).toBe('Un día en Navacerrada.');
      expect(form.get('content')).toBe('Salimos a las 8.\n\nVolvemos a las 19.');
      expect((form.get('image') as File).name).toBe('nieve.jpg');
      expect(await screen.findByRole('link', { name: 'Salida a la nieve' })).toBeInTheDocument();
      expect(screen.getByRole('dialog', { name: 'Crear Nueva Noticia' })).toBeInTheDocument();
      await act(async () => vi.advanceTimersByTime(1500));
      await waitFor(() =>
        expect(
          screen.queryByRole('dialog', { name: 'Crear Nueva Noticia' }),
        ).not.toBeInTheDocument(),
      );
    });

    it("shows the server's reason as a danger alert and stays open", async () => {
      const { user } = setup('scouter', {
        'POST /news': [
          415,
          { message: 'Formato de archivo no soportado (permitidos: jpg, jpeg, gif, png, webp)' },
        ],
      });
      const dialog = await open(user);
      await user.type(within(dialog).getByLabelText('Título'), 'Salida');
      await user.type(within(dialog).getByLabelText('Resumen'), 'Resumen.');
      await user.type(within(dialog).getByLabelText('Contenido'), 'Contenido.');
      await user.upload(within(dialog).getByLabelText('Imagen'), fileOf('a.jpg', 'image/jpeg'));
      await user.click(within(dialog).getByRole('button', { name: 'Publicar Noticia' }));
      const alert = await within(dialog).findByRole('alert');
      expect(alert).toHaveTextContent(
        'Formato de archivo no soportado (permitidos: jpg, jpeg, gif, png, webp)',
      );
      expect(alert).toHaveClass('alert-danger');
      expect(within(dialog).getByRole('button', { name: 'Publicar Noticia' })).toBeEnabled();
    });

    it("without a server message: the default 'Error al crear la noticia.'", async () => {
      const { user } = setup('scouter', { 'POST /news': [500, {}] });
      const dialog = await open(user);
      await user.type(within(dialog).getByLabelText('Título'), 'Salida');
      await user.type(within(dialog).getByLabelText('Resumen'), 'Resumen.');
      await user.type(within(dialog).getByLabelText('Contenido'), 'Contenido.');
      await user.upload(within(dialog).getByLabelText('Imagen'), fileOf('a.jpg', 'image/jpeg'));
      await user.click(within(dialog).getByRole('button', { name: 'Publicar Noticia' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'Error al crear la noticia.',
      );
    });
  });
});
