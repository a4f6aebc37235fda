import { fileURLToPath } from 'node:url';
import type { Alias } from 'vite';

/**
 * React's names, answered by Preact's compat layer (decision 089): the same components and hooks
 * for ~45 KB less on every first load. The build and the unit tests both use these, so the tests
 * test what ships. Types stay React's (@types/react): the app is still written against React.
 */
export const PREACT_ALIASES: Alias[] = [
  { find: /^react$/, replacement: fileURLToPath(new URL('./react-on-preact.js', import.meta.url)) },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
];
