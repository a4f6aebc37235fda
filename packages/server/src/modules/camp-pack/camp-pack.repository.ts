import type { ActivityStatus, AttendanceMoment, CampPack } from '@fogata/shared';
import { sql } from 'kysely';
import { type Db, type Executor, executorOf } from '../../db/database.js';

/** An activity as the camp pack and «Pasar lista» read it: what the pack shows, and its rules'. */
export type CampActivityRow = CampPack['activity'] & {
  status: ActivityStatus;
  both_guardians: number;
  in_charge_name: string | null;
};

/** A mark of «Pasar lista» as stored: the winner of its cell. */
export interface AttendanceMarkRow {
  child_id: number;
  day: string;
  moment: AttendanceMoment;
  present: number;
  marked_by: number | null;
  marked_by_name: string | null;
  marked_at: string;
}

/** A mark to merge into its cell. */
export interface AttendanceMarkWrite {
  activity_id: number;
  child_id: number;
  day: string;
  moment: AttendanceMoment;
  present: number;
  marked_by: number;
  marked_at: string;
  synced_at: string;
}

/** The SQL of the camp pack and «Pasar lista»: each read is one query, however many children. */
export class CampPackRepository {
  private readonly db: Executor;

  constructor(db: Db | Executor) {
    this.db = executorOf(db);
  }

  activity(id: number): Promise<CampActivityRow | undefined> {
    return this.db
      .selectFrom('activities as a')
      .leftJoin('users as u', 'u.id', 'a.in_charge_id')
      .select([
        'a.id',
        'a.title',
        'a.status',
        'a.starts_at',
        'a.ends_at',
        'a.place',
        'a.meeting_point',
        'a.meeting_at',
        'a.return_point',
        'a.return_at',
        'a.price_cents',
        'a.both_guardians',
        'u.name as in_charge_name',
      ])
      .where('a.id', '=', id)
      .executeTakeFirst();
  }

  /** Every cell of the activity's roll, with the name of who made each winning mark. */
  marks(activityId: number): Promise<AttendanceMarkRow[]> {
    return this.db
      .selectFrom('attendance_marks as m')
      .leftJoin('users as u', 'u.id', 'm.marked_by')
      .select([
        'm.child_id',
        'm.day',
        'm.moment',
        'm.present',
        'm.marked_by',
        'u.name as marked_by_name',
        'm.marked_at',
      ])
      .where('m.activity_id', '=', activityId)
      .execute();
  }

  /** Of children `childIds`, those with an answer for activity `activityId` (any: «Va» or not). */
  async signedUpChildIds(activityId: number, childIds: readonly number[]): Promise<number[]> {
    if (childIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('activity_signups')
      .select('child_id')
      .where('activity_id', '=', activityId)
      .where('child_id', 'in', [...childIds])
      .execute();
    return rows.map((row) => row.child_id);
  }

  /**
   * Merges `marks` (at most one per cell, in the cells' order) into their cells: a new cell is
   * inserted; a taken one is overwritten only by a mark that beats it (later `marked_at`, then
   * the larger marker id, then present over absent). One statement, so the database compares and
   * writes under the row's lock: on PostgreSQL a second transaction upserting the same cell waits
   * for the first to commit and then compares with what it wrote; SQLite runs one writer at a
   * time. Either way the winner does not depend on who commits first.
   */
  async mergeMarks(marks: readonly AttendanceMarkWrite[]): Promise<void> {
    if (marks.length === 0) return;
    await this.db
      .insertInto('attendance_marks')
      .values([...marks])
      .onConflict((oc) =>
        oc
          .columns(['activity_id', 'child_id', 'day', 'moment'])
          .doUpdateSet({
            present: (eb) => eb.ref('excluded.present'),
            marked_by: (eb) => eb.ref('excluded.marked_by'),
            marked_at: (eb) => eb.ref('excluded.marked_at'),
            synced_at: (eb) => eb.ref('excluded.synced_at'),
          })
          .where(
            sql<boolean>`excluded.marked_at > attendance_marks.marked_at
              or (excluded.marked_at = attendance_marks.marked_at
                and (coalesce(excluded.marked_by, 0) > coalesce(attendance_marks.marked_by, 0)
                  or (coalesce(excluded.marked_by, 0) = coalesce(attendance_marks.marked_by, 0)
                    and excluded.present > attendance_marks.present)))`,
          ),
      )
      .execute();
  }
}
