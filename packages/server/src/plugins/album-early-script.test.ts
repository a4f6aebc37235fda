import { runInNewContext } from 'node:vm';
import {
  ALBUM_EARLY_SCRIPT,
  albumGridMath,
  EARLY_DRAWN_ROLES,
  FIRST_THUMBNAILS,
  gridLayout,
} from '@fogata/shared';
import { describe, expect, it } from 'vitest';

/** The album page's inline script run as a browser with a session would, its fetches answered. */
async function preloadsOf(photos: unknown) {
  const links: Record<string, string>[] = [];
  const window: Record<string, unknown> = {
    localStorage: { getItem: () => 'el.token' },
    location: { pathname: '/album/7' },
    fetch: (url: string) =>
      Promise.resolve({
        ok: true,
        json: () => Promise.resolve(url.includes('/photos/') ? photos : { id: 7 }),
      }),
    document: {
      createElement: () => ({}),
      head: { appendChild: (link: Record<string, string>) => links.push({ ...link }) },
    },
  };
  window.window = window;
  runInNewContext(ALBUM_EARLY_SCRIPT, window);
  await Promise.all(Object.values(window.__fogataEarlyReads as Record<string, Promise<unknown>>));
  return links;
}

describe('the album page inline script', () => {
  it("asks at high priority for the first row's thumbnails only, leaving the link to the app", async () => {
    const photos = Array.from({ length: 48 }, (_, i) => ({ thumb_url: `/media/t${i}.webp` }));
    const links = await preloadsOf(photos);
    expect(FIRST_THUMBNAILS).toBe(2);
    expect(links).toEqual([
      { rel: 'preload', as: 'image', href: '/media/t0.webp', fetchPriority: 'high' },
      { rel: 'preload', as: 'image', href: '/media/t1.webp', fetchPriority: 'high' },
    ]);
  });

  it('preloads nothing for an album without photos or an answer that is not a list', async () => {
    expect(await preloadsOf([])).toEqual([]);
    expect(await preloadsOf({ message: 'No encontrado' })).toEqual([]);
  });
});

describe("the album page inline script's drawing", () => {
  it("is for members only: a manager's page has the draft bar and the faces to review, which only the app draws", () => {
    expect(EARLY_DRAWN_ROLES).toEqual(['usuario']);
  });

  it('refers to nothing outside itself but the browser: the grid geometry comes in its text', () => {
    // The function is carried by its source: a name from its module would be undefined in the page.
    const math = runInNewContext(`(${albumGridMath.toString()})()`, { Math, Number });
    expect(math.gridLayout([1.5, 1.5, 0.75], 388, 3, () => 48)).toEqual(
      gridLayout([1.5, 1.5, 0.75], 388, 3, () => 48),
    );
    expect(ALBUM_EARLY_SCRIPT).toContain(albumGridMath.toString());
  });
});
