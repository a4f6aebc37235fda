import type { ActivityStatus, PaymentMethod } from '@fogata/shared';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { ManagedSections } from '../../access/access.repository.js';
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

/** An active child of an activity's audience, with their section and how many guardians. */
export interface AudienceChildRow {
  id: number;
  full_name: string;
  section_id: number;
  section_name: string;
  section_colour: string;
  guardians: number | string;
}

/** A family to remind: a guardian account and how many of its children have not answered. */
export interface PendingFamilyRow {
  user_id: number;
  name: string;
  email: string;
  pending: number | string;
}

/** A coming activity a family still has to answer for one of its children. */
export interface PendingActivityRow {
  id: number;
  title: string;
  starts_at: string;
  signup_deadline: string;
}

/**
 * `children.section_id` is in the audience of activity `activityId` (its sections, or every
 * section when it has none: the whole group), for a query that reads `children`.
 */
function inAudience(activityId: number | Expression<number>): Expression<SqlBool> {
  return sql<SqlBool>`(not exists (select 1 from activity_sections where activity_sections.activity_id = ${activityId})
    or children.section_id in (select activity_sections.section_id from activity_sections where activity_sections.activity_id = ${activityId}))`;
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

  /**
   * Every active child of the activity's audience, by section (in the group's order) then name,
   * each with how many guardians they have (an activity asking for both guardians needs that
   * many signatures).
   */
  audienceChildren(activityId: number): Promise<AudienceChildRow[]> {
    return this.db
      .selectFrom('children')
      .innerJoin('sections', 'sections.id', 'children.section_id')
      .select((eb) => [
        'children.id',
        'children.full_name',
        'children.section_id',
        'sections.name as section_name',
        'sections.colour as section_colour',
        eb
          .selectFrom('guardians')
          .select((g) => g.fn.countAll<number | string>().as('n'))
          .whereRef('guardians.child_id', '=', 'children.id')
          .as('guardians'),
      ])
      .where('children.active', '=', 1)
      .where(inAudience(activityId))
      .orderBy('sections.position')
      .orderBy('sections.id')
      .orderBy('children.name_search')
      .orderBy('children.id')
      .execute() as Promise<AudienceChildRow[]>;
  }

  /**
   * Whether the managed sections `managed` take in activity `activityId`: every activity for an
   * admin, those of the whole group or of one of their sections for a scouter.
   */
  async managedBy(activityId: number, managed: ManagedSections): Promise<boolean> {
    if (managed.all) return true;
    const { sectionIds } = managed;
    if (!sectionIds) return false;
    const row = await this.db
      .selectFrom('activities')
      .select('activities.id')
      .where('activities.id', '=', activityId)
      .where((eb) =>
        eb.or([
          eb.not(
            eb.exists(
              eb
                .selectFrom('activity_sections')
                .select('activity_sections.section_id')
                .whereRef('activity_sections.activity_id', '=', 'activities.id'),
            ),
          ),
          eb.exists(
            eb
              .selectFrom('activity_sections')
              .select('activity_sections.section_id')
              .whereRef('activity_sections.activity_id', '=', 'activities.id')
              .where('activity_sections.section_id', 'in', sectionIds),
          ),
        ]),
      )
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Whether child `childId` is an active child of the activity's audience. */
  async inAudience(activityId: number, childId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('children')
      .select('children.id')
      .where('children.id', '=', childId)
      .where('children.active', '=', 1)
      .where(inAudience(activityId))
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Which of `childIds` are active children of the activity's audience. */
  async audienceChildIds(activityId: number, childIds: readonly number[]): Promise<number[]> {
    if (childIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('children')
      .select('children.id')
      .where('children.id', 'in', [...childIds])
      .where('children.active', '=', 1)
      .where(inAudience(activityId))
      .execute();
    return rows.map((r) => r.id);
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

  authorizations(activityId: number) {
    return this.db
      .selectFrom('activity_authorizations')
      .select([
        'id',
        'child_id',
        'method',
        'guardian_id',
        'signer_name',
        'signed_at',
        'withdrawn_at',
        'superseded_at',
      ])
      .where('activity_id', '=', activityId)
      .orderBy('signed_at')
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
   * The families to remind of activity `activityId`: every guardian account of an active child
   * of its audience who has not answered yet, with how many such children, once per account.
   */
  pendingFamilies(activityId: number): Promise<PendingFamilyRow[]> {
    return this.db
      .selectFrom('guardians')
      .innerJoin('children', 'children.id', 'guardians.child_id')
      .innerJoin('users', 'users.id', 'guardians.user_id')
      .select((eb) => [
        'users.id as user_id',
        'users.name',
        'users.email',
        eb.fn.countAll<number | string>().as('pending'),
      ])
      .where('children.active', '=', 1)
      .where(inAudience(activityId))
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('activity_signups')
              .select('activity_signups.id')
              .where('activity_signups.activity_id', '=', activityId)
              .whereRef('activity_signups.child_id', '=', 'children.id'),
          ),
        ),
      )
      .groupBy(['users.id', 'users.name', 'users.email'])
      .orderBy('users.id')
      .execute();
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

  /**
   * The coming activities, sign-up still open, for which account `userId` has an active child of
   * the audience who has not answered: the digest lists them.
   */
  pendingActivitiesOf(userId: number, now: string): Promise<PendingActivityRow[]> {
    return this.db
      .selectFrom('activities')
      .select([
        'activities.id',
        'activities.title',
        'activities.starts_at',
        'activities.signup_deadline',
      ])
      .where('activities.status', '=', 'publicada')
      .where('activities.signup_deadline', '>', now)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('guardians')
            .innerJoin('children', 'children.id', 'guardians.child_id')
            .select('children.id')
            .where('guardians.user_id', '=', userId)
            .where('children.active', '=', 1)
            .where(inAudience(sql.ref<number>('activities.id')))
            .where((c) =>
              c.not(
                c.exists(
                  c
                    .selectFrom('activity_signups')
                    .select('activity_signups.id')
                    .whereRef('activity_signups.activity_id', '=', 'activities.id')
                    .whereRef('activity_signups.child_id', '=', 'children.id'),
                ),
              ),
            ),
        ),
      )
      .orderBy('activities.starts_at')
      .orderBy('activities.id')
      .execute();
  }
}
