import type { Section, SectionScouter } from '@fogata/shared';
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import { type Db, type Executor, executorOf } from '../../db/database.js';
import type { Dialect } from '../../db/migrations/index.js';
import type { SectionsTable } from '../../db/schema.js';

export type SectionRow = Selectable<SectionsTable>;

/** The API shape of a section. */
export function toSection(row: SectionRow): Section {
  return {
    id: row.id,
    name: row.name,
    min_age: row.min_age,
    max_age: row.max_age,
    position: row.position,
    colour: row.colour,
    retired: row.retired_at !== null,
  };
}

/** SQL on `sections` and `scouter_sections`. */
export class SectionsRepository {
  private readonly db: Executor;

  constructor(db: Db | Executor) {
    this.db = executorOf(db);
  }

  /** The sections by position (ties by id); the retired ones only when `all`. */
  list(all: boolean): Promise<SectionRow[]> {
    let query = this.db.selectFrom('sections').selectAll();
    if (!all) query = query.where('retired_at', 'is', null);
    return query.orderBy('position').orderBy('id').execute();
  }

  find(id: number): Promise<SectionRow | undefined> {
    return this.db.selectFrom('sections').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Section `id` inside a transaction; on PostgreSQL its row stays locked until it ends, so two
   * saves of its scouters run one after the other (SQLite's writers already do).
   */
  lock(id: number, dialect: Dialect): Promise<SectionRow | undefined> {
    const query = this.db.selectFrom('sections').selectAll().where('id', '=', id);
    return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  }

  /** The section named `name` whatever its case, other than `exceptId`. */
  async nameTaken(name: string, exceptId?: number): Promise<boolean> {
    let query = this.db
      .selectFrom('sections')
      .select('id')
      .where(sql`lower(name)`, '=', name.toLowerCase());
    if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  async nextPosition(): Promise<number> {
    const row = await this.db
      .selectFrom('sections')
      .select((eb) => eb.fn.max('position').as('p'))
      .executeTakeFirst();
    return Number(row?.p ?? 0) + 1;
  }

  async insert(section: Insertable<SectionsTable>): Promise<number> {
    const row = await this.db
      .insertInto('sections')
      .values(section)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, changes: Updateable<SectionsTable>) {
    const result = await this.db
      .updateTable('sections')
      .set(changes)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The scouters assigned to section `id`, by name. */
  scouters(id: number): Promise<SectionScouter[]> {
    return this.db
      .selectFrom('scouter_sections')
      .innerJoin('users', 'users.id', 'scouter_sections.user_id')
      .select(['users.id', 'users.name', 'users.email'])
      .where('scouter_sections.section_id', '=', id)
      .orderBy('users.name')
      .orderBy('users.id')
      .execute();
  }

  /** The roles of the accounts `ids` that exist. */
  async rolesOf(ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('users')
      .select(['id', 'role'])
      .where('id', 'in', ids)
      .execute();
    return new Map(rows.map((r) => [r.id, r.role]));
  }

  /** Makes `userIds` the scouters of section `id`, and nobody else. */
  async setScouters(id: number, userIds: readonly number[]): Promise<void> {
    await this.db.deleteFrom('scouter_sections').where('section_id', '=', id).execute();
    if (userIds.length > 0) {
      await this.db
        .insertInto('scouter_sections')
        .values(userIds.map((user_id) => ({ user_id, section_id: id })))
        .execute();
    }
  }
}
