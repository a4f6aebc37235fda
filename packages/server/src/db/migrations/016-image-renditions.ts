import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import { trackReadVersion } from './010-read-version.js';
import type { MigrationContext } from './migration-context.js';

/**
 * The blurred copies of images (decision 080): one row per image and set of
 * blurred faces whose files are stored, and the queue of images whose copies must be made again
 * after their faces, a child's consent or guardians, or the group's setting changed.
 *
 * A copy is derived data: its keys are worked out from the image, its clean file and the boxes it
 * blurs (so a URL can be handed out before the file exists), and a missing one is made on demand.
 * Neither table goes into a backup; neither has a foreign key to its image (an image of any kind;
 * copies of a deleted image are deleted with it, or swept by the worker).
 */
export function imageRenditions({ dialect }: MigrationContext) {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();
  const kind = (c: ColumnDefinitionBuilder) =>
    c.notNull().check(sql`kind in ('photo', 'album', 'news', 'experience')`);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('image_renditions')
        .addColumn('id', idType, id)
        .addColumn('kind', 'text', kind)
        .addColumn('image_id', 'integer', (c) => c.notNull())
        // blurSetKey of the faces blurred: their ids in order, comma-separated.
        .addColumn('blur_set', 'text', (c) => c.notNull())
        // Those faces' boxes as they were blurred (JSON), so a box moved later is noticed.
        .addColumn('boxes', 'text', (c) => c.notNull())
        // The clean display copy it was made from (a cover replaced makes it stale).
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('image_key', 'text', (c) => c.notNull().unique())
        .addColumn('thumb_key', 'text', (c) => c.notNull().unique())
        .addColumn('placeholder', 'text', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('image_renditions_image_idx')
        .on('image_renditions')
        .columns(['kind', 'image_id'])
        .execute();
      // One row per image to re-render; `queued_at` moves when it changes again while claimed.
      await db.schema
        .createTable('rendition_queue')
        .addColumn('id', idType, id)
        .addColumn('kind', 'text', kind)
        .addColumn('image_id', 'integer', (c) => c.notNull())
        .addColumn('queued_at', 'text', (c) => c.notNull())
        .addColumn('claimed_until', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addUniqueConstraint('rendition_queue_image', ['kind', 'image_id'])
        .execute();
      // The lists show a copy's placeholder: a rendered copy is a change a cached read must see.
      // The queue is not (written on the worker's own schedule).
      if (dialect === 'postgres') await trackReadVersion(db, 'image_renditions');
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('rendition_queue').execute();
      await db.schema.dropTable('image_renditions').execute();
    },
  };
}
