import type { Insertable, Selectable } from 'kysely';
import { ownChildInImageSql } from '../../access/own-public-copies.js';
import { type Db, type Executor, executorOf } from '../../db/database.js';
import type { ExperiencesTable } from '../../db/schema.js';
import {
  commentsCountSql,
  likedBySql,
  likesCountSql,
} from '../interactions/interactions.repository.js';

export type ExperienceRow = Selectable<ExperiencesTable>;

/** An experience row with its counts and the reader's like (types as each database returns them). */
export type ExperienceWithCounts = ExperienceRow & {
  likes_count: number | string;
  comments_count: number | string;
  user_has_liked: boolean | number;
  /** A child of the reader's is in the image (a family's own copy, decision 100). */
  has_own_child: boolean | number;
};

/** SQL on `experiences`. */
export class ExperiencesRepository {
  private readonly db: Executor;

  constructor(db: Db | Executor) {
    this.db = executorOf(db);
  }

  /** Experiences with like and comment counts and whether `viewerId` liked each, in one query. */
  private withCounts(viewerId: number | null) {
    return this.db
      .selectFrom('experiences')
      .selectAll('experiences')
      .select([
        likesCountSql('experience', 'experiences.id').as('likes_count'),
        commentsCountSql('experience', 'experiences.id').as('comments_count'),
        likedBySql('experience', 'experiences.id', viewerId).as('user_has_liked'),
        ownChildInImageSql('experience', 'experiences.id', viewerId).as('has_own_child'),
      ]);
  }

  /** Every experience, newest first, in one query whatever the length. */
  list(viewerId: number | null): Promise<ExperienceWithCounts[]> {
    return this.withCounts(viewerId)
      .orderBy('experiences.created_at', 'desc')
      .orderBy('experiences.id', 'desc')
      .execute();
  }

  find(id: number, viewerId: number | null): Promise<ExperienceWithCounts | undefined> {
    return this.withCounts(viewerId).where('experiences.id', '=', id).executeTakeFirst();
  }

  findRow(id: number): Promise<ExperienceRow | undefined> {
    return this.db.selectFrom('experiences').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async exists(id: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('experiences')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    return row !== undefined;
  }

  async insert(experience: Insertable<ExperiencesTable>): Promise<number> {
    const row = await this.db
      .insertInto('experiences')
      .values(experience)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(
    id: number,
    changes: Partial<Omit<ExperiencesTable, 'id' | 'created_at' | 'created_by'>>,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('experiences')
      .set(changes)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Deletes the row and returns it (for its files), or undefined when there was none. */
  deleteReturning(id: number): Promise<ExperienceRow | undefined> {
    return this.db.deleteFrom('experiences').where('id', '=', id).returningAll().executeTakeFirst();
  }
}
