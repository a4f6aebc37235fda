import { describe, expect, it } from 'vitest';
import { swipeDirection } from './swipe';

describe('swipeDirection', () => {
  it('a finger moved to the left goes to the next photo, to the right to the previous one', () => {
    expect(swipeDirection({ x: 300, y: 400 }, { x: 120, y: 420 })).toBe('next');
    expect(swipeDirection({ x: 100, y: 400 }, { x: 260, y: 380 })).toBe('previous');
  });

  it('a tap, a short move or a mostly vertical one (scrolling the comments) is no swipe', () => {
    expect(swipeDirection({ x: 200, y: 400 }, { x: 200, y: 400 })).toBeNull();
    expect(swipeDirection({ x: 200, y: 400 }, { x: 160, y: 400 })).toBeNull();
    expect(swipeDirection({ x: 200, y: 400 }, { x: 120, y: 200 })).toBeNull();
  });
});
