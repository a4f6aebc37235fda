import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import { trackReadVersion } from './010-read-version.js';
import type { MigrationContext } from './migration-context.js';

/**
 * On camp (issue 37): each child's ficha sanitaria (encrypted by the application, never in clear
 * in the database), what a guardian confirmed of it for each activity, every reading of it, the
 * activity's staff, the headcount («Pasar lista»), the adults' certificado negativo checks and the
 * messages to the group's delegado/a de protección.
 *
 * Health data is special-category data of minors: the ficha goes with its child (cascade), what
 * was confirmed for an activity goes a set time after the activity ends (the erasure job marks
 * the activity `health_erased_at`), and the readings log goes with its child.
 */

/** The group's settings this step adds, with their defaults (text, as group_settings keeps). */
export const ON_CAMP_SETTINGS = {
  /** Days after an activity ends that what was confirmed for it is kept. */
  health_retention_days: '30',
  /** Children per adult an activity may have at most (each autonomous community sets its own). */
  staff_ratio: '10',
  /** Months a certificado negativo stays current. */
  certificate_renewal_months: '12',
  /** The account named delegado/a de protección ('' for none). */
  protection_delegate_user_id: '',
} as const;

const TABLES = [
  'health_records',
  'activity_health_confirmations',
  'health_reads',
  'activity_staff',
  'attendance_marks',
  'safeguarding_certificates',
  'certificate_reminders',
  'protection_messages',
  'protection_message_reads',
] as const;

export function onCamp({ dialect }: MigrationContext) {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();
  const activity = (c: ColumnDefinitionBuilder) =>
    c.notNull().references('activities.id').onDelete('cascade');
  const child = (c: ColumnDefinitionBuilder) =>
    c.notNull().references('children.id').onDelete('cascade');
  const user = (c: ColumnDefinitionBuilder) => c.references('users.id').onDelete('set null');
  const ownUser = (c: ColumnDefinitionBuilder) =>
    c.notNull().references('users.id').onDelete('cascade');

  return {
    async up(db: Kysely<unknown>) {
      // Set by the erasure job once what was confirmed for the activity is gone.
      await db.schema.alterTable('activities').addColumn('health_erased_at', 'text').execute();

      // A child's ficha: one sealed box (AES-256-GCM, `v1:` iv, tag, ciphertext in base64url) of
      // the whole ficha as JSON, so no field of it is readable without the key.
      await db.schema
        .createTable('health_records')
        .addColumn('child_id', 'integer', (c) =>
          c.primaryKey().references('children.id').onDelete('cascade'),
        )
        .addColumn('sealed', 'text', (c) => c.notNull())
        .addColumn('updated_by', 'integer', user)
        .addColumn('updated_at', 'text', (c) => c.notNull())
        // When a guardian last said it is up to date (saving it says so too).
        .addColumn('confirmed_at', 'text', (c) => c.notNull())
        .addColumn('confirmed_by', 'integer', user)
        .execute();

      // What a guardian confirmed for an activity: the ficha as it stood (sealed), by whom, when.
      await db.schema
        .createTable('activity_health_confirmations')
        .addColumn('activity_id', 'integer', activity)
        .addColumn('child_id', 'integer', child)
        .addColumn('sealed', 'text', (c) => c.notNull())
        .addColumn('confirmed_by', 'integer', user)
        .addColumn('confirmed_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('activity_health_confirmations_pk', ['activity_id', 'child_id'])
        .execute();
      await db.schema
        .createIndex('activity_health_confirmations_child_idx')
        .on('activity_health_confirmations')
        .column('child_id')
        .execute();

      // Every reading of a ficha by someone other than its guardians: who (their name as it was),
      // which child, when, from which activity and how (on screen, the camp pack, the PDF).
      await db.schema
        .createTable('health_reads')
        .addColumn('id', idType, id)
        .addColumn('child_id', 'integer', child)
        .addColumn('reader_id', 'integer', user)
        .addColumn('reader_name', 'text', (c) => c.notNull())
        .addColumn('activity_id', 'integer', (c) =>
          c.references('activities.id').onDelete('set null'),
        )
        .addColumn('activity_title', 'text', (c) => c.notNull())
        .addColumn('via', 'text', (c) => c.notNull().check(sql`via in ('ficha', 'pack', 'pdf')`))
        .addColumn('read_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('health_reads_child_idx')
        .on('health_reads')
        .columns(['child_id', 'read_at'])
        .execute();

      // The adults who go: scouters and admins signed up as staff of an activity.
      await db.schema
        .createTable('activity_staff')
        .addColumn('activity_id', 'integer', activity)
        .addColumn('user_id', 'integer', ownUser)
        .addColumn('added_by', 'integer', user)
        .addColumn('added_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('activity_staff_pk', ['activity_id', 'user_id'])
        .execute();
      await db.schema
        .createIndex('activity_staff_user_idx')
        .on('activity_staff')
        .column('user_id')
        .execute();

      // «Pasar lista»: one mark per child, day and moment. Marks made offline arrive later; the one
      // made last (by the marker's clock, `marked_at`) wins, so a mark is never doubled or lost.
      await db.schema
        .createTable('attendance_marks')
        .addColumn('activity_id', 'integer', activity)
        .addColumn('child_id', 'integer', child)
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('moment', 'text', (c) =>
          c.notNull().check(sql`moment in ('salida', 'llegada', 'noche')`),
        )
        .addColumn('present', 'integer', (c) => c.notNull().check(sql`present in (0, 1)`))
        .addColumn('marked_by', 'integer', user)
        .addColumn('marked_at', 'text', (c) => c.notNull())
        .addColumn('synced_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('attendance_marks_pk', [
          'activity_id',
          'child_id',
          'day',
          'moment',
        ])
        .execute();

      // A certificado negativo seen: only that it was seen, its date, and who checked it — the
      // certificate itself is not stored.
      await db.schema
        .createTable('safeguarding_certificates')
        .addColumn('id', idType, id)
        .addColumn('user_id', 'integer', ownUser)
        .addColumn('issued_on', 'text', (c) => c.notNull())
        .addColumn('checked_by', 'integer', user)
        .addColumn('checked_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('safeguarding_certificates_user_idx')
        .on('safeguarding_certificates')
        .columns(['user_id', 'issued_on'])
        .execute();

      // A reminder sent to an adult whose certificado falls due on `due_on`: 3, 2 and 1 months before.
      await db.schema
        .createTable('certificate_reminders')
        .addColumn('user_id', 'integer', ownUser)
        .addColumn('due_on', 'text', (c) => c.notNull())
        .addColumn('months_before', 'integer', (c) =>
          c.notNull().check(sql`months_before in (1, 2, 3)`),
        )
        .addColumn('sent_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('certificate_reminders_pk', ['user_id', 'due_on', 'months_before'])
        .execute();

      // A message to the delegado/a de protección, sealed as the ficha is. From a member (their
      // account) or from anyone on the public page (a name and a way to answer, both optional).
      await db.schema
        .createTable('protection_messages')
        .addColumn('id', idType, id)
        .addColumn('sender_id', 'integer', user)
        .addColumn('sealed', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      // The sealed log of who read each message (apart from the ordinary audit trail).
      await db.schema
        .createTable('protection_message_reads')
        .addColumn('id', idType, id)
        .addColumn('message_id', 'integer', (c) =>
          c.notNull().references('protection_messages.id').onDelete('cascade'),
        )
        .addColumn('reader_id', 'integer', user)
        .addColumn('reader_name', 'text', (c) => c.notNull())
        .addColumn('read_at', 'text', (c) => c.notNull())
        .execute();

      const now = new Date().toISOString();
      for (const [key, value] of Object.entries(ON_CAMP_SETTINGS)) {
        await sql`insert into group_settings (key, value, updated_at)
          values (${key}, ${value}, ${now})`.execute(db);
      }

      if (dialect === 'postgres') {
        for (const table of TABLES) await trackReadVersion(db, table);
      }
    },
    async down(db: Kysely<unknown>) {
      for (const table of [...TABLES].reverse()) await db.schema.dropTable(table).execute();
      for (const key of Object.keys(ON_CAMP_SETTINGS)) {
        await sql`delete from group_settings where key = ${key}`.execute(db);
      }
      await db.schema.alterTable('activities').dropColumn('health_erased_at').execute();
    },
  };
}
