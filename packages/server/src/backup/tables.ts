import { type Kysely, sql } from 'kysely';
import type { Db } from '../db/database.js';
import { MEDIA_KEY_COLUMNS } from '../media/journal.repository.js';

/**
 * Every table a backup carries, parents before children (a restore inserts in this order, so the
 * foreign keys hold). A test checks it against the migrated schema: a new table must be added.
 */
export const BACKUP_TABLES = [
  'users',
  'group_settings',
  'consent_texts',
  'sections',
  'scouter_sections',
  'children',
  'child_sections',
  'guardians',
  'invitations',
  'invitation_children',
  'password_resets',
  'albums',
  'album_sections',
  'photos',
  'photo_removal_requests',
  'likes',
  'comments',
  'news',
  'experiences',
  'monitors',
  'child_consents',
  'faces',
  'face_scan_queue',
  'image_publications',
  'authorization_texts',
  'activities',
  'activity_sections',
  'activity_questions',
  'activity_signups',
  'activity_authorizations',
  'activity_payments',
  'activity_reminders',
  'calendar_feeds',
  // Sealed (the ficha, the messages to the delegado/a): a backup carries them closed, and only a
  // server with the same key opens them after a restore.
  'health_records',
  'activity_health_confirmations',
  'health_reads',
  'activity_staff',
  'attendance_marks',
  'safeguarding_certificates',
  'certificate_reminders',
  'protection_messages',
  'protection_message_reads',
  'mail_queue',
  'audit_log',
] as const;

/**
 * Tables whose rows are sealed with the health key (lib/sealed-box.ts): a copy carries them closed
 * and never the key, so a restore warns that the original key must come back before the start.
 */
export const SEALED_TABLES = [
  'health_records',
  'activity_health_confirmations',
  'protection_messages',
] as const;

/**
 * Tables a migration fills by itself (012: the four sections a group starts with; 014: the
 * settings and the consent text): a database whose only rows are these is a freshly migrated one,
 * which a restore may take without --force.
 */
export const MIGRATION_SEEDED_TABLES = [
  'sections',
  'group_settings',
  'consent_texts',
  'authorization_texts',
] as const;

/**
 * Tables a backup leaves out: counters, one-use nonces, the media journal (a restore brings
 * only the files that rows point to, so there is nothing for it to reconcile), and PostgreSQL's
 * read version (decision 020: it must only ever grow, so a restore leaves it and bumps it).
 */
export const TRANSIENT_TABLES = [
  'rate_limits',
  'oidc_nonces',
  'media_journal',
  'read_version',
  // Blurred copies and their queue (decision 080): derived, made again on demand after a restore.
  'image_renditions',
  'rendition_queue',
] as const;

/** Kysely without the schema's types, for code that walks every table by name. */
// biome-ignore lint/suspicious/noExplicitAny: rows of any table, by name.
export type AnyDb = Kysely<any>;

export function untyped(db: Db): AnyDb {
  return db.kysely as unknown as AnyDb;
}

/** The app's tables as the database has them (not Kysely's own migration tables). */
export async function tablesIn(db: Db): Promise<string[]> {
  const query =
    db.dialect === 'postgres'
      ? sql<{
          name: string;
        }>`select tablename as name from pg_tables where schemaname = current_schema()`
      : sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`;
  const { rows } = await query.execute(db.kysely);
  return rows.map((r) => r.name).filter((name) => !name.startsWith('kysely_'));
}

/** Every media key the database's rows point to. */
export async function referencedKeys(db: Db): Promise<Set<string>> {
  const keys = new Set<string>();
  for (const [table, columns] of Object.entries(MEDIA_KEY_COLUMNS)) {
    const rows = await untyped(db)
      .selectFrom(table)
      .select([...columns])
      .execute();
    for (const row of rows) {
      for (const column of columns) {
        const key = row[column];
        if (typeof key === 'string' && key) keys.add(key);
      }
    }
  }
  return keys;
}
