import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // A ceiling, not a goal: a screen's test that takes a second alone can take many times that
    // while other work keeps both cores busy, and one that passes returns at once.
    testTimeout: 60_000,
  },
});
