import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JustifiedRows } from './justified-rows';

// jsdom lays nothing out: the grid's width, its place on the screen and the screen's height are
// given here, as a phone 400 px wide and 800 px tall would measure them.
const WIDTH = 400;
const SCREEN = 800;

describe('JustifiedRows, drawn on a phone', () => {
  let frames: FrameRequestCallback[];

  beforeEach(() => {
    frames = [];
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      frames.push(callback);
      return frames.length;
    });
    vi.stubGlobal('cancelAnimationFrame', () => {});
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(WIDTH);
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
      new DOMRect(0, 0, WIDTH, SCREEN),
    );
    vi.stubGlobal('innerHeight', SCREEN);
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const grid = () => (
    <JustifiedRows
      aspects={Array.from({ length: 60 }, () => 4 / 3)}
      total={60}
      belowOf={() => 48}
      keyOf={(i) => i}
      render={(i, firstScreen) => (
        <span data-testid="tile" data-first={String(firstScreen)}>
          {i}
        </span>
      )}
    />
  );

  it('draws the rows on screen first, and those around it once painted', async () => {
    render(grid());
    // Rows of two 4:3 photos filling 400 px (145.5 px tall), with their 48 px bodies and 12 px
    // gaps: a row every 205.5 px, so four rows (eight photos) reach into an 800 px screen.
    const first = screen.getAllByTestId('tile');
    expect(first.map((tile) => tile.textContent)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7']);
    expect(first.every((tile) => tile.dataset.first === 'true')).toBe(true);

    // The frame is painted; the rows down to three quarters of a screen below follow (to 1400 px:
    // seven rows), still marked as not on the first screen past it.
    await act(async () => {
      for (const frame of frames.splice(0)) frame(0);
      vi.runAllTimers();
    });
    const after = screen.getAllByTestId('tile');
    expect(after).toHaveLength(14);
    expect(after.filter((tile) => tile.dataset.first === 'true')).toHaveLength(8);
  });
});
