import type { ActivityStatus, QuestionKind, SectionRef, SignupStatus } from '@fogata/shared';
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import { activityManagedBy, activityShownTo } from '../../access/access.repository.js';
import type { Viewer } from '../../access/viewer.js';
import { type Db, type Executor, executorOf } from '../../db/database.js';
import type { Dialect } from '../../db/migrations/index.js';
import type { ActivitiesTable, ActivityQuestionsTable } from '../../db/schema.js';

/** An activity's row, with its count of children with «Va». */
export type ActivityRow = Selectable<ActivitiesTable> & { taken: number };

/** An activity's row as the detail reads it: its person in charge, whether the viewer manages it. */
export type ActivityDetailRow = ActivityRow & {
  in_charge_name: string | null;
  can_manage: boolean;
};

export type QuestionRow = Selectable<ActivityQuestionsTable>;

/** A child's stored answer, and their place in the waiting list (1 = first) when waiting. */
export interface SignupRow {
  id: number;
  activity_id: number;
  child_id: number;
  status: SignupStatus;
  queued_at: string | null;
  answers: string;
  waiting_position: number | null;
}

/** A standing autorización (not withdrawn, not superseded). */
export interface StandingAuthorizationRow {
  id: number;
  activity_id: number;
  child_id: number;
  method: 'online' | 'paper';
  guardian_id: number | null;
  signer_name: string | null;
  signed_at: string;
}

/**
 * When an activity is over: the end of its last week when it repeats (the day's end, UTC: a few
 * hours either way do not move an activity between the lists), else its end.
 */
const FINISHES_AT = sql<string>`coalesce(activities.repeats_weekly_until || 'T23:59:59.999Z', activities.ends_at)`;

/** Children with «Va» and a place in the activity of the outer row. */
const TAKEN = sql<
  number | string
>`(select count(*) from activity_signups ts where ts.activity_id = activities.id and ts.status = 'va')`;

function toRow<T extends { taken: number | string }>(row: T): T & { taken: number } {
  return { ...row, taken: Number(row.taken) };
}

/** The SQL of the activities, their audiences, questions and sign-ups (what is shown is access/'s). */
export class ActivitiesRepository {
  private readonly db: Executor;

  constructor(db: Db | Executor) {
    this.db = executorOf(db);
  }

  private activities() {
    return this.db.selectFrom('activities').selectAll('activities').select(TAKEN.as('taken'));
  }

  /** What is coming for `viewer` (not over at `now`), soonest first: all of it. */
  async upcoming(viewer: Viewer, now: string): Promise<ActivityRow[]> {
    const rows = await this.activities()
      .where(activityShownTo(viewer))
      .where(FINISHES_AT, '>=', now)
      .orderBy('activities.starts_at')
      .orderBy('activities.id')
      .execute();
    return rows.map(toRow);
  }

  /** One page of what is over for `viewer` at `now`, latest first, and how many there are. */
  async past(
    viewer: Viewer,
    now: string,
    offset: number,
    limit: number,
  ): Promise<{ rows: ActivityRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.activities()
        .where(activityShownTo(viewer))
        .where(FINISHES_AT, '<', now)
        .orderBy('activities.starts_at', 'desc')
        .orderBy('activities.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      this.db
        .selectFrom('activities')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where(activityShownTo(viewer))
        .where(FINISHES_AT, '<', now)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows: rows.map(toRow), total: Number(count.n) };
  }

  /** Activity `id` if `viewer` sees it, with its person in charge and whether they manage it. */
  async findShown(viewer: Viewer, id: number): Promise<ActivityDetailRow | undefined> {
    const managed = activityManagedBy(viewer);
    const row = await this.activities()
      .leftJoin('users as in_charge', 'in_charge.id', 'activities.in_charge_id')
      .select('in_charge.name as in_charge_name')
      .select((eb) =>
        sql<number | boolean>`case when ${managed(eb)} then 1 else 0 end`.as('can_manage'),
      )
      .where('activities.id', '=', id)
      .where(activityShownTo(viewer))
      .executeTakeFirst();
    return row && { ...toRow(row), can_manage: Number(row.can_manage) === 1 };
  }

  /**
   * Activity `id` as it is now, inside a transaction; on PostgreSQL its row stays locked until the
   * transaction ends, so every write to one activity (a sign-up, an edit, a change of state) runs
   * one after the other and decides on what the one before left (SQLite's writers already do).
   */
  async lock(id: number, dialect: Dialect): Promise<ActivityRow | undefined> {
    const query = this.db.selectFrom('activities').selectAll().where('id', '=', id);
    const row = await (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
    if (!row) return undefined;
    return { ...row, taken: await this.countGoing(id) };
  }

  /** Children with «Va» and a place in activity `id`. */
  async countGoing(id: number): Promise<number> {
    const row = await this.db
      .selectFrom('activity_signups')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('activity_id', '=', id)
      .where('status', '=', 'va')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insert(values: Insertable<ActivitiesTable>): Promise<number> {
    const row = await this.db
      .insertInto('activities')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Writes `values` and raises the calendar's sequence: every change is one. */
  async update(id: number, values: Updateable<ActivitiesTable>): Promise<void> {
    await this.db
      .updateTable('activities')
      .set({ ...values, sequence: sql<number>`sequence + 1` })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Moves activity `id` to `status` (and raises its sequence); when it was first published and
   * when it was cancelled are kept.
   */
  async setStatus(
    row: Pick<ActivityRow, 'id' | 'published_at'>,
    status: ActivityStatus,
    now: string,
  ): Promise<void> {
    await this.update(row.id, {
      status,
      updated_at: now,
      ...(status === 'publicada' && row.published_at === null && { published_at: now }),
      ...(status === 'cancelada' && { cancelled_at: now }),
    });
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('activities').where('id', '=', id).execute();
  }

  /** The audiences of activities `ids`: each one's sections in their order (none: absent). */
  async audiences(ids: readonly number[]): Promise<Map<number, SectionRef[]>> {
    const byActivity = new Map<number, SectionRef[]>();
    if (ids.length === 0) return byActivity;
    const rows = await this.db
      .selectFrom('activity_sections')
      .innerJoin('sections', 'sections.id', 'activity_sections.section_id')
      .select(['activity_sections.activity_id', 'sections.id', 'sections.name', 'sections.colour'])
      .where('activity_sections.activity_id', 'in', [...new Set(ids)])
      .orderBy('sections.position')
      .orderBy('sections.id')
      .execute();
    for (const row of rows) {
      const list = byActivity.get(row.activity_id) ?? [];
      list.push({ id: row.id, name: row.name, colour: row.colour });
      byActivity.set(row.activity_id, list);
    }
    return byActivity;
  }

  /** Replaces activity `id`'s audience with `sectionIds` (none: the whole group). */
  async setAudience(id: number, sectionIds: readonly number[]): Promise<void> {
    await this.db.deleteFrom('activity_sections').where('activity_id', '=', id).execute();
    if (sectionIds.length === 0) return;
    await this.db
      .insertInto('activity_sections')
      .values(sectionIds.map((section_id) => ({ activity_id: id, section_id })))
      .execute();
  }

  /** The sections `ids` that exist, with whether each is retired. */
  sectionsByIds(
    ids: readonly number[],
  ): Promise<{ id: number; name: string; retired_at: string | null }[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('sections')
      .select(['id', 'name', 'retired_at'])
      .where('id', 'in', [...ids])
      .execute();
  }

  /** The questions of activities `ids`, in their order. */
  questions(ids: readonly number[]): Promise<QuestionRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('activity_questions')
      .selectAll()
      .where('activity_id', 'in', [...new Set(ids)])
      .orderBy('activity_id')
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  /**
   * Makes activity `id`'s questions `questions`, in that order: one with an `id` it had is
   * rewritten in place (its answers stay keyed to it), one without is new, one left out goes.
   */
  async setQuestions(
    id: number,
    questions: readonly {
      id?: number | undefined;
      label: string;
      kind: QuestionKind;
      options: string[] | null;
      required: boolean;
    }[],
  ): Promise<void> {
    const kept = questions.flatMap((q) => (q.id === undefined ? [] : [q.id]));
    let removal = this.db.deleteFrom('activity_questions').where('activity_id', '=', id);
    if (kept.length > 0) removal = removal.where('id', 'not in', kept);
    await removal.execute();
    for (const [position, q] of questions.entries()) {
      const values = {
        position,
        label: q.label,
        kind: q.kind,
        options: q.options === null ? null : JSON.stringify(q.options),
        required: q.required ? 1 : 0,
      };
      if (q.id === undefined) {
        await this.db
          .insertInto('activity_questions')
          .values({ ...values, activity_id: id })
          .execute();
      } else {
        await this.db
          .updateTable('activity_questions')
          .set(values)
          .where('id', '=', q.id)
          .where('activity_id', '=', id)
          .execute();
      }
    }
  }

  /**
   * The answers of children `childIds` to activities `activityIds`, each with its place in the
   * waiting list when it waits (by when it said «Va», then by row). One query.
   */
  async signups(activityIds: readonly number[], childIds: readonly number[]): Promise<SignupRow[]> {
    if (activityIds.length === 0 || childIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('activity_signups as s')
      .select([
        's.id',
        's.activity_id',
        's.child_id',
        's.status',
        's.queued_at',
        's.answers',
        sql<number | string | null>`case when s.status = 'espera' then (
          select count(*) from activity_signups w where w.activity_id = s.activity_id
            and w.status = 'espera'
            and (w.queued_at < s.queued_at or (w.queued_at = s.queued_at and w.id < s.id))
        ) + 1 end`.as('waiting_position'),
      ])
      .where('s.activity_id', 'in', [...new Set(activityIds)])
      .where('s.child_id', 'in', [...new Set(childIds)])
      .execute();
    return rows.map((row) => ({
      ...row,
      waiting_position: row.waiting_position === null ? null : Number(row.waiting_position),
    }));
  }

  /** Writes child `childId`'s answer to activity `activityId` (one row per child and activity). */
  async saveSignup(values: {
    activity_id: number;
    child_id: number;
    status: SignupStatus;
    queued_at: string | null;
    answers: string;
    updated_by: number;
    now: string;
  }): Promise<void> {
    const { now, ...row } = values;
    await this.db
      .insertInto('activity_signups')
      .values({ ...row, created_at: now, updated_at: now })
      .onConflict((oc) =>
        oc.columns(['activity_id', 'child_id']).doUpdateSet({
          status: row.status,
          queued_at: row.queued_at,
          answers: row.answers,
          updated_by: row.updated_by,
          updated_at: now,
        }),
      )
      .execute();
  }

  /** The first `limit` in activity `id`'s waiting list, in order. */
  async firstWaiting(id: number, limit: number): Promise<{ id: number; child_id: number }[]> {
    if (limit <= 0) return [];
    return this.db
      .selectFrom('activity_signups')
      .select(['id', 'child_id'])
      .where('activity_id', '=', id)
      .where('status', '=', 'espera')
      .orderBy('queued_at')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** Gives a place to the waiting sign-ups `ids`. */
  async admit(ids: readonly number[], now: string): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('activity_signups')
      .set({ status: 'va', updated_at: now })
      .where('id', 'in', [...ids])
      .execute();
  }

  /** The children of activity `id` who answered with one of `statuses`. */
  async childrenAnswering(id: number, statuses: readonly SignupStatus[]): Promise<number[]> {
    const rows = await this.db
      .selectFrom('activity_signups')
      .select('child_id')
      .where('activity_id', '=', id)
      .where('status', 'in', [...statuses])
      .execute();
    return rows.map((row) => row.child_id);
  }

  /** The standing autorizaciones of children `childIds` for activities `activityIds`. */
  standingAuthorizations(
    activityIds: readonly number[],
    childIds: readonly number[],
  ): Promise<StandingAuthorizationRow[]> {
    if (activityIds.length === 0 || childIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('activity_authorizations')
      .select([
        'id',
        'activity_id',
        'child_id',
        'method',
        'guardian_id',
        'signer_name',
        'signed_at',
      ])
      .where('activity_id', 'in', [...new Set(activityIds)])
      .where('child_id', 'in', [...new Set(childIds)])
      .where('withdrawn_at', 'is', null)
      .where('superseded_at', 'is', null)
      .orderBy('signed_at')
      .orderBy('id')
      .execute();
  }

  /**
   * Marks activity `id`'s standing autorizaciones superseded at `now` (its terms changed); the
   * children whose autorización that was.
   */
  async supersede(id: number, now: string): Promise<number[]> {
    const rows = await this.db
      .updateTable('activity_authorizations')
      .set({ superseded_at: now })
      .where('activity_id', '=', id)
      .where('withdrawn_at', 'is', null)
      .where('superseded_at', 'is', null)
      .returning('child_id')
      .execute();
    return [...new Set(rows.map((row) => row.child_id))];
  }

  /** The scouters and admins, by name: who may be in charge of an activity. */
  peopleInCharge(ids?: readonly number[]): Promise<{ id: number; name: string }[]> {
    if (ids?.length === 0) return Promise.resolve([]);
    let query = this.db
      .selectFrom('users')
      .select(['id', 'name'])
      .where('role', 'in', ['scouter', 'admin']);
    if (ids) query = query.where('id', 'in', [...ids]);
    return query.orderBy('name').orderBy('id').execute();
  }
}
