/** One row of the album grid. */
export interface Row {
  /** Indexes of the row's items, in order. */
  items: number[];
  /** The row's height in px. */
  height: number;
  /** A full row fills the width; the last may be shorter (it keeps the target height). */
  full: boolean;
}

/** Where each row sits in the grid, and how tall the grid is with the rows not yet loaded. */
export interface GridLayout {
  rows: Row[];
  tops: number[];
  heights: number[];
  /** The bottom of the last laid-out row. */
  known: number;
  /** `known` plus an estimate for the items still to come, so the scrollbar tells the truth. */
  height: number;
}

/**
 * The album grid's geometry (decisions 024 and 038), for the app's grid and for the album page's
 * inline script, which draws the first photos before the app has loaded (decision 207) and
 * carries this function's source. So it refers to nothing outside itself: everything it needs
 * is made here, and the module takes its exports from one call.
 */
export function albumGridMath() {
  /** Space between photos and between rows, in px (the CSS gap of .photo-rows and .photo-row). */
  const GAP = 12;
  /** The album's photo grid has up to 5 columns, as the product asks. */
  const MAX_PER_ROW = 5;
  /**
   * The narrowest a tile may be (decision 038): its like and comment buttons on one line and a
   * caption of a few words a line, not a strip a word wide. On a phone this makes rows of two.
   */
  const MIN_TILE_WIDTH = 150;
  /** The body of a card with its like and comment buttons only, in px (.photo-tile-body). */
  const BODY_PLAIN = 48;
  /** With a caption under the buttons: two lines of small text more. */
  const BODY_CAPTIONED = 98;

  /** The height a row aims at for a container `width` px wide: smaller photos on phones. */
  function targetHeight(width: number) {
    if (width < 576) return 130;
    if (width < 992) return 190;
    return 230;
  }

  /**
   * The height of the cards' bodies in a row of photos with these captions (decision 038):
   * fixed, so a row's height follows from its photos' width and height alone.
   */
  function tileBodyHeight(captions: (string | null | undefined)[]) {
    return captions.some((c) => c?.trim()) ? BODY_CAPTIONED : BODY_PLAIN;
  }

  /**
   * Justified rows (decision 024): items in order, as many per row as make its height (when the
   * row fills `width`) come nearest `target`. Each item is as wide as its aspect (width / height)
   * at its row's height, so every photo shows whole and the photos of a row share one height. A
   * row never holds more than MAX_PER_ROW items nor one narrower than `minWidth` (decision 038):
   * such a row closes early, taller than the target.
   */
  function justifiedRows(aspects: number[], width: number, target: number, minWidth = 0): Row[] {
    const rows: Row[] = [];
    const maxItems = Math.max(
      1,
      Math.min(MAX_PER_ROW, Math.floor((width + GAP) / (minWidth + GAP))),
    );
    let items: number[] = [];
    let sum = 0;
    let narrowest = Number.POSITIVE_INFINITY;
    const heightOf = (n: number, s: number) => (width - GAP * (n - 1)) / s;
    const close = (row: Row) => {
      rows.push(row);
      items = [];
      sum = 0;
      narrowest = Number.POSITIVE_INFINITY;
    };
    aspects.forEach((aspect, i) => {
      if (items.length) {
        const after = heightOf(items.length + 1, sum + aspect);
        if (items.length >= maxItems || Math.min(narrowest, aspect) * after < minWidth) {
          close({ items, height: heightOf(items.length, sum), full: true });
        }
      }
      const before = items.length ? heightOf(items.length, sum) : Number.POSITIVE_INFINITY;
      const after = heightOf(items.length + 1, sum + aspect);
      if (after > target) {
        items.push(i);
        sum += aspect;
        narrowest = Math.min(narrowest, aspect);
        return;
      }
      // Adding this one makes the row low enough; without it, is the row nearer the target?
      if (items.length && before - target < target - after && before <= target * 1.4) {
        close({ items, height: before, full: true });
        items = [i];
        sum = aspect;
        narrowest = aspect;
        return;
      }
      close({ items: [...items, i], height: after, full: true });
    });
    if (items.length) {
      // The last row keeps the target height, or more if a tile would be narrower than minWidth.
      const height = Math.max(target, minWidth / narrowest);
      rows.push({ items, height: Math.min(height, heightOf(items.length, sum)), full: false });
    }
    return rows;
  }

  /**
   * The grid of `aspects` in `width` px, `belowOf` the height under a row's photos; `total`
   * items in all, those not loaded yet counted in its height.
   */
  function gridLayout(
    aspects: number[],
    width: number,
    total: number,
    belowOf: (items: number[]) => number,
  ): GridLayout {
    const target = targetHeight(width);
    const rows = justifiedRows(aspects, width, target, MIN_TILE_WIDTH);
    const tops: number[] = [];
    const heights: number[] = [];
    let y = 0;
    for (const row of rows) {
      const height = row.height + belowOf(row.items);
      tops.push(y);
      heights.push(height);
      y += height + GAP;
    }
    const known = Math.max(0, y - GAP);
    const rest = Math.max(0, total - aspects.length);
    if (rest === 0) return { rows, tops, heights, known, height: known };
    // The rows to come are as the loaded ones on average (a new album: the target height).
    const perRow = rows.length
      ? aspects.length / rows.length
      : Math.max(1, Math.floor(width / 200));
    const rowHeight = rows.length ? (known + GAP) / rows.length : target + belowOf([]) + GAP;
    const estimate = Math.ceil(rest / perRow) * rowHeight;
    return { rows, tops, heights, known, height: known + (rows.length ? GAP : 0) + estimate };
  }

  /** The first row whose bottom is below `y`. */
  function firstRowBelow(layout: GridLayout, y: number) {
    let lo = 0;
    let hi = layout.rows.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (layout.tops[mid]! + layout.heights[mid]! <= y) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * The rows to draw when the grid's top is `top` px above the screen's (negative below it) and
   * the screen `view` px tall: those on screen and `overscan` screens around, first and last.
   */
  function rowsNear(layout: GridLayout, top: number, view: number, overscan: number) {
    return [
      firstRowBelow(layout, top - view * overscan),
      firstRowBelow(layout, top + view * (1 + overscan)),
    ] as [number, number];
  }

  return {
    GAP,
    MAX_PER_ROW,
    MIN_TILE_WIDTH,
    targetHeight,
    tileBodyHeight,
    justifiedRows,
    gridLayout,
    rowsNear,
  };
}

export const {
  GAP: GRID_GAP,
  MAX_PER_ROW,
  MIN_TILE_WIDTH,
  targetHeight,
  tileBodyHeight,
  justifiedRows,
  gridLayout,
  rowsNear,
} = albumGridMath();
