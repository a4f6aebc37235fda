import { albumFirstReads, EARLY_ANSWERS_GLOBAL, EARLY_READS_GLOBAL, LIMITS } from '@fogata/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { never, stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render';
import { signIn } from '../../../test/token';
import { albumData, photoData } from '../test/data';
import { AlbumPage } from './album-page';

// A camp album of hundreds of photos opens with its first page (decision 014); the next comes
// when the end of the grid nears the screen.

const size: number = LIMITS.photosPageSize;
const page = (n: number, count = size) =>
  Array.from({ length: count }, (_, i) => photoData(n * 1000 + i + 1));

/** jsdom has no IntersectionObserver: this one says every watched element is on screen. */
class OnScreen {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    queueMicrotask(() =>
      this.callback(
        [{ isIntersecting: true, target } as IntersectionObserverEntry],
        this as unknown as IntersectionObserver,
      ),
    );
  }
  disconnect() {}
}

afterEach(() => {
  vi.unstubAllGlobals();
  delete (window as unknown as Record<string, unknown>)[EARLY_READS_GLOBAL];
  delete (window as unknown as Record<string, unknown>)[EARLY_ANSWERS_GLOBAL];
});

describe('AlbumPage with a big album', { timeout: 30_000 }, () => {
  it('asks for the first page only while the end of the grid is away', async () => {
    signIn({ role: 'usuario' });
    const calls = stubApi({
      'GET /albums/1': [200, albumData(1, { photos_count: size + 5 })],
      'GET /photos/album/1': (config) => [200, config.params.page === 1 ? page(1) : page(2, 5)],
    });
    renderApp(<AlbumPage />, { route: '/album/1', path: '/album/:albumId' });
    expect(await screen.findAllByRole('button', { name: /^Ver foto / })).toHaveLength(size);
    const photoCalls = calls.filter((c) => c.url === '/photos/album/1');
    expect(photoCalls).toHaveLength(1);
  });

  it('adds the next page when the end of the grid comes near, and stops after a short one', async () => {
    vi.stubGlobal('IntersectionObserver', OnScreen);
    signIn({ role: 'usuario' });
    const asked: unknown[] = [];
    stubApi({
      'GET /albums/1': [200, albumData(1, { photos_count: size + 5 })],
      'GET /photos/album/1': (config) => {
        asked.push(config.params);
        return [200, config.params.page === 1 ? page(1) : page(2, 5)];
      },
    });
    renderApp(<AlbumPage />, { route: '/album/1', path: '/album/:albumId' });
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: /^Ver foto / })).toHaveLength(size + 5),
    );
    expect(asked).toEqual([
      { page: 1, limit: size },
      { page: 2, limit: size },
    ]);
  });

  it("takes the reads the page's script started instead of asking again (decision 038)", async () => {
    signIn({ role: 'usuario' });
    const [albumPath, photosPath] = albumFirstReads(1);
    (window as unknown as Record<string, unknown>)[EARLY_READS_GLOBAL] = {
      [albumPath!]: Promise.resolve(albumData(1, { title: 'Llegó antes', photos_count: 3 })),
      [photosPath!]: Promise.resolve(page(1, 3)),
    };
    const calls = stubApi({});
    renderApp(<AlbumPage />, { route: '/album/1', path: '/album/:albumId' });
    expect(await screen.findByRole('heading', { name: 'Llegó antes' })).toBeInTheDocument();
    expect(await screen.findAllByRole('button', { name: /^Ver foto / })).toHaveLength(3);
    expect(calls.filter((c) => c.url === '/albums/1' || c.url === '/photos/album/1')).toEqual([]);
  });

  it('draws the album in its first render when the answers already came', () => {
    signIn({ role: 'usuario' });
    const [albumPath, photosPath] = albumFirstReads(1);
    const globals = window as unknown as Record<string, unknown>;
    globals[EARLY_READS_GLOBAL] = { [albumPath!]: never(), [photosPath!]: never() };
    globals[EARLY_ANSWERS_GLOBAL] = {
      [albumPath!]: albumData(1, { title: 'Ya estaba', photos_count: 2 }),
      [photosPath!]: page(1, 2),
    };
    const calls = stubApi({});
    renderApp(<AlbumPage />, { route: '/album/1', path: '/album/:albumId' });
    // No waiting: the first render has the album and its photos, and nothing was asked.
    expect(screen.getByRole('heading', { name: 'Ya estaba' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Ver foto / })).toHaveLength(2);
    expect(calls.filter((c) => c.url === '/albums/1' || c.url === '/photos/album/1')).toEqual([]);
  });

  it('asks as usual when a read of the script failed', async () => {
    signIn({ role: 'usuario' });
    const [albumPath, photosPath] = albumFirstReads(1);
    (window as unknown as Record<string, unknown>)[EARLY_READS_GLOBAL] = {
      [albumPath!]: Promise.resolve(undefined),
      [photosPath!]: Promise.resolve(undefined),
    };
    const calls = stubApi({
      'GET /albums/1': [200, albumData(1, { title: 'Del servidor', photos_count: 2 })],
      'GET /photos/album/1': [200, page(1, 2)],
    });
    renderApp(<AlbumPage />, { route: '/album/1', path: '/album/:albumId' });
    expect(await screen.findByRole('heading', { name: 'Del servidor' })).toBeInTheDocument();
    expect(await screen.findAllByRole('button', { name: /^Ver foto / })).toHaveLength(2);
    expect(calls.filter((c) => c.url === '/albums/1' || c.url === '/photos/album/1')).toHaveLength(
      2,
    );
  });
});
