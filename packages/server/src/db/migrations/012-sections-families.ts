import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import type { MigrationContext } from './migration-context.js';

/**
 * The group's structure (decision 140): its sections, the scouters of each, the
 * children (educandos) with the history of their sections, the accounts that are their guardians,
 * the children an invitation links on acceptance, and the sections an album is for.
 *
 * Sections are never deleted, only retired (`retired_at`), so nothing that belongs to one is
 * lost. An album with no row in `album_sections` is for the whole group: every album that exists
 * before this migration stays so, and nobody loses sight of anything on upgrade.
 */
/** The product's four sections, in the wording of the who-we-are page: name, ages, badge colour. */
export const DEFAULT_SECTIONS = [
  ['Manada', 8, 11, '#b45309'],
  ['Tropa', 11, 14, '#15803d'],
  ['Unidad', 14, 17, '#b91c1c'],
  ['Clan', 17, 20, '#7e22ce'],
] as const;

/**
 * Writes the four default sections into an empty `sections` table: on migration, and when a
 * restore brings a copy made before sections existed (which has none).
 */
export async function insertDefaultSections(db: Kysely<unknown>): Promise<void> {
  const now = new Date().toISOString();
  for (const [index, [name, min, max, colour]] of DEFAULT_SECTIONS.entries()) {
    await sql`insert into sections (name, min_age, max_age, position, colour, created_at, updated_at)
      values (${name}, ${min}, ${max}, ${index + 1}, ${colour}, ${now}, ${now})`.execute(db);
  }
}

export function sectionsFamilies({ dialect }: MigrationContext) {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  // AUTOINCREMENT on SQLite, as in 002: an id is never reused.
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sections')
        .addColumn('id', idType, id)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('min_age', 'integer', (c) => c.notNull())
        .addColumn('max_age', 'integer', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('colour', 'text', (c) => c.notNull())
        .addColumn('retired_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      // Two sections never share a name, whatever its case (a retired one keeps its name).
      await sql`create unique index sections_name_idx on sections (lower(name))`.execute(db);

      await insertDefaultSections(db);

      // The sections a scouter is assigned to (set by an admin in the panel).
      await db.schema
        .createTable('scouter_sections')
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('section_id', 'integer', (c) => c.notNull().references('sections.id'))
        .addPrimaryKeyConstraint('scouter_sections_pk', ['user_id', 'section_id'])
        .execute();
      await db.schema
        .createIndex('scouter_sections_section_idx')
        .on('scouter_sections')
        .column('section_id')
        .execute();

      // A child of the group. `birth_date` is a calendar date, `YYYY-MM-DD`; `active` 1 or 0.
      await db.schema
        .createTable('children')
        .addColumn('id', idType, id)
        .addColumn('full_name', 'text', (c) => c.notNull())
        .addColumn('birth_date', 'text', (c) => c.notNull())
        .addColumn('section_id', 'integer', (c) => c.notNull().references('sections.id'))
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('children_section_idx')
        .on('children')
        .columns(['section_id', 'active'])
        .execute();

      // Where a child has been: one row a stay; the current one has no `ended_at`.
      await db.schema
        .createTable('child_sections')
        .addColumn('id', idType, id)
        .addColumn('child_id', 'integer', (c) =>
          c.notNull().references('children.id').onDelete('cascade'),
        )
        .addColumn('section_id', 'integer', (c) => c.notNull().references('sections.id'))
        .addColumn('started_at', 'text', (c) => c.notNull())
        .addColumn('ended_at', 'text')
        .execute();
      await db.schema
        .createIndex('child_sections_child_idx')
        .on('child_sections')
        .columns(['child_id', 'started_at'])
        .execute();

      // A member account that is a guardian of a child; a child may have several.
      await db.schema
        .createTable('guardians')
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('child_id', 'integer', (c) =>
          c.notNull().references('children.id').onDelete('cascade'),
        )
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('guardians_pk', ['user_id', 'child_id'])
        .execute();
      await db.schema
        .createIndex('guardians_child_idx')
        .on('guardians')
        .column('child_id')
        .execute();

      // The children an invitation links to the account that accepts it.
      await db.schema
        .createTable('invitation_children')
        .addColumn('invitation_id', 'integer', (c) =>
          c.notNull().references('invitations.id').onDelete('cascade'),
        )
        .addColumn('child_id', 'integer', (c) =>
          c.notNull().references('children.id').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('invitation_children_pk', ['invitation_id', 'child_id'])
        .execute();

      // An album's audience: no row, the whole group; else the sections listed.
      await db.schema
        .createTable('album_sections')
        .addColumn('album_id', 'integer', (c) =>
          c.notNull().references('albums.id').onDelete('cascade'),
        )
        .addColumn('section_id', 'integer', (c) => c.notNull().references('sections.id'))
        .addPrimaryKeyConstraint('album_sections_pk', ['album_id', 'section_id'])
        .execute();
      await db.schema
        .createIndex('album_sections_section_idx')
        .on('album_sections')
        .column('section_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        'album_sections',
        'invitation_children',
        'guardians',
        'child_sections',
        'children',
        'scouter_sections',
        'sections',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
