import type { DigestFrequency, Role, User } from '@fogata/shared';
import type { Insertable, Selectable } from 'kysely';
import { type Db, type Executor, executorOf } from '../../db/database.js';
import type { Dialect } from '../../db/migrations/index.js';
import type { UsersTable } from '../../db/schema.js';
import type { MediaStorage } from '../../media/storage/storage.js';

export type UserRow = Selectable<UsersTable>;

/** The API shape of a user: never the password hash, the avatar as a public URL. */
export function toUser(row: UserRow, storage: MediaStorage): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    avatar_url: row.avatar_key ? storage.url(row.avatar_key) : null,
    created_at: row.created_at,
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

  /** Every user, newest first, in one query. */
  list(): Promise<UserRow[]> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
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
