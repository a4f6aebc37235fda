import { type CSSProperties, type ReactNode, useLayoutEffect, useRef, useState } from 'react';

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

/**
 * Justified rows (decision 024): items in order, as many per row as make its height (when the row
 * fills `width`) come nearest `target`. Each item is as wide as its aspect (width / height) at
 * its row's height, so every photo shows whole and the photos of a row share one height.
 */
export function justifiedRows(aspects: number[], width: number, target: number): Row[] {
  const rows: Row[] = [];
  let items: number[] = [];
  let sum = 0;
  const heightOf = (n: number, s: number) => (width - GAP * (n - 1)) / s;
  aspects.forEach((aspect, i) => {
    const before = items.length ? heightOf(items.length, sum) : Number.POSITIVE_INFINITY;
    const after = heightOf(items.length + 1, sum + aspect);
    if (after > target) {
      items.push(i);
      sum += aspect;
      return;
    }
    // Adding this one makes the row low enough; without it, is the row nearer the target?
    if (items.length && before - target < target - after && before <= target * 1.4) {
      rows.push({ items, height: before, full: true });
      items = [i];
      sum = aspect;
      return;
    }
    rows.push({ items: [...items, i], height: after, full: true });
    items = [];
    sum = 0;
  });
  if (items.length) {
    rows.push({ items, height: Math.min(target, heightOf(items.length, sum)), full: false });
  }
  return rows;
}

interface JustifiedRowsProps {
  /** Width / height of each item, in order. */
  aspects: number[];
  render: (index: number) => ReactNode;
  /** A stable key for each item. */
  keyOf: (index: number) => string | number;
}

/**
 * Items laid out in justified rows once the container's width is known (measured before the
 * first paint, and again when it changes); before that, and without ResizeObserver, a CSS
 * approximation: the same boxes in wrapping rows.
 */
export function JustifiedRows({ aspects, render, keyOf }: JustifiedRowsProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  if (width <= 0) {
    return (
      <div ref={ref} className="photo-rows photo-rows-wrap">
        {aspects.map((aspect, i) => (
          <div
            key={keyOf(i)}
            className="photo-rows-item"
            style={{ '--aspect': aspect } as CSSProperties}
          >
            {render(i)}
          </div>
        ))}
      </div>
    );
  }

  return (
    <div ref={ref} className="photo-rows">
      {justifiedRows(aspects, width, targetHeight(width)).map((row) => (
        <div key={keyOf(row.items[0]!)} className="photo-row">
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
              {render(i)}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
