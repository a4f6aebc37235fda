import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { api } from '../lib/api-client';

const realAdapter = api.adapter;

// findBy* and waitFor wait up to 5 s rather than 1 s: on a loaded 2-core machine a lazy chunk or
// a mocked answer can take longer than a second to show. A missing element still fails.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no matchMedia; React-Bootstrap's Offcanvas asks for breakpoints.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  api.adapter = realAdapter;
  vi.useRealTimers();
  vi.restoreAllMocks();
});
