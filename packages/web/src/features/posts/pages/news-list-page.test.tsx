import { screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/api-stub';
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
  it('shows each item: summary, es-ES date, counts', async () => {
    setup(null);
    const first = await card('Campamento de Semana Santa');
    expect(within(first).getByText('Cuatro días en la sierra con la Tropa.')).toBeInTheDocument();
    expect(within(first).getByText('7 de mayo de 2025')).toBeInTheDocument();
    expect(within(first).getByText('3 me gusta')).toBeInTheDocument();
    expect(within(first).getByText('1 comentario')).toBeInTheDocument();
    const second = await card('Reunión de familias');
    expect(within(second).getByText('7 de marzo de 2025')).toBeInTheDocument();
    expect(within(second).getByText('0 comentarios')).toBeInTheDocument();
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

    /** Opens the modal, fills every field with a valid value and publishes. */
    const submitFilled = async (user: ReturnType<typeof setup>['user']) => {
      const dialog = await open(user);
      await user.type(within(dialog).getByLabelText('Título'), 'Salida');
      await user.type(within(dialog).getByLabelText('Resumen'), 'Resumen.');
      await user.type(within(dialog).getByLabelText('Contenido'), 'Contenido.');
      await user.upload(within(dialog).getByLabelText('Imagen'), fileOf('a.jpg', 'image/jpeg'));
      await user.click(within(dialog).getByRole('button', { name: 'Publicar Noticia' }));
      return dialog;
    };

    it("shows the server's reason as a danger alert and stays open", async () => {
      const { user } = setup('scouter', {
        'POST /news': [
          415,
          { message: 'Formato de archivo no soportado (permitidos: jpg, jpeg, gif, png, webp)' },
        ],
      });
      const dialog = await submitFilled(user);
      const alert = await within(dialog).findByRole('alert');
      expect(alert).toHaveTextContent(
        'Formato de archivo no soportado (permitidos: jpg, jpeg, gif, png, webp)',
      );
      expect(alert).toHaveClass('alert-danger');
      expect(within(dialog).getByRole('button', { name: 'Publicar Noticia' })).toBeEnabled();
    });

    it("without a server message: the default 'Error al crear la noticia.'", async () => {
      const { user } = setup('scouter', { 'POST /news': [500, {}] });
      const dialog = await submitFilled(user);
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'Error al crear la noticia.',
      );
    });
  });
});
