import { screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { never, stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render';
import { signIn } from '../../../test/token';
import { experienceData, newsData } from '../test/data';
import { ExperiencesPage, NewsListPage } from './post-list-page';

type Role = 'usuario' | 'scouter' | 'admin' | null;

/** What the news and experience lists share, with each kind's words. */
const kinds = [
  {
    kind: 'news',
    Page: NewsListPage,
    path: '/news',
    heading: 'Noticias',
    loading: 'Cargando noticias...',
    items: () => [newsData(1, { title: 'Campamento de Semana Santa' }), newsData(2)],
    first: 'Campamento de Semana Santa',
    href: '/news/1',
    thumb: '/media/news/1/thumb.webp',
    create: 'Crear nueva noticia',
    remove: 'Eliminar noticia',
    removed: 'Noticia eliminada.',
    removeFailed: 'Error al eliminar la noticia: Error interno del servidor.',
    loadFailed: 'No se pudieron cargar las noticias.',
  },
  {
    kind: 'experiences',
    Page: ExperiencesPage,
    path: '/experiences',
    heading: 'Experiencias',
    loading: 'Cargando experiencias...',
    items: () => [
      experienceData(1, { title: 'Ruta al Peñalara' }),
      experienceData(2),
      experienceData(3),
    ],
    first: 'Ruta al Peñalara',
    href: '/experience/1',
    thumb: '/media/experiences/1/thumb.webp',
    create: 'Crear nueva experiencia',
    remove: 'Eliminar experiencia',
    removed: 'Experiencia eliminada.',
    removeFailed: 'Error al eliminar la experiencia: Error interno del servidor.',
    loadFailed: 'No se pudieron cargar las experiencias.',
  },
] as const;

describe.each(kinds)('the $kind list', (k) => {
  function setup(role: Role, routes: Parameters<typeof stubApi>[0] = {}) {
    if (role) signIn({ role });
    const calls = stubApi({ [`GET ${k.path}`]: [200, k.items()], ...routes });
    return { calls, ...renderApp(<k.Page />, { route: k.path, path: k.path }) };
  }
  const card = async (title: string) =>
    (await screen.findByRole('link', { name: title })).closest('article') as HTMLElement;

  it('shows 8 skeleton cards while loading', () => {
    stubApi({ [`GET ${k.path}`]: never });
    renderApp(<k.Page />, { route: k.path });
    expect(screen.getByRole('heading', { level: 1, name: k.heading })).toBeInTheDocument();
    expect(screen.getAllByTestId('skeleton-card')).toHaveLength(8);
    expect(screen.getByText(k.loading)).toBeInTheDocument();
  });

  it('links each card and loads the first thumbnail eagerly, the rest lazily', async () => {
    setup(null);
    const first = await card(k.first);
    expect(within(first).getByRole('link', { name: k.first })).toHaveAttribute('href', k.href);
    const img = first.querySelector('img.media-box-image')!;
    expect(img).toHaveAttribute('src', k.thumb);
    // The first card's image is the page's largest: fetched at once, at high priority; the
    // others wait until they come near the screen.
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    const others = [...document.querySelectorAll('img.media-box-image')].slice(1);
    expect(others.length).toBeGreaterThan(0);
    for (const other of others) expect(other).toHaveAttribute('loading', 'lazy');
    // The placeholder sits under it in a box of reserved proportions.
    expect(first.querySelector('img.media-box-placeholder')).toBeInTheDocument();
  });

  it.each([null, 'usuario'] as const)('gives %s no manager control', async (role) => {
    setup(role);
    await card(k.first);
    expect(screen.queryByRole('button', { name: k.create })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: k.remove })).not.toBeInTheDocument();
  });

  it.each(['scouter', 'admin'] as const)('gives a %s create and delete', async (role) => {
    setup(role);
    const first = await card(k.first);
    expect(screen.getByRole('button', { name: k.create })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: k.remove })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: k.remove })).toHaveLength(k.items().length);
  });

  const failures: [string, Parameters<typeof stubApi>[0][string]][] = [
    ['an error answer', [500, { message: 'Error interno del servidor.' }]],
    ['no answer', 'network-error'],
  ];
  it.each(failures)('load failure on %s: a dismissible alert', async (_, reply) => {
    const { user } = setup(null, { [`GET ${k.path}`]: reply });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(k.loadFailed);
    await user.click(within(alert).getByRole('button', { name: 'Cerrar aviso' }));
    expect(screen.queryByText(k.loadFailed)).not.toBeInTheDocument();
  });

  it('delete: confirms, locks the buttons while deleting, then reloads the list', async () => {
    let answer: (reply: [number, unknown]) => void = () => {};
    let listed = k.items();
    const { user } = setup('scouter', {
      [`GET ${k.path}`]: () => [200, listed],
      [`DELETE ${k.path}/1`]: () =>
        new Promise((res) => {
          answer = res;
        }),
    });
    const first = await card(k.first);
    await user.click(within(first).getByRole('button', { name: k.remove }));
    const dialog = await screen.findByRole('dialog', { name: k.remove });
    expect(dialog).toHaveTextContent('Esta acción no se puede deshacer.');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(within(dialog).getByRole('button', { name: 'Eliminando...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeDisabled();
    listed = listed.slice(1) as typeof listed;
    await act(async () => answer([200, { message: k.removed }]));
    expect(await screen.findByText(k.removed)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: k.first })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('delete failure: says why with the spec text and closes the dialog', async () => {
    const { user } = setup('admin', {
      [`DELETE ${k.path}/1`]: [500, { message: 'Error interno del servidor.' }],
    });
    const first = await card(k.first);
    await user.click(within(first).getByRole('button', { name: k.remove }));
    const dialog = await screen.findByRole('dialog', { name: k.remove });
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText(k.removeFailed)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
