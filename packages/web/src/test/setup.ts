import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { api } from '../lib/api-client';

const realAdapter = api.defaults.adapter;

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
  api.defaults.adapter = realAdapter;
  vi.useRealTimers();
  vi.restoreAllMocks();
});
