import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while a page is drawn on the server and while the browser hydrates that drawing, true
 * from the render after (and from the start of a page the browser draws itself). What only the
 * browser knows, such as the reader's time zone, waits for it: the hydrating render must draw
 * exactly what the server drew.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
