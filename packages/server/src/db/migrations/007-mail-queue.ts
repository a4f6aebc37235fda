import type { Kysely } from 'kysely';
import type { MigrationContext } from './migration-context.js';

/**
 * Mail waiting to go out (decision 010): written in the transaction that needs it, sent after the
 * answer by a worker in any app instance. `locked_until` is the lease of the instance sending it;
 * `next_attempt_at` is null once the message is sent or given up.
 */
export function mailQueue({ dialect }: MigrationContext) {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('mail_queue')
        .addColumn('id', idType, (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('recipient', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('html', 'text', (c) => c.notNull())
        .addColumn('link', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text')
        .addColumn('locked_until', 'text')
        .addColumn('expires_at', 'text')
        .addColumn('sent_at', 'text')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      // The worker's query: what is due now.
      await db.schema
        .createIndex('mail_queue_due_idx')
        .on('mail_queue')
        .column('next_attempt_at')
        .execute();
      // The purge of old rows.
      await db.schema
        .createIndex('mail_queue_created_idx')
        .on('mail_queue')
        .column('created_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('mail_queue').execute();
    },
  };
}
