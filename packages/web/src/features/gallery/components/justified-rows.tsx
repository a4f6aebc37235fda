import {
  type CSSProperties,
  type ReactNode,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';

/** Space between photos, in px (the CSS gap of .photo-rows and .photo-row). */
const GAP = 12;

/** The height a row aims at for a container `width` px wide: smaller photos on phones. */
export function targetHeight(width: number) {
  if (width < 576) return 130;
  if (width < 992) return 190;
  return 230;
}

export interface Row {
  /** Indexes of the row's items, in order. */
  items: number[];
  /** The row's height in px. */
  height: number;
  /** A full row fills the width; the last may be shorter (it keeps the target height). */
  full: boolean;
}

/** The album's photo grid has up to 5 columns, as the product asks. */
export const MAX_PER_ROW = 5;

/**
 * The narrowest a tile may be (decision 038): its like and comment buttons on one line and a
 * caption of a few words a line, not a strip a word wide. On a phone this makes rows of two.
 */
export const MIN_TILE_WIDTH = 150;

/**
 * Justified rows (decision 024): items in order, as many per row as make its height (when the row
 * fills `width`) come nearest `target`. Each item is as wide as its aspect (width / height) at
 * its row's height, so every photo shows whole and the photos of a row share one height. A row
 * never holds more than MAX_PER_ROW items nor one narrower than `minWidth` (decision 038): such
 * a row closes early, taller than the target.
 */
export function justifiedRows(
  aspects: number[],
  width: number,
  target: number,
  minWidth = 0,
): Row[] {
  const rows: Row[] = [];
  const maxItems = Math.max(1, Math.min(MAX_PER_ROW, Math.floor((width + GAP) / (minWidth + GAP))));
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

/** Space between rows, in px (the gap of .photo-row's items, too). */
const ROW_GAP = GAP;

/** How far beyond the screen rows stay drawn, in screen heights, above and below. */
const OVERSCAN = 0.75;

/** Where each row sits in the grid, and how tall the grid is with the rows not yet loaded. */
interface Layout {
  rows: Row[];
  tops: number[];
  heights: number[];
  /** The bottom of the last laid-out row. */
  known: number;
  /** `known` plus an estimate for the items still to come, so the scrollbar tells the truth. */
  height: number;
}

function layoutOf(
  aspects: number[],
  width: number,
  total: number,
  belowOf: (items: number[]) => number,
): Layout {
  const target = targetHeight(width);
  const rows = justifiedRows(aspects, width, target, MIN_TILE_WIDTH);
  const tops: number[] = [];
  const heights: number[] = [];
  let y = 0;
  for (const row of rows) {
    const height = row.height + belowOf(row.items);
    tops.push(y);
    heights.push(height);
    y += height + ROW_GAP;
  }
  const known = Math.max(0, y - ROW_GAP);
  const rest = Math.max(0, total - aspects.length);
  if (rest === 0) return { rows, tops, heights, known, height: known };
  // The rows to come are as the loaded ones on average (a new album: the target height).
  const perRow = rows.length ? aspects.length / rows.length : Math.max(1, Math.floor(width / 200));
  const rowHeight = rows.length ? (known + ROW_GAP) / rows.length : target + belowOf([]) + ROW_GAP;
  const estimate = Math.ceil(rest / perRow) * rowHeight;
  return { rows, tops, heights, known, height: known + (rows.length ? ROW_GAP : 0) + estimate };
}

/**
 * The rows to draw when the grid's top is `top` px above the screen's (negative below it) and the
 * screen `view` px tall: those on screen and `overscan` screens around, first and last.
 */
function rowsNear(layout: Layout, top: number, view: number, overscan: number): [number, number] {
  return [
    firstRowBelow(layout, top - view * overscan),
    firstRowBelow(layout, top + view * (1 + overscan)),
  ];
}

/** The first row whose bottom is below `y`. */
function firstRowBelow(layout: Layout, y: number) {
  let lo = 0;
  let hi = layout.rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (layout.tops[mid]! + layout.heights[mid]! <= y) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

interface JustifiedRowsProps {
  /** Width / height of each item, in order. */
  aspects: number[];
  /**
   * An item; `firstScreen` when it shows without scrolling (its image comes first), `below` the
   * height under its photo in its row (belowOf of the row).
   */
  render: (index: number, firstScreen: boolean, below: number) => ReactNode;
  /** A stable key for each item. */
  keyOf: (index: number) => string | number;
  /** The height in px under the photos of a row (their cards' bodies); stable between renders. */
  belowOf: (items: number[]) => number;
  /** How many items the whole list has; those not loaded yet count in the grid's height. */
  total: number;
  /** Called when the screen comes within a screen of the end of what is loaded. */
  onNearEnd?: () => void;
}

/**
 * Items in justified rows, virtualised (decision 038): every row's height is known from its
 * photos' width and height (and its cards' fixed body), so the grid is as tall as it will be and
 * only the rows near the screen are in the DOM, however long the album. The width is measured
 * before the first paint, and again when it changes; before that, and without ResizeObserver, a
 * CSS approximation shows every item in wrapping rows.
 */
export function JustifiedRows({
  aspects,
  render,
  keyOf,
  belowOf,
  total,
  onNearEnd,
}: JustifiedRowsProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 0, firstScreen: 0 });
  const [range, setRange] = useState<[number, number]>([0, -1]);
  const width = size.width;
  const layout = useMemo(
    () => (width > 0 ? layoutOf(aspects, width, total, belowOf) : null),
    [aspects, width, total, belowOf],
  );
  // Which rows are near the screen: worked out on scroll, drawn only when that changes; those
  // around the screen from the first paint on.
  const around = useRef(false);
  const update = useRef<() => void>(() => {});
  // The layout at a width not measured yet, for the first measure.
  const layoutFor = useRef((w: number) => layoutOf(aspects, w, total, belowOf));
  layoutFor.current = (w: number) => layoutOf(aspects, w, total, belowOf);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const top = element.getBoundingClientRect().top;
      const width = element.clientWidth;
      // Rows above this line (in the grid) show without scrolling: their images go first.
      setSize({ width, firstScreen: window.innerHeight - top - window.scrollY });
      // The rows on screen, in the same render as the width: the first photos are drawn in one
      // more pass of the grid, not two (each a render and a layout on a phone's slow core).
      setRange(rowsNear(layoutFor.current(width), -top, window.innerHeight, 0));
    };
    measure();
    // The rows around the screen once the first ones are painted: the first drawing holds only
    // what shows, so a phone paints the first photos sooner.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        around.current = true;
        update.current();
      });
    });
    const observer = new ResizeObserver(() =>
      setSize((s) => (s.width === element.clientWidth ? s : { ...s, width: element.clientWidth })),
    );
    observer.observe(element);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      observer.disconnect();
    };
  }, []);

  update.current = () => {
    const element = ref.current;
    if (!element || !layout) return;
    const view = window.innerHeight;
    const top = -element.getBoundingClientRect().top;
    const [first, last] = rowsNear(layout, top, view, around.current ? OVERSCAN : 0);
    setRange((r) => (r[0] === first && r[1] === last ? r : [first, last]));
    if (top + 2 * view > layout.known) onNearEnd?.();
  };
  // Again whenever the rows change (a page came, the width changed), before the paint.
  useLayoutEffect(() => {
    if (layout) update.current();
  }, [layout]);
  useEffect(() => {
    const onScroll = () => update.current();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, []);

  // Where ResizeObserver is, the width comes before the first paint: nothing to draw till then.
  if (!layout && typeof ResizeObserver !== 'undefined') return <div ref={ref} />;
  if (!layout) {
    return (
      <div ref={ref} className="photo-rows photo-rows-wrap">
        {aspects.map((aspect, i) => (
          <div
            key={keyOf(i)}
            className="photo-rows-item"
            style={{ '--aspect': aspect } as CSSProperties}
          >
            {render(i, i < 4, belowOf([i]))}
          </div>
        ))}
      </div>
    );
  }

  const [first, last] = range;
  const shown = layout.rows.slice(first, Math.min(last, layout.rows.length - 1) + 1);
  return (
    <div ref={ref} className="photo-rows-virtual" style={{ height: `${layout.height}px` }}>
      {shown.map((row, k) => {
        const r = first + k;
        const top = layout.tops[r]!;
        return (
          <div
            key={keyOf(row.items[0]!)}
            className="photo-row"
            style={{ top: `${top}px`, height: `${layout.heights[r]}px` }}
          >
            {row.items.map((i) => (
              <div
                key={keyOf(i)}
                className="photo-rows-item"
                // A full row shares its width by aspect (no rounding gap); the last keeps its height.
                style={
                  row.full
                    ? { flex: `${aspects[i]} 1 0px` }
                    : { flex: 'none', width: `${aspects[i]! * row.height}px` }
                }
              >
                {render(i, top < size.firstScreen, layout.heights[r]! - row.height)}
              </div>
            ))}
          </div>
        );
      })}
      {layout.height > layout.known && (
        // Where the photos still to load will be: the skeleton of a grid, not a blank.
        <div
          className="photo-rows-pending"
          aria-hidden="true"
          style={{ top: `${layout.known + ROW_GAP}px` }}
        />
      )}
    </div>
  );
}
