import type { AdminUsersQuery, DigestFrequency, Role } from '@fogata/shared';
import type { ExpressionBuilder, Insertable, Selectable } from 'kysely';
import { type Db, type Executor, executorOf } from '../../db/database.js';
import type { Dialect } from '../../db/migrations/index.js';
import type { Database, UsersTable } from '../../db/schema.js';
import { containsText } from '../../lib/search.js';

export type UserRow = Selectable<UsersTable>;

/**
 * The WHERE of the admin panel's users search: q on the name or the address, the role, and the
 * section (a scouter assigned to it, or the guardian of an active child in it).
 */
function matching(filters: Omit<AdminUsersQuery, 'page' | 'limit'>) {
  return (eb: ExpressionBuilder<Database, 'users'>) => {
    const and = [];
    if (filters.q) {
      and.push(
        eb.or([containsText('users.name', filters.q), containsText('users.email', filters.q)]),
      );
    }
    if (filters.role) and.push(eb('users.role', '=', filters.role));
    if (filters.section !== undefined) {
      const section = filters.section;
      and.push(
        eb.or([
          eb.exists(
            eb
              .selectFrom('scouter_sections as ss')
              .select('ss.user_id')
              .whereRef('ss.user_id', '=', 'users.id')
              .where('ss.section_id', '=', section),
          ),
          eb.exists(
            eb
              .selectFrom('guardians as g')
              .innerJoin('children as c', 'c.id', 'g.child_id')
              .select('g.user_id')
              .whereRef('g.user_id', '=', 'users.id')
              .where('c.section_id', '=', section)
              .where('c.active', '=', 1),
          ),
        ]),
      );
    }
    return eb.and(and);
  };
}

/** SQL on `users`. */
export class UsersRepository {
  private readonly db: Executor;

  constructor(db: Db | Executor) {
    this.db = executorOf(db);
  }

  findById(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  }

  /**
   * The users that match, newest first: one page (`limit` from `offset`) or, without a limit,
   * all of them; and how many match in all. Two queries.
   */
  async search(
    filters: Omit<AdminUsersQuery, 'page' | 'limit'>,
    window: { limit: number; offset: number } | null,
  ): Promise<{ rows: UserRow[]; total: number }> {
    let query = this.db
      .selectFrom('users')
      .selectAll()
      .where(matching(filters))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc');
    if (window) query = query.limit(window.limit).offset(window.offset);
    const rows = await query.execute();
    if (!window) return { rows, total: rows.length };
    const count = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .where(matching(filters))
      .executeTakeFirstOrThrow();
    // PostgreSQL returns count() as a string (bigint).
    return { rows, total: Number(count.n) };
  }

  /**
   * For the users `ids`: how many active children each is the guardian of, and the sections each
   * belongs to (assigned as a scouter, or an active child's), in position order. Two queries.
   */
  async familyOf(ids: number[]): Promise<{
    counts: { user_id: number; n: number | string | bigint }[];
    sections: { user_id: number; id: number; name: string; colour: string }[];
  }> {
    if (ids.length === 0) return { counts: [], sections: [] };
    const counts = await this.db
      .selectFrom('guardians as g')
      .innerJoin('children as c', 'c.id', 'g.child_id')
      .select(['g.user_id', (eb) => eb.fn.countAll().as('n')])
      .where('g.user_id', 'in', ids)
      .where('c.active', '=', 1)
      .groupBy('g.user_id')
      .execute();
    const memberships = this.db
      .selectFrom('scouter_sections')
      .select(['user_id', 'section_id'])
      .where('user_id', 'in', ids)
      .union(
        this.db
          .selectFrom('guardians as g')
          .innerJoin('children as c', 'c.id', 'g.child_id')
          .select(['g.user_id', 'c.section_id'])
          .where('g.user_id', 'in', ids)
          .where('c.active', '=', 1),
      );
    const sections = await this.db
      .selectFrom(memberships.as('m'))
      .innerJoin('sections as s', 's.id', 'm.section_id')
      .select(['m.user_id', 's.id', 's.name', 's.colour'])
      .orderBy('m.user_id')
      .orderBy('s.position')
      .orderBy('s.id')
      .execute();
    return { counts, sections };
  }

  insert(user: Insertable<UsersTable>): Promise<UserRow> {
    return this.db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
  }

  async update(
    id: number,
    changes: Partial<
      Pick<UsersTable, 'name' | 'role' | 'avatar_key' | 'password_hash' | 'password_changed_at'> & {
        digest: DigestFrequency;
      }
    >,
  ): Promise<UserRow | undefined> {
    return this.db
      .updateTable('users')
      .set(changes)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Deletes the user and answers the avatar the deleted row pointed to — the one committed last,
   * which may be newer than any read before in the same transaction — or undefined when there
   * was no row.
   */
  async remove(id: number): Promise<{ avatar_key: string | null } | undefined> {
    return this.db
      .deleteFrom('users')
      .where('id', '=', id)
      .returning('avatar_key')
      .executeTakeFirst();
  }

  async delete(id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async countByRole(role: Role): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('role', '=', role)
      .executeTakeFirstOrThrow();
    // PostgreSQL returns count() as a string (bigint).
    return Number(row.n);
  }

  /**
   * The ids of the admins, inside a transaction; on PostgreSQL their rows stay locked until it
   * ends, so two changes that could each remove an admin run one after the other and the second
   * sees the first's result. (SQLite's transactions already run one at a time, as writers.)
   */
  async lockAdmins(dialect: Dialect): Promise<Set<number>> {
    const query = this.db.selectFrom('users').select('id').where('role', '=', 'admin');
    const rows = await (dialect === 'postgres' ? query.forUpdate() : query).execute();
    return new Set(rows.map((r) => r.id));
  }

  /** The e-mail addresses of everyone whose role is one of `roles`. */
  async emailsOf(roles: readonly Role[]): Promise<string[]> {
    if (roles.length === 0) return [];
    const rows = await this.db
      .selectFrom('users')
      .select('email')
      .where('role', 'in', roles)
      .execute();
    return rows.map((row) => row.email);
  }

  async emailExists(email: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Which of `emails` already have an account, in one query. */
  async existingEmails(emails: string[]): Promise<Set<string>> {
    if (emails.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('users')
      .select('email')
      .where('email', 'in', emails)
      .execute();
    return new Set(rows.map((r) => r.email));
  }
}
