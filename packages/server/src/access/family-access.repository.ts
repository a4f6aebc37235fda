import { type Db, type Executor, executorOf } from '../db/database.js';
import { scouterSectionIds } from './viewer-sections.js';

/*
 * Every query that decides which children a viewer may see or manage (decision 046). The rules in
 * words are in family-access.ts; nowhere else writes this SQL.
 */

/** The batched questions of the family access policy. */
export class FamilyAccessRepository {
  private readonly db: Executor;

  constructor(db: Db | Executor) {
    this.db = executorOf(db);
  }

  /** Whether child `childId` exists and, unless `scouterId` is null (an admin), is in one of their sections. */
  async childManaged(childId: number, scouterId: number | null): Promise<boolean> {
    let query = this.db
      .selectFrom('children')
      .select('children.id')
      .where('children.id', '=', childId);
    if (scouterId !== null) {
      query = query.where('children.section_id', 'in', scouterSectionIds(this.db, scouterId));
    }
    return (await query.executeTakeFirst()) !== undefined;
  }

  /** Which of children `childIds` are in one of scouter `scouterId`'s sections, in one query. */
  async managedChildIds(childIds: readonly number[], scouterId: number): Promise<Set<number>> {
    if (childIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('children')
      .select('children.id')
      .where('children.id', 'in', [...new Set(childIds)])
      .where('children.section_id', 'in', scouterSectionIds(this.db, scouterId))
      .execute();
    return new Set(rows.map((row) => row.id));
  }

  /** Whether scouter `userId` is assigned to section `sectionId`. */
  async sectionAssigned(userId: number, sectionId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('scouter_sections')
      .select('section_id')
      .where('user_id', '=', userId)
      .where('section_id', '=', sectionId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Whether `userId` is a guardian of child `childId`. */
  async isGuardian(userId: number, childId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('guardians')
      .select('child_id')
      .where('user_id', '=', userId)
      .where('child_id', '=', childId)
      .executeTakeFirst();
    return row !== undefined;
  }
}
