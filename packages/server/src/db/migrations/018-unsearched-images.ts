import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './migration-context.js';

const IMAGE_COLUMNS = ['photo_id', 'album_id', 'news_id', 'experience_id'] as const;

/**
 * Images whose faces could not be looked for (decision 099). The face rule now reads
 * `face_scan_queue`: an image in it is blurred whole while image consent applies. So:
 * - `gave_up_at`: the scan used to drop an image from its queue after its last failed try, and the
 *   image was then shown as one with no face; it now stays, no longer tried, until a manager has
 *   looked at it in 'Revisar caras';
 * - an index per image column, as the gallery's lists ask "is this image in the queue?" per row;
 * - on PostgreSQL, a row coming or going changes cached reads (decision 020). A claim (an update
 *   of `claimed_until` by the scan, every second or so) does not, so only inserts and deletes bump.
 */
export function unsearchedImages({ dialect }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('face_scan_queue').addColumn('gave_up_at', 'text').execute();
      for (const column of IMAGE_COLUMNS) {
        await db.schema
          .createIndex(`face_scan_queue_${column}_idx`)
          .on('face_scan_queue')
          .column(column)
          .execute();
      }
      if (dialect === 'postgres') {
        await sql`create constraint trigger face_scan_queue_read_version
          after insert or delete on face_scan_queue
          deferrable initially deferred for each row execute function read_version_bump()`.execute(
          db,
        );
        await sql`create trigger face_scan_queue_read_version_truncate
          after truncate on face_scan_queue for each statement execute function read_version_bump()`.execute(
          db,
        );
      }
    },
    async down(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        await sql`drop trigger face_scan_queue_read_version_truncate on face_scan_queue`.execute(
          db,
        );
        await sql`drop trigger face_scan_queue_read_version on face_scan_queue`.execute(db);
      }
      for (const column of IMAGE_COLUMNS) {
        await db.schema.dropIndex(`face_scan_queue_${column}_idx`).execute();
      }
      await db.schema.alterTable('face_scan_queue').dropColumn('gave_up_at').execute();
    },
  };
}
