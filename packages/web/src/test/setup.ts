import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { options } from 'preact';
import { afterEach, vi } from 'vitest';
import { api } from '../lib/api-client';

const realAdapter = api.adapter;

// Preact (decision 089) runs effects after the next frame, with a 35 ms timer beside it in case
// no frame comes: under fake timers that timer waits for the test's clock, and once a file's
// window is gone it calls a cancelAnimationFrame that no longer exists (an uncaught error that
// fails the run). Here effects run in a microtask right after the render, before the test's
// next step, as React flushes them whatever the test does with its timers.
options.requestAnimationFrame = (flush) => {
  queueMicrotask(flush);
};

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
