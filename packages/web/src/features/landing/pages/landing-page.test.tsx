import type { News } from '@fogata/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { never, stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render';
import { LandingPage } from './landing-page';

const PIXEL = 'data:image/webp;base64,UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==';

const newsData = (id: number, extra: Partial<News> = {}): News => ({
  id,
  title: `Noticia ${id}`,
  description: `Resumen de la noticia ${id}.`,
  content: 'Texto completo.',
  image_url: `/media/news/${id}.webp`,
  thumb_url: `/media/news/${id}-thumb.webp`,
  placeholder: PIXEL,
  width: 1600,
  height: 900,
  created_at: '2025-03-07T10:00:00Z',
  updated_at: '2025-03-07T10:00:00Z',
  likes_count: 0,
  comments_count: 0,
  user_has_liked: false,
  ...extra,
});

const config = [
  200,
  {
    groupName: 'Grupo Scout Fogata 1',
    groupAddress: 'Calle Mayor 1',
    groupMapUrl: null,
    oidc: null,
  },
] as const;

function setup(news: Parameters<typeof stubApi>[0][string]) {
  const calls = stubApi({ 'GET /config': [...config], 'GET /news?limit=3': news });
  return { calls, ...renderApp(<LandingPage />) };
}

describe('LandingPage', () => {
  it('shows the hero with the group name and the tagline', async () => {
    setup([200, []]);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Grupo Scout Fogata 1' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Siempre listos para servir')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Iniciar Sesión' })).toHaveAttribute('href', '/login');
  });

  it('shows 3 skeleton cards while the news load', () => {
    setup(never);
    expect(screen.getByRole('heading', { name: 'Lo Más Destacado' })).toBeInTheDocument();
    expect(screen.getAllByTestId('skeleton-card')).toHaveLength(3);
    expect(screen.getByText('Cargando noticias destacadas...')).toBeInTheDocument();
  });

  it('asks for the first 3 news and shows each as a card linking to it', async () => {
    const { calls } = setup([
      200,
      [
        newsData(7, {
          title: 'Campamento de Semana Santa',
          description: 'Inscripciones abiertas.',
        }),
        newsData(6, { title: 'Nueva sección Clan', created_at: '2025-01-15T09:00:00Z' }),
        newsData(5, { title: 'Fiesta de fin de curso', thumb_url: null, image_url: null }),
      ],
    ]);
    const link = await screen.findByRole('link', { name: 'Campamento de Semana Santa' });
    expect(link).toHaveAttribute('href', '/news/7');
    expect(calls.filter((c) => c.url.startsWith('/news'))).toEqual([
      expect.objectContaining({ method: 'GET', url: '/news?limit=3' }),
    ]);
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(3);
    const first = cards[0]!;
    expect(within(first).getByText('Inscripciones abiertas.')).toBeInTheDocument();
    expect(within(first).getByText('7 de marzo de 2025')).toHaveAttribute(
      'datetime',
      '2025-03-07T10:00:00Z',
    );
    const img = first.querySelector('img.media-box-image')!;
    expect(img).toHaveAttribute('src', '/media/news/7-thumb.webp');
    // The first card's image is the page's largest: fetched at once, at high priority.
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(cards[1]!.querySelector('img.media-box-image')).toHaveAttribute('loading', 'lazy');
    // The box is reserved before the image arrives, the placeholder under it.
    expect(first.querySelector('img.media-box-placeholder')).toHaveAttribute('src', PIXEL);
    expect(within(cards[1]!).getByText('15 de enero de 2025')).toBeInTheDocument();
    expect(within(cards[2]!).getByRole('link', { name: 'Fiesta de fin de curso' })).toHaveAttribute(
      'href',
      '/news/5',
    );
    expect(cards[2]!.querySelector('img.media-box-image')).toBeNull();
    expect(
      screen.queryByText('No hay noticias destacadas en este momento.'),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver todas las noticias' })).toHaveAttribute(
      'href',
      '/news',
    );
  });

  it('says so when there are no news', async () => {
    setup([200, []]);
    expect(
      await screen.findByText('No hay noticias destacadas en este momento.'),
    ).toBeInTheDocument();
    expect(screen.queryAllByTestId('skeleton-card')).toHaveLength(0);
    expect(screen.queryAllByRole('article')).toHaveLength(0);
  });

  it('keeps the page when the news cannot be loaded: a quiet line instead', async () => {
    setup([500, { message: 'Error interno del servidor.' }]);
    expect(
      await screen.findByText(
        'No se pudieron cargar las noticias destacadas. Inténtalo de nuevo más tarde.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Siempre listos para servir')).toBeInTheDocument();
    expect(screen.queryAllByTestId('skeleton-card')).toHaveLength(0);
  });
});
