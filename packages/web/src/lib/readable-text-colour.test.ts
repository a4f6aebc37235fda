import { describe, expect, it } from 'vitest';
import { contrastRatio, luminance, readableTextColour } from './readable-text-colour';

describe('readableTextColour', () => {
  it("picks white on SPEC's four section colours and black on light ones", () => {
    for (const colour of ['#b45309', '#15803d', '#b91c1c', '#7e22ce']) {
      expect(readableTextColour(colour)).toBe('#ffffff');
    }
    for (const colour of ['#fde68a', '#ffffff', '#22d3ee']) {
      expect(readableTextColour(colour)).toBe('#000000');
    }
  });

  it('always gives a contrast of at least 4.5:1 (WCAG AA for small text)', () => {
    for (let grey = 0; grey < 256; grey += 5) {
      const hex = `#${grey.toString(16).padStart(2, '0').repeat(3)}`;
      const background = luminance(hex) as number;
      const text = luminance(readableTextColour(hex)) as number;
      expect(contrastRatio(background, text), hex).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('falls back to white for a colour it cannot read', () => {
    expect(readableTextColour('verde')).toBe('#ffffff');
  });
});
