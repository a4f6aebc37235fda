import { GRID_GAP, gridLayout, rowsNear } from '@fogata/shared';
import {
  type CSSProperties,
  type ReactNode,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';

/** The grid's geometry is shared with the album page's inline script (decision 207). */
export { justifiedRows, MAX_PER_ROW, MIN_TILE_WIDTH, targetHeight } from '@fogata/shared';

/** How far beyond the screen rows stay drawn, in screen heights, above and below. */
const OVERSCAN = 0.75;

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
    () => (width > 0 ? gridLayout(aspects, width, total, belowOf) : null),
    [aspects, width, total, belowOf],
  );
  // Which rows are near the screen: worked out on scroll, drawn only when that changes; those
  // around the screen from the first paint on.
  const around = useRef(false);
  const update = useRef<() => void>(() => {});
  // The layout at a width not measured yet, for the first measure.
  const layoutFor = useRef((w: number) => gridLayout(aspects, w, total, belowOf));
  layoutFor.current = (w: number) => gridLayout(aspects, w, total, belowOf);

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
          style={{ top: `${layout.known + GRID_GAP}px` }}
        />
      )}
    </div>
  );
}
