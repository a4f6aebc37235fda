import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import type { MigrationContext } from './migration-context.js';

/**
 * Public images under image consent (decision 085), the ledger of publications
 * (decision 086) and images in digest mails (decision 138).
 *
 * - `news` and `experiences`: `image_original_key`, the clean display copy kept PRIVATE; the
 *   public `image_key`/`image_thumb_key` become the copy for everyone (faces blurred by the rule
 *   for an anonymous visitor), and `image_blur_set` names which faces it blurs ('' none). A row
 *   from before this migration has neither: its public copy is the original, adopted on the first
 *   re-render.
 * - `image_publications`: where each image went (a news item, an experience, a digest sent to a
 *   member, a ZIP downloaded), with the faces blurred in what went out. Append-only.
 * - `mail_queue.attachments`: inline images of a queued mail (JSON, base64), the digest's covers.
 */
export function publicImages({ dialect }: MigrationContext) {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();
  return {
    async up(db: Kysely<unknown>) {
      for (const table of ['news', 'experiences']) {
        await db.schema.alterTable(table).addColumn('image_original_key', 'text').execute();
        await db.schema.alterTable(table).addColumn('image_blur_set', 'text').execute();
      }
      // No foreign keys: a publication stays on record after its image or its item is deleted
      // (what went out went out); ids name them while they exist.
      await db.schema
        .createTable('image_publications')
        .addColumn('id', idType, id)
        .addColumn('image_kind', 'text', (c) =>
          c.notNull().check(sql`image_kind in ('photo', 'album', 'news', 'experience')`),
        )
        .addColumn('image_id', 'integer', (c) => c.notNull())
        .addColumn('channel', 'text', (c) =>
          c.notNull().check(sql`channel in ('news', 'experience', 'digest', 'zip')`),
        )
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('recipients', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('recipient_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('blurred_faces', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('url', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('image_publications_image_idx')
        .on('image_publications')
        .columns(['image_kind', 'image_id', 'id'])
        .execute();
      await db.schema.alterTable('mail_queue').addColumn('attachments', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('mail_queue').dropColumn('attachments').execute();
      await db.schema.dropTable('image_publications').execute();
      for (const table of ['news', 'experiences']) {
        await db.schema.alterTable(table).dropColumn('image_blur_set').execute();
        await db.schema.alterTable(table).dropColumn('image_original_key').execute();
      }
    },
  };
}
