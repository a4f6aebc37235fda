import { type Db, type Executor, executorOf } from '../../db/database.js';

/** The SQL of an activity's staff (migration 020's `activity_staff`). */
export class CampStaffRepository {
  private readonly db: Executor;

  constructor(db: Db | Executor) {
    this.db = executorOf(db);
  }

  /** What the staff rules read of activity `id`: its end, and its last week when it repeats. */
  activity(id: number) {
    return this.db
      .selectFrom('activities')
      .select(['id', 'title', 'ends_at', 'repeats_weekly_until'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Activity `id`'s staff, by name. */
  staff(id: number): Promise<{ user_id: number; name: string }[]> {
    return this.db
      .selectFrom('activity_staff')
      .innerJoin('users', 'users.id', 'activity_staff.user_id')
      .select(['activity_staff.user_id', 'users.name'])
      .where('activity_staff.activity_id', '=', id)
      .orderBy('users.name')
      .orderBy('users.id')
      .execute();
  }

  /** How many active children go («Va», with a place) to activity `id`. */
  async going(id: number): Promise<number> {
    const row = await this.db
      .selectFrom('activity_signups')
      .innerJoin('children', 'children.id', 'activity_signups.child_id')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('activity_signups.activity_id', '=', id)
      .where('activity_signups.status', '=', 'va')
      .where('children.active', '=', 1)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Account `id`: its name and role; undefined when there is none. */
  account(id: number) {
    return this.db
      .selectFrom('users')
      .select(['id', 'name', 'role'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Adds `userId` to activity `id`'s staff (nothing when already there). */
  async add(id: number, userId: number, by: number, now: string): Promise<void> {
    await this.db
      .insertInto('activity_staff')
      .values({ activity_id: id, user_id: userId, added_by: by, added_at: now })
      .onConflict((oc) => oc.columns(['activity_id', 'user_id']).doNothing())
      .execute();
  }

  /** Takes `userId` off activity `id`'s staff. */
  async remove(id: number, userId: number): Promise<void> {
    await this.db
      .deleteFrom('activity_staff')
      .where('activity_id', '=', id)
      .where('user_id', '=', userId)
      .execute();
  }
}
