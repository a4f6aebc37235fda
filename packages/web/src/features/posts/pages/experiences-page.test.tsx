import { screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render';
import { signIn } from '../../../test/token';
import { experienceData, fileOf } from '../test/data';
import { ExperiencesPage } from './post-list-page';

type Role = 'usuario' | 'scouter' | 'admin' | null;

const all = [
  experienceData(1, {
    title: 'Ruta al Peñalara',
    category: 'ruta',
    likes_count: 5,
    comments_count: 2,
  }),
  experienceData(2, { title: 'Campamento en Gredos', category: 'campamento' }),
  experienceData(3, { title: 'Vuelta a la Pedriza', category: 'ruta' }),
];

function setup(role: Role, routes: Parameters<typeof stubApi>[0] = {}, route = '/experiences') {
  if (role) signIn({ role });
  const calls = stubApi({ 'GET /experiences': [200, all], ...routes });
  return { calls, ...renderApp(<ExperiencesPage />, { route, path: '/experiences' }) };
}

const card = async (title: string) =>
  (await screen.findByRole('link', { name: title })).closest('article') as HTMLElement;
const titles = () => screen.queryAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('ExperiencesPage', () => {
  it('shows each experience: category, counts', async () => {
    setup(null);
    const first = await card('Ruta al Peñalara');
    expect(within(first).getByText('Rutas')).toBeInTheDocument();
    expect(within(first).getByText('5 me gusta')).toBeInTheDocument();
    expect(within(first).getByText('2 comentarios')).toBeInTheDocument();
    expect(within(await card('Campamento en Gredos')).getByText('Campamentos')).toBeInTheDocument();
  });

  it('filters on the client: Todas, Rutas, Campamentos, Zonas de acampada', async () => {
    const { user, calls } = setup(null);
    await card('Ruta al Peñalara');
    const group = screen.getByRole('group', { name: 'Filtrar por categoría' });
    const buttons = within(group).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual([
      'Todas',
      'Rutas',
      'Campamentos',
      'Zonas de acampada',
    ]);
    expect(within(group).getByRole('button', { name: 'Todas' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(titles()).toEqual(['Ruta al Peñalara', 'Campamento en Gredos', 'Vuelta a la Pedriza']);

    await user.click(within(group).getByRole('button', { name: 'Rutas' }));
    expect(within(group).getByRole('button', { name: 'Rutas' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(group).getByRole('button', { name: 'Todas' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(titles()).toEqual(['Ruta al Peñalara', 'Vuelta a la Pedriza']);
    expect(screen.getByTestId('location')).toHaveTextContent('/experiences?categoria=ruta');

    await user.click(within(group).getByRole('button', { name: 'Campamentos' }));
    expect(titles()).toEqual(['Campamento en Gredos']);

    await user.click(within(group).getByRole('button', { name: 'Zonas de acampada' }));
    expect(titles()).toEqual([]);
    expect(
      screen.getByText('No hay experiencias para mostrar en la categoría seleccionada'),
    ).toBeInTheDocument();

    await user.click(within(group).getByRole('button', { name: 'Todas' }));
    expect(titles()).toHaveLength(3);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/experiences$/);
    // One load: the filter never asks the server.
    expect(calls.filter((c) => c.url === '/experiences')).toHaveLength(1);
  });

  it('starts from the category in the URL; an unknown one means Todas', async () => {
    setup(null, {}, '/experiences?categoria=campamento');
    await card('Campamento en Gredos');
    expect(titles()).toEqual(['Campamento en Gredos']);
    expect(screen.getByRole('button', { name: 'Campamentos' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('an unknown category in the URL shows all', async () => {
    setup(null, {}, '/experiences?categoria=playa');
    await card('Campamento en Gredos');
    expect(titles()).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Todas' })).toHaveAttribute('aria-pressed', 'true');
  });

  it("empty: 'No hay experiencias para mostrar'", async () => {
    setup('scouter', { 'GET /experiences': [200, []] });
    const empty = await screen.findByText(/^No hay experiencias para mostrar/);
    expect(empty.textContent).toBe('No hay experiencias para mostrar');
  });

  describe('create modal', () => {
    const open = async (user: ReturnType<typeof setup>['user']) => {
      await user.click(await screen.findByRole('button', { name: 'Crear nueva experiencia' }));
      return screen.findByRole('dialog', { name: 'Crear Nueva Experiencia' });
    };

    it('has title, description, a category select (first category by default) and an image', async () => {
      const { user } = setup('scouter');
      const dialog = await open(user);
      const select = within(dialog).getByLabelText('Categoría');
      expect(select).toHaveValue('ruta');
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => [o.getAttribute('value'), o.textContent]),
      ).toEqual([
        ['ruta', 'Rutas'],
        ['campamento', 'Campamentos'],
        ['zona', 'Zonas de acampada'],
      ]);
      expect(within(dialog).getByLabelText('Título')).toHaveAttribute('maxLength', '150');
      expect(within(dialog).getByLabelText('Imagen')).toHaveAttribute('accept', 'image/*');
      const submit = within(dialog).getByRole('button', { name: 'Crear Experiencia' });
      expect(submit).toBeDisabled();
      await user.click(within(dialog).getByLabelText('Título'));
      await user.tab();
      expect(await within(dialog).findByText('El título es obligatorio.')).toBeInTheDocument();
      expect(submit).toBeDisabled();
    });

    it("no image: 'La imagen de la experiencia es obligatoria.' and nothing is sent", async () => {
      const { user, calls } = setup('scouter');
      const dialog = await open(user);
      await user.type(within(dialog).getByLabelText('Título'), 'Ruta de las Cárcavas');
      await user.type(within(dialog).getByLabelText('Descripción'), 'Un paseo fácil.');
      await user.click(within(dialog).getByRole('button', { name: 'Crear Experiencia' }));
      const alert = await within(dialog).findByRole('alert');
      expect(alert).toHaveTextContent('La imagen de la experiencia es obligatoria.');
      expect(alert).toHaveClass('alert-danger');
      expect(calls.some((c) => c.method === 'POST')).toBe(false);
    });

    it('a missing description at submit shows its message and sends nothing', async () => {
      const { user, calls } = setup('scouter');
      const dialog = await open(user);
      await user.type(within(dialog).getByLabelText('Título'), 'Ruta de las Cárcavas');
      await user.click(within(dialog).getByRole('button', { name: 'Crear Experiencia' }));
      expect(await within(dialog).findByText('La descripción es obligatoria.')).toBeInTheDocument();
      expect(calls.some((c) => c.method === 'POST')).toBe(false);
    });

    it('creates the experience with its category, says so and closes after 1.5 s', async () => {
      let listed = [...all];
      const { user, calls } = setup('admin', {
        'GET /experiences': () => [200, listed],
        'POST /experiences': () => {
          const created = experienceData(9, { title: 'Zona de Riaza', category: 'zona' });
          listed = [created, ...listed];
          return [201, { message: 'Experiencia creada con éxito.', experience: created }];
        },
      });
      const dialog = await open(user);
      await user.type(within(dialog).getByLabelText('Título'), 'Zona de Riaza');
      await user.type(within(dialog).getByLabelText('Descripción'), 'Con fuente y sombra.');
      await user.selectOptions(within(dialog).getByLabelText('Categoría'), 'Zonas de acampada');
      await user.upload(within(dialog).getByLabelText('Imagen'), fileOf('riaza.jpg', 'image/jpeg'));
      vi.useFakeTimers({ shouldAdvanceTime: true });
      await user.click(within(dialog).getByRole('button', { name: 'Crear Experiencia' }));
      const status = await within(dialog).findByRole('status');
      expect(status).toHaveTextContent('Experiencia creada con éxito.');
      const form = calls.find((c) => c.method === 'POST')!.data as FormData;
      expect(form.get('title')).toBe('Zona de Riaza');
      expect(form.get('description')).toBe('Con fuente y sombra.');
      expect(form.get('category')).toBe('zona');
      expect((form.get('image') as File).name).toBe('riaza.jpg');
      expect(await screen.findByRole('link', { name: 'Zona de Riaza' })).toBeInTheDocument();
      await act(async () => vi.advanceTimersByTime(1500));
      await waitFor(() =>
        expect(
          screen.queryByRole('dialog', { name: 'Crear Nueva Experiencia' }),
        ).not.toBeInTheDocument(),
      );
    });
  });
});
