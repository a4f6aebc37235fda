import type { Kysely } from 'kysely';
import type { MigrationContext } from './migration-context.js';

/**
 * Drafts and removal requests (decision 018). `albums.status` is 'published' or
 * 'draft'; every album that exists is published (the column's default), so nothing disappears on
 * upgrade. `photos.hidden_at` is set while a member's removal request holds the photo back. The
 * media route looks keys up by value, hence the indexes on the key columns.
 */
export function safeguarding({ dialect }: MigrationContext) {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('albums')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('published'))
        .execute();
      await db.schema.alterTable('photos').addColumn('hidden_at', 'text').execute();
      for (const [table, column] of [
        ['photos', 'image_key'],
        ['photos', 'thumb_key'],
        ['albums', 'cover_key'],
        ['albums', 'cover_thumb_key'],
      ] as const) {
        await db.schema.createIndex(`${table}_${column}_idx`).on(table).column(column).execute();
      }

      await db.schema
        .createTable('photo_removal_requests')
        .addColumn('id', idType, (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        // Null once the photo (or its album) is deleted: the request stays, for its author.
        .addColumn('photo_id', 'integer', (c) => c.references('photos.id').onDelete('set null'))
        .addColumn('album_id', 'integer', (c) => c.references('albums.id').onDelete('set null'))
        .addColumn('album_title', 'text', (c) => c.notNull())
        .addColumn('requested_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('reason', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('resolution_note', 'text')
        .addColumn('resolved_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('resolved_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('photo_removal_requests_photo_idx')
        .on('photo_removal_requests')
        .column('photo_id')
        .execute();
      await db.schema
        .createIndex('photo_removal_requests_requester_idx')
        .on('photo_removal_requests')
        .column('requested_by')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('photo_removal_requests').execute();
      for (const [table, column] of [
        ['photos', 'image_key'],
        ['photos', 'thumb_key'],
        ['albums', 'cover_key'],
        ['albums', 'cover_thumb_key'],
      ] as const) {
        await db.schema.dropIndex(`${table}_${column}_idx`).execute();
      }
      await db.schema.alterTable('photos').dropColumn('hidden_at').execute();
      await db.schema.alterTable('albums').dropColumn('status').execute();
    },
  };
}
