import type { LikeResult } from '@fogata/shared';
import { fireEvent, render, screen } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LikeButton } from './like-button';

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const count = () => screen.getByTestId('like-count').textContent;

describe('LikeButton', () => {
  it('flips at once, then takes the server answer', async () => {
    const call = deferred<LikeResult>();
    const api = { like: vi.fn(() => call.promise), unlike: vi.fn() };
    const onChange = vi.fn();
    render(<LikeButton liked={false} count={3} canLike api={api} onChange={onChange} />);
    const button = screen.getByRole('button', { name: /^Me gusta:/ });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    // The visible count is part of the accessible name (WCAG 2.5.3).
    expect(button).toHaveAccessibleName('Me gusta: 3');

    fireEvent.click(button);
    // Optimistic: +1 and pressed before the server answers.
    expect(count()).toBe('4');
    expect(screen.getByRole('button', { name: /^Quitar me gusta:/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // Someone else liked meanwhile: the server's count wins.
    await act(async () => call.resolve({ likeCount: 7, userHasLiked: true }));
    expect(count()).toBe('7');
    expect(api.like).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith({ likeCount: 7, userHasLiked: true });
  });

  it('unlikes with −1 and the DELETE call', async () => {
    const api = {
      like: vi.fn(),
      unlike: vi.fn(async () => ({ likeCount: 1, userHasLiked: false })),
    };
    render(<LikeButton liked count={2} canLike api={api} />);
    fireEvent.click(screen.getByRole('button', { name: /^Quitar me gusta:/ }));
    expect(count()).toBe('1');
    await act(async () => {});
    expect(api.unlike).toHaveBeenCalledTimes(1);
    expect(api.like).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: /^Me gusta:/ })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('reverts on failure and shows the error for 4 s', async () => {
    vi.useFakeTimers();
    const call = deferred<LikeResult>();
    const api = { like: vi.fn(() => call.promise), unlike: vi.fn() };
    render(<LikeButton liked={false} count={5} canLike api={api} />);
    fireEvent.click(screen.getByRole('button', { name: /^Me gusta:/ }));
    expect(count()).toBe('6');
    await act(async () => call.reject(new Error('Error al dar like a la foto 9.')));
    expect(count()).toBe('5');
    expect(screen.getByRole('button', { name: /^Me gusta:/ })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Error al dar like a la foto 9.');
    act(() => vi.advanceTimersByTime(3999));
    expect(screen.getByText('Error al dar like a la foto 9.')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Error al dar like a la foto 9.')).not.toBeInTheDocument();
  });

  it('ignores clicks while a call runs', async () => {
    const call = deferred<LikeResult>();
    const api = { like: vi.fn(() => call.promise), unlike: vi.fn() };
    render(<LikeButton liked={false} count={0} canLike api={api} />);
    fireEvent.click(screen.getByRole('button', { name: /^Me gusta:/ }));
    fireEvent.click(screen.getByRole('button', { name: /^Quitar me gusta:/ }));
    fireEvent.click(screen.getByRole('button', { name: /^Quitar me gusta:/ }));
    expect(count()).toBe('1');
    expect(api.like).toHaveBeenCalledTimes(1);
    expect(api.unlike).not.toHaveBeenCalled();
    await act(async () => call.resolve({ likeCount: 1, userHasLiked: true }));
    // Once it has answered, the next click goes through.
    fireEvent.click(screen.getByRole('button', { name: /^Quitar me gusta:/ }));
    expect(api.unlike).toHaveBeenCalledTimes(1);
  });

  it('tells an anonymous visitor to sign in, without calling the server', () => {
    const api = { like: vi.fn(), unlike: vi.fn() };
    render(<LikeButton liked={false} count={2} canLike={false} api={api} />);
    fireEvent.click(screen.getByRole('button', { name: /^Me gusta:/ }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      "Necesitas iniciar sesión para dar 'Me gusta'.",
    );
    expect(count()).toBe('2');
    expect(api.like).not.toHaveBeenCalled();
  });

  it('follows new data from its parent', () => {
    const api = { like: vi.fn(), unlike: vi.fn() };
    const { rerender } = render(<LikeButton liked={false} count={2} canLike api={api} />);
    rerender(<LikeButton liked count={9} canLike api={api} />);
    expect(count()).toBe('9');
    expect(screen.getByRole('button', { name: /^Quitar me gusta:/ })).toBeInTheDocument();
  });
});
