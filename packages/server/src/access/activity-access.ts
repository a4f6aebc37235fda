import type { AppContext } from '../context.js';
import type { Executor } from '../db/database.js';
import { AccessRepository, type AudienceChild, type FamilyAccount } from './access.repository.js';
import type { Viewer } from './viewer.js';

export type { AudienceChild, FamilyAccount } from './access.repository.js';

/*
 * Who sees and manages which activity (issue 36), beside the gallery's rules: an activity's
 * audience is an album's (no section rows: the whole group). An admin sees and manages every
 * activity; a scouter those of the whole group and those naming one of their sections, in any
 * state; a family (any account that is a guardian) sees one once it is not a borrador, when one
 * of their active children is in its audience. A scouter who is also a parent sees, as family,
 * the activities of their children's sections too. Whatever a viewer may not see answers as if
 * it did not exist (404); what they see but may not manage is a 403. The SQL is in
 * access.repository.ts.
 */
export class ActivityAccess {
  constructor(private readonly ctx: Pick<AppContext, 'db'>) {}

  private repo() {
    return new AccessRepository(this.ctx.db);
  }

  /** Which of activities `ids` `viewer` sees, in one query. */
  visibleActivityIds(viewer: Viewer, ids: readonly number[]): Promise<Set<number>> {
    return this.repo().activityIds(ids, viewer);
  }

  /** Which of activities `ids` `viewer` manages, in one query. */
  managedActivityIds(viewer: Viewer, ids: readonly number[]): Promise<Set<number>> {
    return this.repo().managedActivityIds(ids, viewer);
  }
}

/**
 * The active children of the audiences of activities `activityIds`, each row once per activity,
 * by activity then name (only `childIds` of them when given), read in `db` (a transaction, to
 * decide and write in one). One query.
 */
export function activityAudienceChildren(
  db: Executor,
  activityIds: readonly number[],
  childIds?: readonly number[],
): Promise<AudienceChild[]> {
  return new AccessRepository(db).activityAudienceChildren(activityIds, childIds);
}

/** The accounts that answer for children `childIds` as family, a row per child and account. */
export function familyAccounts(
  db: Executor,
  childIds: readonly number[],
): Promise<FamilyAccount[]> {
  return new AccessRepository(db).familyAccounts(childIds);
}

/** The active children `userId` is a guardian of, with their section, by name. */
export function ownActiveChildren(db: Executor, userId: number) {
  return new AccessRepository(db).ownActiveChildren(userId);
}

/** How many guardians each of children `childIds` has (how many must sign when both must). */
export function guardianCounts(db: Executor, childIds: readonly number[]) {
  return new AccessRepository(db).guardianCounts(childIds);
}
