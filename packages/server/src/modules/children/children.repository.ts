import type { Child, ChildStatus, ChildStay, Guardian, OwnChild, Section } from '@fogata/shared';
import { type Insertable, type SelectQueryBuilder, sql, type Updateable } from 'kysely';
import {
  childManagedIn,
  type ManagedSections,
  sectionManagedIn,
} from '../../access/access.repository.js';
import { type Db, type Executor, executorOf } from '../../db/database.js';
import type { Dialect } from '../../db/migrations/index.js';
import type { ChildrenTable, Database } from '../../db/schema.js';

/** A child's row with their current section's name and colour. */
export interface ChildRow {
  id: number;
  full_name: string;
  birth_date: string;
  section_id: number;
  section_name: string;
  section_colour: string;
  active: number;
  created_at: string;
  updated_at: string;
}

/** The API shape of a child, with their guardians. */
export function toChild(row: ChildRow, guardians: Guardian[]): Child {
  return {
    id: row.id,
    full_name: row.full_name,
    birth_date: row.birth_date,
    section: { id: row.section_id, name: row.section_name, colour: row.section_colour },
    active: row.active === 1,
    guardians,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** What the children list is filtered by: the viewer's sections (decision 140) and the query. */
export interface ChildFilter {
  managed: ManagedSections;
  /** Already through `searchKey`. */
  search?: string;
  sectionId?: number;
  status: ChildStatus;
}

/** SQL on `children`, `child_sections` and `guardians`. */
export class ChildrenRepository {
  private readonly db: Executor;

  constructor(db: Db | Executor) {
    this.db = executorOf(db);
  }

  private withSection() {
    return this.db
      .selectFrom('children')
      .innerJoin('sections', 'sections.id', 'children.section_id')
      .select([
        'children.id',
        'children.full_name',
        'children.birth_date',
        'children.section_id',
        'sections.name as section_name',
        'sections.colour as section_colour',
        'children.active',
        'children.created_at',
        'children.updated_at',
      ]);
  }

  private filtered<O>(
    query: SelectQueryBuilder<Database, 'children' | 'sections', O>,
    filter: ChildFilter,
    dialect: Dialect,
  ) {
    let q = query;
    q = q.where(childManagedIn(filter.managed));
    if (filter.search) {
      // A plain substring (no LIKE wildcards to escape): instr on SQLite, strpos on PostgreSQL.
      const fn = dialect === 'postgres' ? sql`strpos` : sql`instr`;
      q = q.where(sql<boolean>`${fn}(children.name_search, ${filter.search}) > 0`);
    }
    if (filter.sectionId !== undefined) q = q.where('children.section_id', '=', filter.sectionId);
    if (filter.status !== 'all') {
      q = q.where('children.active', '=', filter.status === 'active' ? 1 : 0);
    }
    return q;
  }

  /** One page of the children `filter` lets through, by name (ties by id). */
  page(filter: ChildFilter, dialect: Dialect, offset: number, limit: number): Promise<ChildRow[]> {
    return this.filtered(this.withSection(), filter, dialect)
      .orderBy('children.name_search')
      .orderBy('children.id')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  async count(filter: ChildFilter, dialect: Dialect): Promise<number> {
    const base = this.db
      .selectFrom('children')
      .innerJoin('sections', 'sections.id', 'children.section_id');
    const row = await this.filtered(
      base.select((eb) => eb.fn.countAll().as('n')),
      filter,
      dialect,
    ).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  find(id: number): Promise<ChildRow | undefined> {
    return this.withSection().where('children.id', '=', id).executeTakeFirst();
  }

  /** The guardians of the children `ids`, by child, each list by name (one query). */
  async guardiansOf(ids: readonly number[]): Promise<Map<number, Guardian[]>> {
    const byChild = new Map<number, Guardian[]>(ids.map((id) => [id, []]));
    if (ids.length === 0) return byChild;
    const rows = await this.db
      .selectFrom('guardians')
      .innerJoin('users', 'users.id', 'guardians.user_id')
      .select(['guardians.child_id', 'users.id', 'users.name', 'users.email'])
      .where('guardians.child_id', 'in', ids)
      .orderBy('users.name')
      .orderBy('users.id')
      .execute();
    for (const { child_id, ...guardian } of rows) byChild.get(child_id)?.push(guardian);
    return byChild;
  }

  /** Child `id`'s stays, newest first. */
  async history(id: number): Promise<ChildStay[]> {
    const rows = await this.db
      .selectFrom('child_sections')
      .innerJoin('sections', 'sections.id', 'child_sections.section_id')
      .select([
        'sections.id',
        'sections.name',
        'sections.colour',
        'child_sections.started_at',
        'child_sections.ended_at',
      ])
      .where('child_sections.child_id', '=', id)
      .orderBy('child_sections.started_at', 'desc')
      .orderBy('child_sections.id', 'desc')
      .execute();
    return rows.map((r) => ({
      section: { id: r.id, name: r.name, colour: r.colour },
      started_at: r.started_at,
      ended_at: r.ended_at,
    }));
  }

  async insert(child: Insertable<ChildrenTable>): Promise<number> {
    const row = await this.db
      .insertInto('children')
      .values(child)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, changes: Updateable<ChildrenTable>) {
    await this.db.updateTable('children').set(changes).where('id', '=', id).execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('children').where('id', '=', id).execute();
  }

  /** Closes child `id`'s current stay (if any) at `at`. */
  /**
   * Closes child `id`'s open stay at `at`, or at its start if that is later (a clock of another
   * instance a little behind): a stay never ends before it starts.
   */
  async closeStay(id: number, at: string): Promise<void> {
    await this.db
      .updateTable('child_sections')
      .set({
        ended_at: sql<string>`case when child_sections.started_at > ${at} then child_sections.started_at else ${at} end`,
      })
      .where('child_id', '=', id)
      .where('ended_at', 'is', null)
      .execute();
  }

  async openStay(id: number, sectionId: number, at: string): Promise<void> {
    await this.db
      .insertInto('child_sections')
      .values({ child_id: id, section_id: sectionId, started_at: at, ended_at: null })
      .execute();
  }

  /** Links `userId` to child `id`; false when they already were. */
  async link(id: number, userId: number, at: string): Promise<boolean> {
    const rows = await this.db
      .insertInto('guardians')
      .values({ child_id: id, user_id: userId, created_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'child_id']).doNothing())
      .returning('child_id')
      .execute();
    return rows.length > 0;
  }

  /** Unlinks `userId` from child `id`; false when they were not linked. */
  async unlink(id: number, userId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('guardians')
      .where('child_id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** The active children `userId` is a guardian of, by name, with their section. */
  async ownChildren(userId: number): Promise<OwnChild[]> {
    const rows = await this.withSection()
      .innerJoin('guardians', 'guardians.child_id', 'children.id')
      .where('guardians.user_id', '=', userId)
      .where('children.active', '=', 1)
      .orderBy('children.name_search')
      .orderBy('children.id')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      full_name: r.full_name,
      section: { id: r.section_id, name: r.section_name, colour: r.section_colour },
    }));
  }

  /** Every active child with their section (the paso de sección's proposal reads them all). */
  activeChildren(): Promise<ChildRow[]> {
    return this.withSection()
      .where('children.active', '=', 1)
      .orderBy('children.name_search')
      .orderBy('children.id')
      .execute();
  }

  /**
   * Children `ids` as they are now, inside a transaction; on PostgreSQL their rows stay locked
   * until it ends, so two applies of the paso de sección run one after the other and the second
   * sees what the first moved (SQLite's writers already run one at a time).
   */
  async lock(ids: readonly number[], dialect: Dialect): Promise<ChildRow[]> {
    if (ids.length === 0) return [];
    const query = this.db
      .selectFrom('children')
      .select(['id', 'section_id', 'active', 'full_name'])
      .where('id', 'in', ids);
    const locked = await (dialect === 'postgres' ? query.forUpdate() : query).execute();
    const names = await this.withSection().where('children.id', 'in', ids).execute();
    const byId = new Map(names.map((r) => [r.id, r]));
    return locked.flatMap((r) => {
      const row = byId.get(r.id);
      return row ? [row] : [];
    });
  }

  /** Accounts whose name or e-mail contains `text` (lower-cased), the first `limit` by name. */
  searchAccounts(text: string, dialect: Dialect, limit: number): Promise<Guardian[]> {
    const fn = dialect === 'postgres' ? sql`strpos` : sql`instr`;
    return this.db
      .selectFrom('users')
      .select(['id', 'name', 'email'])
      .where((eb) =>
        eb.or([
          eb(sql<number>`${fn}(lower(users.name), ${text})`, '>', 0),
          eb(sql<number>`${fn}(users.email, ${text})`, '>', 0),
        ]),
      )
      .orderBy('name')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** The account whose e-mail is `email` (stored lower-case), as a one-item list or none. */
  accountByEmail(email: string): Promise<Guardian[]> {
    return this.db
      .selectFrom('users')
      .select(['id', 'name', 'email'])
      .where('email', '=', email.toLowerCase())
      .execute();
  }

  /** The sections `ids` that exist, with whether each is retired (a child goes only into one in use). */
  sectionsByIds(
    ids: readonly number[],
  ): Promise<{ id: number; name: string; retired_at: string | null }[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('sections')
      .select(['id', 'name', 'retired_at'])
      .where('id', 'in', ids)
      .execute();
  }

  /** Every section, retired ones too, in their order (the paso de sección's age ranges). */
  allSections() {
    return this.db.selectFrom('sections').selectAll().orderBy('position').orderBy('id').execute();
  }

  /** The sections in use among `managed`, by position. */
  async sectionsInUse(managed: ManagedSections): Promise<Section[]> {
    const rows = await this.db
      .selectFrom('sections')
      .selectAll()
      .where('retired_at', 'is', null)
      .where(sectionManagedIn(managed))
      .orderBy('position')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      min_age: r.min_age,
      max_age: r.max_age,
      position: r.position,
      colour: r.colour,
      retired: false,
    }));
  }
}
