import type { Kysely } from 'kysely';
import type { MigrationContext } from './migration-context.js';

/**
 * Rate-limit counters, shared by every app instance on the database: one row per limited route
 * and client, counting the tries in the current window. `reset_at` is when that window ends, in
 * milliseconds since the epoch (an integer, so the one-statement increment can compare it).
 */
export function rateLimits({ dialect }: MigrationContext) {
  // SQLite's integer is already 64-bit; PostgreSQL needs bigint for milliseconds.
  const msType = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('rate_limits')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('reset_at', msType, (c) => c.notNull())
        .execute();
      // Expired rows are deleted from time to time by reset_at.
      await db.schema
        .createIndex('rate_limits_reset_idx')
        .on('rate_limits')
        .column('reset_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('rate_limits').execute();
    },
  };
}
