import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './migration-context.js';

/**
 * Tables whose writes never change what a cached read answers (decision 020): counters, queues
 * and journals written on their own schedule, which would only empty the cache for nothing.
 */
export const UNTRACKED_TABLES = [
  'rate_limits',
  'oidc_nonces',
  'media_journal',
  'mail_queue',
  'audit_log',
  'read_version',
  'kysely_migration',
  'kysely_migration_lock',
];

/**
 * PostgreSQL's "has the database changed?" for the read cache (decision 020): a one-row table
 * whose `version` every writing transaction bumps, in that same transaction, so the new number
 * shows exactly when the change does, on every instance. The bump is a deferred constraint
 * trigger: it runs at COMMIT, after the transaction's other locks, so waiting for the row can
 * never close a deadlock, and once per transaction (a transaction-local setting remembers it).
 * A TRUNCATE (the restore) bumps it too. SQLite needs nothing: `PRAGMA data_version` does it.
 *
 * Tables created by later migrations call `trackReadVersion` when a cached read depends on them.
 */
export function readVersion({ dialect }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`create table read_version (
        id integer primary key check (id = 1),
        version bigint not null
      )`.execute(db);
      await sql`insert into read_version (id, version) values (1, 1)`.execute(db);
      await sql`create function read_version_bump() returns trigger language plpgsql as $$
        begin
          if current_setting('fogata.read_version_bumped', true) is distinct from 'on' then
            perform set_config('fogata.read_version_bumped', 'on', true);
            update read_version set version = version + 1 where id = 1;
          end if;
          return null;
        end $$`.execute(db);
      const { rows } = await sql<{ table_name: string }>`
        select table_name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
      for (const { table_name } of rows) {
        if (!UNTRACKED_TABLES.includes(table_name)) await trackReadVersion(db, table_name);
      }
    },
    async down(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`drop function read_version_bump() cascade`.execute(db);
      await sql`drop table read_version`.execute(db);
    },
  };
}

/** PostgreSQL: makes every write to `table` bump the read version at COMMIT (see above). */
export async function trackReadVersion(db: Kysely<unknown>, table: string): Promise<void> {
  const name = sql.id(table);
  await sql`create constraint trigger ${sql.id(`${table}_read_version`)}
    after insert or update or delete on ${name}
    deferrable initially deferred for each row execute function read_version_bump()`.execute(db);
  await sql`create trigger ${sql.id(`${table}_read_version_truncate`)}
    after truncate on ${name} for each statement execute function read_version_bump()`.execute(db);
}
