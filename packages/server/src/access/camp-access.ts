import type { AppContext } from '../context.js';
import type { Executor } from '../db/database.js';
import { AccessRepository } from './access.repository.js';
import type { Viewer } from './viewer.js';

/*
 * Who may reach an activity as one of the adults who go (issue 37), and so the fichas sanitarias of
 * its children. Staff are the adults signed up to it (`activity_staff`); the scouter in charge is
 * one of them once named. A child's ficha is seen by its guardians always (child.own), and
 * otherwise only by the staff of an activity the child is signed up to («Va»), from two days
 * before the activity starts until it ends, and not while it is cancelled: not the group's admins
 * as such, not other scouters, not the rest of the year. Whatever is outside the rule answers as
 * if it did not exist (404). The SQL is in access.repository.ts.
 */

export class CampAccess {
  constructor(private readonly ctx: Pick<AppContext, 'db'>) {}

  private repo() {
    return new AccessRepository(this.ctx.db);
  }

  /** Which of activities `ids` `viewer` is staff of, in one query. */
  staffActivityIds(viewer: Viewer, ids: readonly number[]): Promise<Set<number>> {
    return this.repo().staffActivityIds(ids, viewer, null);
  }

  /**
   * Which of activities `ids` `viewer` is staff of and are in their camp window at `now`: from
   * two days before the start until the end, not cancelled. One query.
   */
  campActivityIds(viewer: Viewer, ids: readonly number[], now = new Date()): Promise<Set<number>> {
    return this.repo().staffActivityIds(ids, viewer, now);
  }
}

/**
 * The children signed up («Va») to activity `activityId` — those whose fichas its staff may read
 * in the camp window — by name; only `childIds` of them when given. One query.
 */
export function campChildIds(
  db: Executor,
  activityId: number,
  childIds?: readonly number[],
): Promise<number[]> {
  return new AccessRepository(db).campChildIds(activityId, childIds);
}
