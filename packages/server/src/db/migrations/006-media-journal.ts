import type { Kysely } from 'kysely';
import type { MigrationContext } from './migration-context.js';

/**
 * The media journal (decision 011): one row per stored file that may be, or may become, an
 * orphan — written before a file is saved or a row pointing to files is deleted, removed once the
 * row is committed or the file deleted. `owner` is the process that wrote it.
 */
export function mediaJournal(_ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('media_journal')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('owner', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('media_journal').execute();
    },
  };
}
