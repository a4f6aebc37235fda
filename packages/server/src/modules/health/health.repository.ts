import type { HealthReadVia } from '@fogata/shared';
import type { Executor } from '../../db/database.js';

/** A ficha's row: the sealed box and when it was written and confirmed. */
export interface HealthRow {
  child_id: number;
  sealed: string;
  updated_at: string;
  confirmed_at: string;
}

/** A child's ficha (null: never filled) and what was confirmed for one activity. */
export interface CampHealthRow {
  child_id: number;
  name: string;
  sealed: string | null;
  updated_at: string | null;
  confirmed_at: string | null;
  activity_confirmed_at: string | null;
}

/** One reading to log. */
export interface HealthReadInsert {
  child_id: number;
  reader_id: number;
  reader_name: string;
  activity_id: number;
  activity_title: string;
  via: HealthReadVia;
  read_at: string;
}

/** The SQL of the fichas sanitarias, their confirmations and their readings log. */
export class HealthRepository {
  constructor(private readonly db: Executor) {}

  record(childId: number): Promise<HealthRow | undefined> {
    return this.db
      .selectFrom('health_records')
      .select(['child_id', 'sealed', 'updated_at', 'confirmed_at'])
      .where('child_id', '=', childId)
      .executeTakeFirst();
  }

  /** Writes the whole ficha; saving it counts as confirming it. */
  async save(childId: number, sealed: string, userId: number, at: string): Promise<void> {
    const values = {
      sealed,
      updated_by: userId,
      updated_at: at,
      confirmed_at: at,
      confirmed_by: userId,
    };
    await this.db
      .insertInto('health_records')
      .values({ child_id: childId, ...values })
      .onConflict((oc) => oc.column('child_id').doUpdateSet(values))
      .execute();
  }

  async confirm(childId: number, userId: number, at: string): Promise<void> {
    await this.db
      .updateTable('health_records')
      .set({ confirmed_at: at, confirmed_by: userId })
      .where('child_id', '=', childId)
      .execute();
  }

  /** The ficha as it stands, sealed again, as what was confirmed for the activity. */
  async confirmForActivity(
    activityId: number,
    childId: number,
    sealed: string,
    userId: number,
    at: string,
  ): Promise<void> {
    const values = { sealed, confirmed_by: userId, confirmed_at: at };
    await this.db
      .insertInto('activity_health_confirmations')
      .values({ activity_id: activityId, child_id: childId, ...values })
      .onConflict((oc) => oc.columns(['activity_id', 'child_id']).doUpdateSet(values))
      .execute();
  }

  /** The child's answer to the activity, when it is one that goes or waits. */
  async signupGoesOrWaits(activityId: number, childId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('activity_signups')
      .innerJoin('activities', 'activities.id', 'activity_signups.activity_id')
      .select('activity_signups.child_id')
      .where('activity_signups.activity_id', '=', activityId)
      .where('activity_signups.child_id', '=', childId)
      .where('activity_signups.status', 'in', ['va', 'espera'])
      .where('activities.health_erased_at', 'is', null)
      .executeTakeFirst();
    return row !== undefined;
  }

  activityTitle(activityId: number): Promise<{ id: number; title: string } | undefined> {
    return this.db
      .selectFrom('activities')
      .select(['id', 'title'])
      .where('id', '=', activityId)
      .executeTakeFirst();
  }

  childName(childId: number): Promise<{ full_name: string } | undefined> {
    return this.db
      .selectFrom('children')
      .select('full_name')
      .where('id', '=', childId)
      .executeTakeFirst();
  }

  /** The fichas of children `childIds` and what was confirmed of each for `activityId`; one query. */
  async campRecords(activityId: number, childIds: readonly number[]): Promise<CampHealthRow[]> {
    if (childIds.length === 0) return [];
    return this.db
      .selectFrom('children')
      .leftJoin('health_records', 'health_records.child_id', 'children.id')
      .leftJoin('activity_health_confirmations as ahc', (join) =>
        join.onRef('ahc.child_id', '=', 'children.id').on('ahc.activity_id', '=', activityId),
      )
      .select([
        'children.id as child_id',
        'children.full_name as name',
        'health_records.sealed',
        'health_records.updated_at',
        'health_records.confirmed_at',
        'ahc.confirmed_at as activity_confirmed_at',
      ])
      .where('children.id', 'in', [...childIds])
      .execute();
  }

  /** Logs readings, all in one statement. */
  async logReads(reads: readonly HealthReadInsert[]): Promise<void> {
    if (reads.length === 0) return;
    await this.db
      .insertInto('health_reads')
      .values([...reads])
      .execute();
  }

  /** A page of the child's readings log, newest first, and how many there are. */
  async reads(childId: number, offset: number, limit: number) {
    const [items, total] = await Promise.all([
      this.db
        .selectFrom('health_reads')
        .select(['id', 'reader_name', 'activity_id', 'activity_title', 'via', 'read_at'])
        .where('child_id', '=', childId)
        .orderBy('read_at', 'desc')
        .orderBy('id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      this.db
        .selectFrom('health_reads')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('child_id', '=', childId)
        .executeTakeFirstOrThrow(),
    ]);
    return { items, total: Number(total.n) };
  }

  /**
   * Of children `childIds`, in activities `activityIds`: which have a ficha, and for which
   * (activity, child) it was confirmed. One query, whatever the list's length.
   */
  async summaryStates(activityIds: readonly number[], childIds: readonly number[]) {
    const filled = new Set<number>();
    const confirmed = new Set<string>();
    if (activityIds.length === 0 || childIds.length === 0) return { filled, confirmed };
    const rows = await this.db
      .selectFrom('children')
      .leftJoin('health_records', 'health_records.child_id', 'children.id')
      .leftJoin('activity_health_confirmations as ahc', (join) =>
        join
          .onRef('ahc.child_id', '=', 'children.id')
          .on('ahc.activity_id', 'in', [...new Set(activityIds)]),
      )
      .select(['children.id', 'health_records.child_id as filled', 'ahc.activity_id'])
      .where('children.id', 'in', [...new Set(childIds)])
      .execute();
    for (const row of rows) {
      if (row.filled !== null) filled.add(row.id);
      if (row.activity_id !== null) confirmed.add(`${row.activity_id}:${row.id}`);
    }
    return { filled, confirmed };
  }

  /** The fichas of children `childIds` and every reading of them, newest first; two queries. */
  async exportRows(childIds: readonly number[]) {
    if (childIds.length === 0) return { records: [], reads: [] };
    const ids = [...new Set(childIds)];
    const [records, reads] = await Promise.all([
      this.db
        .selectFrom('health_records')
        .select(['child_id', 'sealed', 'updated_at', 'confirmed_at'])
        .where('child_id', 'in', ids)
        .execute(),
      this.db
        .selectFrom('health_reads')
        .select([
          'id',
          'child_id',
          'reader_name',
          'activity_id',
          'activity_title',
          'via',
          'read_at',
        ])
        .where('child_id', 'in', ids)
        .orderBy('read_at', 'desc')
        .orderBy('id', 'desc')
        .execute(),
    ]);
    return { records, reads };
  }

  /** Deletes the ficha of child `childId` (it left the group or is gone). */
  async deleteRecord(childId: number): Promise<void> {
    await this.db.deleteFrom('health_records').where('child_id', '=', childId).execute();
  }
}
