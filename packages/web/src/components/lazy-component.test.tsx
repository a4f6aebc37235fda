import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyComponent } from './lazy-component';

function Dialog({ title }: { title: string }) {
  return <p>{title}</p>;
}

describe('lazyComponent', () => {
  afterEach(() => vi.restoreAllMocks());

  it('draws nothing when its code cannot be fetched, keeps the page, and asks again next time', async () => {
    const errors = vi.spyOn(console, 'error');
    const load = vi
      .fn<() => Promise<{ Dialog: typeof Dialog }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ Dialog });
    const LazyDialog = lazyComponent(load, 'Dialog');
    const first = render(
      <main>
        <h1>Noticias</h1>
        <LazyDialog title="Nueva noticia" />
      </main>,
    );
    await act(async () => {});
    expect(screen.getByRole('heading', { name: 'Noticias' })).toBeTruthy();
    expect(screen.queryByText('Nueva noticia')).toBeNull();
    expect(errors).not.toHaveBeenCalled();
    first.unmount();

    render(<LazyDialog title="Nueva noticia" />);
    expect(await screen.findByText('Nueva noticia')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
