// What the app and its libraries import as `react` (decision 089): Preact's compat layer, plus
// the one React 19 hook it lacks that react-router imports. Plain JavaScript: TypeScript will
// not re-export everything of compat's `export =` types, and the app's types are React's anyway.
export * from 'preact/compat';
export { default } from 'preact/compat';

/**
 * react-router's RouterProvider imports `useOptimistic` and sets an optimistic state only when
 * asked for React transitions (`useTransitions`), which the app does not use. Preact has no
 * transitions, so the optimistic state is always the state passed in.
 * @template S
 * @param {S} passthrough
 * @returns {[S, (action: unknown) => void]}
 */
export function useOptimistic(passthrough) {
  return [passthrough, () => {}];
}
