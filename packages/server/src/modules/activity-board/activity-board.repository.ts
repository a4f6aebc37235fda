import type { ActivityStatus, PaymentMethod } from '@fogata/shared';
import { type Db, type Executor, executorOf } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

/** An activity as the board, its exports and the reminders read it. */
export interface BoardActivityRow {
  id: number;
  title: string;
  kind: Database['activities']['kind'];
  status: ActivityStatus;
  starts_at: string;
  ends_at: string;
  place: string;
  signup_deadline: string;
  both_guardians: number;
}

/** A family to remind: a guardian account and how many of its children have not answered. */
export interface PendingFamily {
  user_id: number;
  name: string;
  email: string;
  pending: number;
}

/** A coming activity a family still has to answer for one of its children. */
export interface PendingActivityRow {
  id: number;
  title: string;
  starts_at: string;
  signup_deadline: string;
}

/** SQL of the board, payments and reminders: each read is one query for any number of children. */
export class ActivityBoardRepository {
  private readonly db: Executor;

  constructor(db: Db | Executor) {
    this.db = executorOf(db);
  }

  activity(id: number): Promise<BoardActivityRow | undefined> {
    return this.db
      .selectFrom('activities')
      .select([
        'id',
        'title',
        'kind',
        'status',
        'starts_at',
        'ends_at',
        'place',
        'signup_deadline',
        'both_guardians',
      ])
      .where('id', '=', id)
      .executeTakeFirst() as Promise<BoardActivityRow | undefined>;
  }

  /** Sections `ids`: their name, colour and place in the group's order. */
  sections(ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('sections')
      .select(['id', 'name', 'colour', 'position'])
      .where('id', 'in', [...new Set(ids)])
      .execute();
  }

  signups(activityId: number) {
    return this.db
      .selectFrom('activity_signups')
      .select(['child_id', 'status', 'queued_at', 'answers'])
      .where('activity_id', '=', activityId)
      .orderBy('queued_at')
      .orderBy('id')
      .execute();
  }

  payments(activityId: number) {
    return this.db
      .selectFrom('activity_payments')
      .select(['child_id', 'amount_cents', 'method', 'recorded_at'])
      .where('activity_id', '=', activityId)
      .execute();
  }

  questions(activityId: number) {
    return this.db
      .selectFrom('activity_questions')
      .select(['id', 'label', 'kind'])
      .where('activity_id', '=', activityId)
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  payment(activityId: number, childId: number) {
    return this.db
      .selectFrom('activity_payments')
      .select(['amount_cents', 'method', 'recorded_at'])
      .where('activity_id', '=', activityId)
      .where('child_id', '=', childId)
      .executeTakeFirst();
  }

  /** Records (or replaces) what a child's family paid. */
  async setPayment(row: {
    activity_id: number;
    child_id: number;
    amount_cents: number;
    method: PaymentMethod;
    recorded_by: number;
    recorded_at: string;
  }): Promise<void> {
    await this.db
      .insertInto('activity_payments')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['activity_id', 'child_id']).doUpdateSet({
          amount_cents: row.amount_cents,
          method: row.method,
          recorded_by: row.recorded_by,
          recorded_at: row.recorded_at,
        }),
      )
      .execute();
  }

  /** Deletes a payment; whether there was one. */
  async deletePayment(activityId: number, childId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('activity_payments')
      .where('activity_id', '=', activityId)
      .where('child_id', '=', childId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * Claims reminder `reminder` of activity `activityId` for account `userId`: true only for the
   * first to write it (the table's key), so two instances, or two clicks, never mail one twice.
   */
  async claimReminder(
    activityId: number,
    reminder: string,
    userId: number,
    now: string,
  ): Promise<boolean> {
    const result = await this.db
      .insertInto('activity_reminders')
      .values({ activity_id: activityId, reminder, user_id: userId, sent_at: now })
      .onConflict((oc) => oc.columns(['activity_id', 'reminder', 'user_id']).doNothing())
      .returning('user_id')
      .executeTakeFirst();
    return result !== undefined;
  }

  /** Published activities whose sign-up closes in (`now`, `until`]: the automatic reminders'. */
  openClosingBy(now: string, until: string) {
    return this.db
      .selectFrom('activities')
      .select(['id', 'signup_deadline'])
      .where('status', '=', 'publicada')
      .where('signup_deadline', '>', now)
      .where('signup_deadline', '<=', until)
      .orderBy('id')
      .execute();
  }

  /** The published activities whose sign-up is still open at `now`, by start. */
  openActivities(now: string) {
    return this.db
      .selectFrom('activities')
      .select(['id', 'title', 'starts_at', 'signup_deadline'])
      .where('status', '=', 'publicada')
      .where('signup_deadline', '>', now)
      .orderBy('starts_at')
      .orderBy('id')
      .execute();
  }

  /** The answers given for children `childIds` to activities `activityIds`. */
  answered(activityIds: readonly number[], childIds: readonly number[]) {
    if (activityIds.length === 0 || childIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('activity_signups')
      .select(['activity_id', 'child_id'])
      .where('activity_id', 'in', [...new Set(activityIds)])
      .where('child_id', 'in', [...new Set(childIds)])
      .execute();
  }
}
