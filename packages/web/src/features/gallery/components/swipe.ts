/** How far a finger must travel sideways, in px, for a swipe to change the photo. */
const SWIPE_MIN = 50;

/**
 * What a finger's move from `from` to `to` asks of a photo viewer: a mostly sideways move of at
 * least SWIPE_MIN px goes to the next photo (to the left, as in every gallery) or the previous
 * one; anything else (a tap, a vertical scroll) is not a swipe.
 */
export function swipeDirection(
  from: { x: number; y: number },
  to: { x: number; y: number },
): 'next' | 'previous' | null {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  if (Math.abs(dx) < SWIPE_MIN || Math.abs(dx) < 1.5 * Math.abs(dy)) return null;
  return dx < 0 ? 'next' : 'previous';
}
