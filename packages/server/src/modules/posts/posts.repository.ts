import { type Insertable, type Kysely, sql } from 'kysely';
import { ownChildInImageSql } from '../../access/own-public-copies.js';
import { type Db, type Executor, executorOf } from '../../db/database.js';
import type { NewsTable } from '../../db/schema.js';
import {
  commentsCountSql,
  likedBySql,
  likesCountSql,
} from '../interactions/interactions.repository.js';
import type { PostCounts, PostKind, PostListRow, PostRow, PostTypes } from './post-kinds.js';

/**
 * Both tables as this repository sees them: the columns they share. A kind's own columns are read
 * by name (`selectAll`, the kind's list columns) and written with the form's values.
 */
type SharedColumns = Omit<NewsTable, 'content'>;
type PostTables = { news: SharedColumns; experiences: SharedColumns };

/** The columns of a list row (the full texts and the private image columns stay out). */
const LIST_COLUMNS = [
  'id',
  'title',
  'description',
  'image_key',
  'image_thumb_key',
  'image_placeholder',
  'image_width',
  'image_height',
  'created_by',
  'created_at',
  'updated_at',
] as const;

/** SQL on the table of one kind of post. */
export class PostsRepository<T extends PostTypes> {
  private readonly db: Kysely<PostTables>;

  constructor(
    db: Db | Executor,
    private readonly kind: PostKind<T>,
  ) {
    // Either table has the shared columns under the same names and types.
    this.db = executorOf(db) as unknown as Kysely<PostTables>;
  }

  private get table() {
    return this.kind.table;
  }

  /** Likes, comments and whether `viewerId` liked the post or has a child in its image. */
  private countColumns(viewerId: number | null) {
    const { imageKind } = this.kind;
    const id = `${this.table}.id`;
    return [
      likesCountSql(imageKind, id).as('likes_count'),
      commentsCountSql(imageKind, id).as('comments_count'),
      likedBySql(imageKind, id, viewerId).as('user_has_liked'),
      ownChildInImageSql(imageKind, id, viewerId).as('has_own_child'),
    ] as const;
  }

  /** Newest first, with the counts, in one query; the first `limit` only when given. */
  async list(viewerId: number | null, limit?: number): Promise<(PostListRow & T['ownInList'])[]> {
    const own = this.kind.listColumns.map((column) =>
      sql.ref(`${this.table}.${column}`).as(column),
    );
    const query = this.db
      .selectFrom(this.table)
      .select(LIST_COLUMNS.map((column) => `${this.table}.${column}` as const))
      .select(own)
      .select(this.countColumns(viewerId))
      .orderBy(`${this.table}.created_at`, 'desc')
      .orderBy(`${this.table}.id`, 'desc');
    const rows = await (limit === undefined ? query : query.limit(limit)).execute();
    return rows as unknown as (PostListRow & T['ownInList'])[];
  }

  /** One post with its counts, or undefined. */
  async find(
    id: number,
    viewerId: number | null,
  ): Promise<(PostRow & PostCounts & T['own']) | undefined> {
    const row = await this.db
      .selectFrom(this.table)
      .selectAll(this.table)
      .select(this.countColumns(viewerId))
      .where(`${this.table}.id`, '=', id)
      .executeTakeFirst();
    return row as (PostRow & PostCounts & T['own']) | undefined;
  }

  findRow(id: number): Promise<PostRow | undefined> {
    return this.db.selectFrom(this.table).selectAll().where('id', '=', id).executeTakeFirst();
  }

  async exists(id: number): Promise<boolean> {
    const row = await this.db
      .selectFrom(this.table)
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    return row !== undefined;
  }

  async insert(post: Insertable<SharedColumns> & T['form']): Promise<number> {
    const row = await this.db
      .insertInto(this.table)
      .values(post)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(
    id: number,
    changes: Partial<Omit<SharedColumns, 'id' | 'created_at' | 'created_by'>> & T['form'],
  ): Promise<boolean> {
    const result = await this.db
      .updateTable(this.table)
      .set(changes)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Deletes the row and returns it (for its files), or undefined when there was none. */
  deleteReturning(id: number): Promise<PostRow | undefined> {
    return this.db.deleteFrom(this.table).where('id', '=', id).returningAll().executeTakeFirst();
  }
}
