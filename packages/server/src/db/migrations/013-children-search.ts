import { type Kysely, sql } from 'kysely';
import { searchKey } from '../search-key.js';
import { trackReadVersion } from './010-read-version.js';
import type { MigrationContext } from './migration-context.js';

/** The tables of migration 012, which it left out of the read version (decision 020). */
const TABLES_012 = [
  'sections',
  'scouter_sections',
  'children',
  'child_sections',
  'guardians',
  'invitation_children',
  'album_sections',
];

/**
 * Decision 047. `children.name_search`: the full name lower-cased and without accents
 * (`searchKey`), so the children list searches "jose" and finds "José" the same way on SQLite and
 * PostgreSQL (neither folds accents by itself, and SQLite's lower() only knows ASCII). And on
 * PostgreSQL, 012's tables bump the read version like every other table: the cached reads that
 * will depend on them (an album's audience, a family's children) change as soon as they do.
 */
export function childrenSearch({ dialect }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await sql`alter table children add column name_search text not null default ''`.execute(db);
      const { rows } = await sql<{
        id: number;
        full_name: string;
      }>`select id, full_name from children`.execute(db);
      for (const row of rows) {
        await sql`update children set name_search = ${searchKey(row.full_name)} where id = ${row.id}`.execute(
          db,
        );
      }
      if (dialect === 'postgres') {
        for (const table of TABLES_012) await trackReadVersion(db, table);
      }
    },
    async down(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        for (const table of TABLES_012) {
          await sql`drop trigger ${sql.id(`${table}_read_version`)} on ${sql.id(table)}`.execute(
            db,
          );
          await sql`drop trigger ${sql.id(`${table}_read_version_truncate`)} on ${sql.id(table)}`.execute(
            db,
          );
        }
      }
      await sql`alter table children drop column name_search`.execute(db);
    },
  };
}
