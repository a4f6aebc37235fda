import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { api } from '../lib/api-client';

const realAdapter = api.defaults.adapter;

afterEach(() => {
  cleanup();
  localStorage.clear();
  api.defaults.adapter = realAdapter;
  vi.useRealTimers();
  vi.restoreAllMocks();
});
