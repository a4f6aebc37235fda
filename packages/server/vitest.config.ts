import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Forks isolate native modules (better-sqlite3, sharp). The worker count stays the root's:
    // a per-project maxWorkers would split the projects' scheduling groups.
    pool: 'forks',
  },
});
