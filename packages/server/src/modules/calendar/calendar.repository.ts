import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { activityForSection, ManagedSections } from '../../access/access.repository.js';
import { type Db, type Executor, executorOf } from '../../db/database.js';
import type { ActivitiesTable } from '../../db/schema.js';
import { hashToken, nowIso } from '../../lib/tokens.js';

/** Whose a feed is: a family's (their account) or a section's (its scouters'). */
export type FeedOwner = { userId: number } | { sectionId: number };

export interface FeedRow {
  id: number;
  user_id: number | null;
  section_id: number | null;
  created_at: string;
}

/** An activity as a calendar shows it. */
export type CalendarActivityRow = Pick<
  Selectable<ActivitiesTable>,
  | 'id'
  | 'title'
  | 'status'
  | 'starts_at'
  | 'ends_at'
  | 'repeats_weekly_until'
  | 'place'
  | 'meeting_point'
  | 'meeting_at'
  | 'return_point'
  | 'return_at'
  | 'transport'
  | 'description'
  | 'sequence'
>;

const ACTIVITY_COLUMNS = [
  'activities.id',
  'activities.title',
  'activities.status',
  'activities.starts_at',
  'activities.ends_at',
  'activities.repeats_weekly_until',
  'activities.place',
  'activities.meeting_point',
  'activities.meeting_at',
  'activities.return_point',
  'activities.return_at',
  'activities.transport',
  'activities.description',
  'activities.sequence',
] as const;

/** SQL of the calendar: the feeds' rows and the activities each shows. */
export class CalendarRepository {
  private readonly db: Executor;

  constructor(db: Db | Executor) {
    this.db = executorOf(db);
  }

  private owned(owner: FeedOwner) {
    const query = this.db
      .selectFrom('calendar_feeds')
      .select(['id', 'user_id', 'section_id', 'created_at']);
    return 'userId' in owner
      ? query.where('user_id', '=', owner.userId)
      : query.where('section_id', '=', owner.sectionId);
  }

  /** The feed of `owner` (the first made, should two requests have made one at once). */
  feedOf(owner: FeedOwner): Promise<FeedRow | undefined> {
    return this.owned(owner).orderBy('id').limit(1).executeTakeFirst();
  }

  /** The feed whose token has SHA-256 `hash`. */
  feedByHash(hash: string): Promise<FeedRow | undefined> {
    return this.db
      .selectFrom('calendar_feeds')
      .select(['id', 'user_id', 'section_id', 'created_at'])
      .where('token_hash', '=', hash)
      .executeTakeFirst();
  }

  /**
   * Makes a feed for `owner`, its token's hash written once its row (which the token is made of)
   * exists: `hashOf` turns the row into the hash.
   */
  async createFeed(owner: FeedOwner, hashOf: (row: FeedRow) => string): Promise<FeedRow> {
    const created_at = nowIso();
    const inserted = await this.db
      .insertInto('calendar_feeds')
      .values({
        // A placeholder no token hashes to, replaced below in the same transaction.
        token_hash: `pendiente-${hashToken(randomBytes(16).toString('hex'))}`,
        user_id: 'userId' in owner ? owner.userId : null,
        section_id: 'sectionId' in owner ? owner.sectionId : null,
        created_at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row: FeedRow = {
      id: inserted.id,
      user_id: 'userId' in owner ? owner.userId : null,
      section_id: 'sectionId' in owner ? owner.sectionId : null,
      created_at,
    };
    await this.db
      .updateTable('calendar_feeds')
      .set({ token_hash: hashOf(row) })
      .where('id', '=', row.id)
      .execute();
    return row;
  }

  /** Drops every feed of `owner`: their URLs stop answering. */
  async dropFeeds(owner: FeedOwner): Promise<void> {
    const query = this.db.deleteFrom('calendar_feeds');
    await ('userId' in owner
      ? query.where('user_id', '=', owner.userId)
      : query.where('section_id', '=', owner.sectionId)
    ).execute();
  }

  /** The sections (not retired) among `managed`, in the group's order. */
  managedSections(managed: ManagedSections) {
    let query = this.db
      .selectFrom('sections')
      .select(['id', 'name', 'colour'])
      .where('retired_at', 'is', null);
    if (!managed.all) {
      if (!managed.sectionIds) return Promise.resolve([]);
      query = query.where('id', 'in', managed.sectionIds);
    }
    return query.orderBy('position').orderBy('id').execute();
  }

  section(id: number) {
    return this.db
      .selectFrom('sections')
      .select(['id', 'name', 'colour', 'retired_at'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /**
   * The activities a feed shows (those of `shown`, the policy's `where` for its owner), since
   * `since` (a weekly reunión while it still repeats), by start.
   */
  activities(
    shown: ReturnType<typeof activityForSection>,
    since: string,
  ): Promise<CalendarActivityRow[]> {
    return this.db
      .selectFrom('activities')
      .select(ACTIVITY_COLUMNS)
      .where((eb) =>
        eb.or([
          eb('activities.ends_at', '>=', since),
          eb('activities.repeats_weekly_until', '>=', since.slice(0, 10)),
        ]),
      )
      .where(shown)
      .orderBy('activities.starts_at')
      .orderBy('activities.id')
      .execute();
  }

  activity(id: number): Promise<CalendarActivityRow | undefined> {
    return this.db
      .selectFrom('activities')
      .select(ACTIVITY_COLUMNS)
      .where('activities.id', '=', id)
      .executeTakeFirst();
  }
}
