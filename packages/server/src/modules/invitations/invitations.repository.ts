import type { InvitationStatus, InvitationsQuery } from '@fogata/shared';
import { type ExpressionBuilder, type Insertable, type Selectable, sql } from 'kysely';
import { type Db, type Executor, executorOf } from '../../db/database.js';
import type { Database, InvitationsTable } from '../../db/schema.js';
import { containsText } from '../../lib/search.js';

export type InvitationRow = Selectable<InvitationsTable>;

/** A child an invitation carries, with its section. */
export interface InvitationChildRow {
  invitation_id: number;
  id: number;
  full_name: string;
  section_id: number;
  section_name: string;
  section_colour: string;
}

/** The WHERE of an invitations search (q on the address or a carried child's name, role, status). */
function matching(filters: Omit<InvitationsQuery, 'page' | 'limit'>, now: string) {
  return (eb: ExpressionBuilder<Database, 'invitations'>) => {
    const and = [];
    if (filters.q) {
      and.push(
        eb.or([
          containsText('invitations.email', filters.q),
          eb.exists(
            eb
              .selectFrom('invitation_children as ic')
              .innerJoin('children as c', 'c.id', 'ic.child_id')
              .select('ic.child_id')
              .whereRef('ic.invitation_id', '=', 'invitations.id')
              .where(containsText('c.full_name', filters.q)),
          ),
        ]),
      );
    }
    if (filters.role) and.push(eb('invitations.role', '=', filters.role));
    const status: InvitationStatus | undefined = filters.status;
    if (status === 'accepted') and.push(eb('invitations.accepted_at', 'is not', null));
    if (status === 'pending') {
      and.push(eb('invitations.accepted_at', 'is', null), eb('invitations.expires_at', '>', now));
    }
    if (status === 'expired') {
      and.push(eb('invitations.accepted_at', 'is', null), eb('invitations.expires_at', '<=', now));
    }
    return eb.and(and);
  };
}

/** SQL on `invitations`. */
export class InvitationsRepository {
  private readonly db: Executor;

  constructor(db: Db | Executor) {
    this.db = executorOf(db);
  }

  /**
   * The invitations that match, newest first: one page (`limit` from `offset`) or, without a
   * limit, all of them; and how many match in all. Two queries.
   */
  async search(
    filters: Omit<InvitationsQuery, 'page' | 'limit'>,
    now: string,
    window: { limit: number; offset: number } | null,
  ): Promise<{ rows: InvitationRow[]; total: number }> {
    let query = this.db
      .selectFrom('invitations')
      .selectAll()
      .where(matching(filters, now))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc');
    if (window) query = query.limit(window.limit).offset(window.offset);
    const rows = await query.execute();
    if (!window) return { rows, total: rows.length };
    const count = await this.db
      .selectFrom('invitations')
      .select((eb) => eb.fn.countAll().as('n'))
      .where(matching(filters, now))
      .executeTakeFirstOrThrow();
    // PostgreSQL returns count() as a string (bigint).
    return { rows, total: Number(count.n) };
  }

  /** The children the invitations `ids` carry, by name, in one query. */
  async childrenOf(ids: number[]): Promise<InvitationChildRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('invitation_children as ic')
      .innerJoin('children as c', 'c.id', 'ic.child_id')
      .innerJoin('sections as s', 's.id', 'c.section_id')
      .select([
        'ic.invitation_id',
        'c.id',
        'c.full_name',
        's.id as section_id',
        's.name as section_name',
        's.colour as section_colour',
      ])
      .where('ic.invitation_id', 'in', ids)
      .orderBy('c.full_name')
      .orderBy('c.id')
      .execute();
  }

  /** Which of the children `ids` exist, with their section, in one query. */
  existingChildren(ids: number[]): Promise<{ id: number; section_id: number }[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('children')
      .select(['id', 'section_id'])
      .where('id', 'in', ids)
      .execute();
  }

  /** Records the children invitation `id` links on acceptance. */
  async insertChildren(id: number, childIds: number[]): Promise<void> {
    if (childIds.length === 0) return;
    await this.db
      .insertInto('invitation_children')
      .values(childIds.map((child_id) => ({ invitation_id: id, child_id })))
      .execute();
  }

  /**
   * Makes `userId` the guardian of every child invitation `id` carries, in one statement (the
   * account is new, so it is the guardian of none yet; a link already there is kept).
   */
  async linkGuardians(id: number, userId: number, now: string): Promise<void> {
    await this.db
      .insertInto('guardians')
      .columns(['user_id', 'child_id', 'created_at'])
      .expression((eb) =>
        eb
          .selectFrom('invitation_children')
          // Cast: PostgreSQL cannot tell a bare parameter's type in a SELECT list.
          .select([
            sql<number>`cast(${userId} as integer)`.as('user_id'),
            'child_id',
            sql<string>`cast(${now} as text)`.as('created_at'),
          ])
          .where('invitation_id', '=', id),
      )
      .onConflict((oc) => oc.columns(['user_id', 'child_id']).doNothing())
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
