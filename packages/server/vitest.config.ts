import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Ceilings, not goals: a machine whose cores are busy with other work stretches a test many
    // times, and one that passes returns at once.
    testTimeout: 120_000,
    hookTimeout: 300_000,
    // Forks isolate native modules (better-sqlite3, sharp). The worker count stays the root's:
    // a per-project maxWorkers would split the projects' scheduling groups.
    pool: 'forks',
  },
});
