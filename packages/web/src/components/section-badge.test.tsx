import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readableTextColour as textColourOn } from '../lib/readable-text-colour';
import { SectionBadge } from './section-badge';

/** WCAG 2 contrast ratio between two `#rrggbb` colours. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const c = (i: number) => {
      const v = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * c(1) + 0.7152 * c(3) + 0.0722 * c(5);
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('SectionBadge', () => {
  it("writes white on SPEC's four colours, black on light ones", () => {
    for (const colour of ['#b45309', '#15803d', '#b91c1c', '#7e22ce', '#0e7490']) {
      expect(textColourOn(colour)).toBe('#ffffff');
    }
    for (const colour of ['#fde047', '#a3e635', '#ffffff', '#67e8f9']) {
      expect(textColourOn(colour)).toBe('#000000');
    }
  });

  it('keeps at least 4.5:1 for the defaults, and never below the better of black and white', () => {
    for (const colour of ['#b45309', '#15803d', '#b91c1c', '#7e22ce', '#0e7490']) {
      expect(contrast(colour, textColourOn(colour))).toBeGreaterThanOrEqual(4.5);
    }
    for (const colour of ['#808080', '#ff0000', '#00ff00', '#0000ff', '#777777']) {
      const chosen = contrast(colour, textColourOn(colour));
      expect(chosen).toBeGreaterThanOrEqual(
        Math.max(contrast(colour, '#000000'), contrast(colour, '#ffffff')),
      );
    }
  });

  it('shows the name in the section colour', () => {
    render(<SectionBadge section={{ id: 1, name: 'Tropa', colour: '#15803d' }} />);
    const badge = screen.getByText('Tropa');
    expect(badge).toHaveStyle({ backgroundColor: '#15803d', color: '#ffffff' });
  });
});
