import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './migration-context.js';

/**
 * The audit trail (decision 019): who did what to the photos, albums and accounts, and when.
 * No foreign keys: an entry outlives the user, album or photo it names (their name or title is
 * copied in). Append-only in the database too: a trigger refuses every UPDATE and DELETE, so no
 * code path, present or future, can rewrite the record (a PostgreSQL restore truncates, which
 * triggers on rows do not see).
 */
export function audit({ dialect }: MigrationContext) {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('audit_log')
        .addColumn('id', idType, (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('actor_id', 'integer')
        .addColumn('actor_name', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target_type', 'text', (c) => c.notNull())
        .addColumn('target_id', 'integer')
        .addColumn('target_label', 'text')
        .addColumn('details', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      // The panel's page: newest first.
      await db.schema
        .createIndex('audit_log_created_idx')
        .on('audit_log')
        .columns(['created_at', 'id'])
        .execute();
      if (dialect === 'postgres') {
        await sql`create function audit_log_append_only() returns trigger language plpgsql as $$
          begin raise exception 'audit_log is append-only'; end $$`.execute(db);
        await sql`create trigger audit_log_no_change before update or delete on audit_log
          for each row execute function audit_log_append_only()`.execute(db);
      } else {
        for (const event of ['update', 'delete']) {
          await sql
            .raw(
              `create trigger audit_log_no_${event} before ${event} on audit_log
               begin select raise(abort, 'audit_log is append-only'); end`,
            )
            .execute(db);
        }
      }
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('audit_log').execute();
      if (dialect === 'postgres') await sql`drop function audit_log_append_only()`.execute(db);
    },
  };
}
