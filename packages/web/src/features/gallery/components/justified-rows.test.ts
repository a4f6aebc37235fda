import { describe, expect, it } from 'vitest';
import { justifiedRows, MAX_PER_ROW, MIN_TILE_WIDTH, targetHeight } from './justified-rows';

const GAP = 12;
/** The widths of a row's items at its height, gaps included: the width it takes. */
const widthOf = (aspects: number[], row: { items: number[]; height: number }) =>
  row.items.reduce((w, i) => w + aspects[i]! * row.height, 0) + GAP * (row.items.length - 1);

describe('justifiedRows', () => {
  it('fills each full row exactly, keeps the order, and leaves the last at the target height', () => {
    const aspects = [4 / 3, 2 / 3, 2.4, 1, 1.5, 4 / 3, 3 / 4];
    const rows = justifiedRows(aspects, 1116, 230);
    expect(rows.flatMap((r) => r.items)).toEqual(aspects.map((_, i) => i));
    for (const row of rows.filter((r) => r.full)) {
      expect(widthOf(aspects, row)).toBeCloseTo(1116, 6);
      expect(row.height).toBeGreaterThan(230 * 0.6);
      expect(row.height).toBeLessThanOrEqual(230 * 1.4);
    }
    const last = rows.at(-1)!;
    if (!last.full) {
      expect(last.height).toBeLessThanOrEqual(230);
      expect(widthOf(aspects, last)).toBeLessThanOrEqual(1116);
    }
  });

  it('puts two 4:3 photos side by side on a phone', () => {
    const rows = justifiedRows([4 / 3, 4 / 3, 4 / 3, 4 / 3], 351, targetHeight(351));
    expect(rows.map((r) => r.items)).toEqual([
      [0, 1],
      [2, 3],
    ]);
    expect(rows[0]!.height).toBeCloseTo((351 - GAP) / (8 / 3), 6);
  });

  it('keeps a lone last photo at the target height, not the full width', () => {
    const [row] = justifiedRows([1], 1116, 230);
    expect(row).toEqual({ items: [0], height: 230, full: false });
  });

  it('keeps every tile readable on a phone: no portrait narrower than the minimum, rows of two', () => {
    // Portraits, a panorama and landscapes, as a camp album mixes them; 351 px is a 375 px phone.
    const aspects = [3 / 4, 3 / 4, 3 / 4, 3, 3 / 4, 4 / 3, 4 / 3, 2 / 3, 3 / 4, 3 / 4];
    const rows = justifiedRows(aspects, 351, targetHeight(351), MIN_TILE_WIDTH);
    expect(rows.flatMap((r) => r.items)).toEqual(aspects.map((_, i) => i));
    for (const row of rows) {
      expect(row.items.length).toBeLessThanOrEqual(2);
      for (const i of row.items) {
        expect(aspects[i]! * row.height).toBeGreaterThanOrEqual(MIN_TILE_WIDTH);
      }
      if (row.full) expect(widthOf(aspects, row)).toBeCloseTo(351, 6);
    }
    // Two portraits side by side: each 169.5 px wide (today's rule gave three of 87 px).
    expect(rows[0]!.items).toEqual([0, 1]);
    expect(aspects[0]! * rows[0]!.height).toBeCloseTo((351 - GAP) / 2, 6);
  });

  it('never puts more than five photos in a row (up to 5 columns)', () => {
    const rows = justifiedRows(Array(23).fill(1 / 2), 1116, 230, MIN_TILE_WIDTH);
    expect(rows.every((r) => r.items.length <= MAX_PER_ROW)).toBe(true);
    expect(rows[0]!.items).toHaveLength(MAX_PER_ROW);
  });

  it('lays out nothing for no photos', () => {
    expect(justifiedRows([], 800, 200)).toEqual([]);
  });
});
