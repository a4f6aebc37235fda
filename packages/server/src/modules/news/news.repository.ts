import type { Insertable, Selectable } from 'kysely';
import { ownChildInImageSql } from '../../access/own-public-copies.js';
import { type Db, type Executor, executorOf } from '../../db/database.js';
import type { NewsTable } from '../../db/schema.js';
import {
  commentsCountSql,
  likedBySql,
  likesCountSql,
} from '../interactions/interactions.repository.js';

export type NewsRow = Selectable<NewsTable>;

/** A news row with its counts and the reader's like (types as each database returns them). */
export type NewsWithCounts = NewsRow & {
  likes_count: number | string;
  comments_count: number | string;
  user_has_liked: boolean | number;
  /** A child of the reader's is in the image (a family's own copy, decision 100). */
  has_own_child: boolean | number;
};

/** A list row: everything but the full text. */
export type NewsSummaryWithCounts = Omit<
  NewsWithCounts,
  'content' | 'image_original_key' | 'image_blur_set'
>;

/** The columns of a list row (all but `content`). */
const SUMMARY_COLUMNS = [
  'news.id',
  'news.title',
  'news.description',
  'news.image_key',
  'news.image_thumb_key',
  'news.image_placeholder',
  'news.image_width',
  'news.image_height',
  'news.created_by',
  'news.created_at',
  'news.updated_at',
] as const;

/** Likes, comments and whether `viewerId` liked the item, as columns of a news query. */
function countColumns(viewerId: number | null) {
  return [
    likesCountSql('news', 'news.id').as('likes_count'),
    commentsCountSql('news', 'news.id').as('comments_count'),
    likedBySql('news', 'news.id', viewerId).as('user_has_liked'),
    ownChildInImageSql('news', 'news.id', viewerId).as('has_own_child'),
  ] as const;
}

/** SQL on `news`. */
export class NewsRepository {
  private readonly db: Executor;

  constructor(db: Db | Executor) {
    this.db = executorOf(db);
  }

  /** News with like and comment counts and whether `viewerId` liked each, in one query. */
  private withCounts(viewerId: number | null) {
    return this.db.selectFrom('news').selectAll('news').select(countColumns(viewerId));
  }

  /** Newest first, without the full texts; the first `limit` only when given. One query. */
  list(viewerId: number | null, limit?: number): Promise<NewsSummaryWithCounts[]> {
    const query = this.db
      .selectFrom('news')
      .select(SUMMARY_COLUMNS)
      .select(countColumns(viewerId))
      .orderBy('news.created_at', 'desc')
      .orderBy('news.id', 'desc');
    return (limit === undefined ? query : query.limit(limit)).execute();
  }

  find(id: number, viewerId: number | null): Promise<NewsWithCounts | undefined> {
    return this.withCounts(viewerId).where('news.id', '=', id).executeTakeFirst();
  }

  findRow(id: number): Promise<NewsRow | undefined> {
    return this.db.selectFrom('news').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async exists(id: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('news')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    return row !== undefined;
  }

  async insert(news: Insertable<NewsTable>): Promise<number> {
    const row = await this.db
      .insertInto('news')
      .values(news)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(
    id: number,
    changes: Partial<Omit<NewsTable, 'id' | 'created_at' | 'created_by'>>,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('news')
      .set(changes)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Deletes the row and returns it (for its files), or undefined when there was none. */
  deleteReturning(id: number): Promise<NewsRow | undefined> {
    return this.db.deleteFrom('news').where('id', '=', id).returningAll().executeTakeFirst();
  }
}
