import type { Insertable, Selectable } from 'kysely';
import { type Db, type Executor, executorOf } from '../../db/database.js';
import type { InvitationsTable } from '../../db/schema.js';

export type InvitationRow = Selectable<InvitationsTable>;

/** SQL on `invitations`. */
export class InvitationsRepository {
  private readonly db: Executor;

  constructor(db: Db | Executor) {
    this.db = executorOf(db);
  }

  /** Every invitation, newest first, in one query. */
  list(): Promise<InvitationRow[]> {
    return this.db
      .selectFrom('invitations')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  findById(id: number): Promise<InvitationRow | undefined> {
    return this.db.selectFrom('invitations').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByTokenHash(tokenHash: string): Promise<InvitationRow | undefined> {
    return this.db
      .selectFrom('invitations')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /** The newest pending, unexpired invitation of `email`, if any. */
  findPendingByEmail(email: string, now: string): Promise<InvitationRow | undefined> {
    return this.db
      .selectFrom('invitations')
      .selectAll()
      .where('email', '=', email)
      .where('accepted_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  /** Gives a pending invitation a new link and expiry (a resend); false when it is no longer pending. */
  async renew(
    id: number,
    changes: { token_hash: string; expires_at: string; created_at: string },
    now: string,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('invitations')
      .set(changes)
      .where('id', '=', id)
      .where('accepted_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  insert(invitation: Insertable<InvitationsTable>): Promise<InvitationRow> {
    return this.db
      .insertInto('invitations')
      .values(invitation)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Removes the invitations of `emails` not yet accepted (a new one replaces them). */
  async deleteOpenFor(emails: string[]): Promise<void> {
    if (emails.length === 0) return;
    await this.db
      .deleteFrom('invitations')
      .where('email', 'in', emails)
      .where('accepted_at', 'is', null)
      .execute();
  }

  /** Removes the open admin invitations (first start replaces its link on every start). */
  async deleteOpenAdminInvitations(): Promise<void> {
    await this.db
      .deleteFrom('invitations')
      .where('role', '=', 'admin')
      .where('accepted_at', 'is', null)
      .execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('invitations').where('id', '=', id).execute();
  }

  /**
   * Marks a pending, unexpired invitation accepted. The WHERE makes it single use even when two
   * requests race: only one of them updates the row.
   */
  async accept(id: number, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('invitations')
      .set({ accepted_at: now })
      .where('id', '=', id)
      .where('accepted_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
