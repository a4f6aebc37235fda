import type { News } from '@fogata/shared';
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database, NewsTable } from '../../db/schema.js';
import type { MediaStorage } from '../../storage/storage.js';
import {
  commentsCountSql,
  likedBySql,
  likesCountSql,
} from '../interactions/interactions.repository.js';

export type NewsRow = Selectable<NewsTable>;
type Executor = Kysely<Database> | Transaction<Database>;

/** A news row with its counts and the reader's like (types as each database returns them). */
export type NewsWithCounts = NewsRow & {
  likes_count: number | string;
  comments_count: number | string;
  user_has_liked: boolean | number;
};

/** The API shape of a news item: files as plain public URLs. */
export function toNews(row: NewsWithCounts, storage: MediaStorage): News {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    content: row.content,
    image_url: row.image_key ? storage.url(row.image_key) : null,
    thumb_url: row.image_thumb_key ? storage.url(row.image_thumb_key) : null,
    placeholder: row.image_placeholder,
    width: row.image_width,
    height: row.image_height,
    created_at: row.created_at,
    updated_at: row.updated_at,
    likes_count: Number(row.likes_count),
    comments_count: Number(row.comments_count),
    user_has_liked: Boolean(row.user_has_liked),
  };
}

/** SQL on `news`. */
export class NewsRepository {
  private readonly db: Executor;

  constructor(db: Db | Executor) {
    this.db = 'kysely' in db ? db.kysely : db;
  }

  /** News with like and comment counts and whether `viewerId` liked each, in one query. */
  private withCounts(viewerId: number | null) {
    return this.db
      .selectFrom('news')
      .selectAll('news')
      .select([
        likesCountSql('news', 'news.id').as('likes_count'),
        commentsCountSql('news', 'news.id').as('comments_count'),
        likedBySql('news', 'news.id', viewerId).as('user_has_liked'),
      ]);
  }

  /** Newest first; the first `limit` only when given. One query, whatever the length. */
  list(viewerId: number | null, limit?: number): Promise<NewsWithCounts[]> {
    const query = this.withCounts(viewerId)
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
