import type { Experience } from '@fogata/shared';
import type { Insertable, Selectable } from 'kysely';
import { ownChildInImageSql } from '../../access/own-public-copies.js';
import { type Db, type Executor, executorOf } from '../../db/database.js';
import type { ExperiencesTable } from '../../db/schema.js';
import type { MediaStorage } from '../../media/storage/storage.js';
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

/** The API shape of an experience: files as plain public URLs. */
export function toExperience(row: ExperienceWithCounts, storage: MediaStorage): Experience {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    image: row.image_key ? storage.url(row.image_key) : null,
    image_thumb: row.image_thumb_key ? storage.url(row.image_thumb_key) : null,
    image_placeholder: row.image_placeholder,
    image_width: row.image_width,
    image_height: row.image_height,
    created_at: row.created_at,
    updated_at: row.updated_at,
    likes_count: Number(row.likes_count),
    comments_count: Number(row.comments_count),
    user_has_liked: Boolean(row.user_has_liked),
  };
}

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
