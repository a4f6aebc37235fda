import { type RawBuilder, sql } from 'kysely';
import { type Db, type Executor, executorOf } from '../../db/database.js';
import type { InteractionTarget } from '../../db/schema.js';

/** A comment joined with its author's current name and avatar. */
export interface CommentRow {
  id: number;
  user_id: number;
  comment_text: string;
  created_at: string;
  updated_at: string;
  author_name: string;
  author_avatar_key: string | null;
}

/**
 * `(select count(*) …)`: the likes of the target whose id is in column `idColumn` of the outer
 * query (e.g. `photos.id`). A correlated subquery on the (target_type, target_id, user_id) index:
 * a list with it is still one query, whatever its length.
 */
export function likesCountSql(type: InteractionTarget, idColumn: string): RawBuilder<number> {
  return sql<number>`(select count(*) from likes where likes.target_type = ${type} and likes.target_id = ${sql.ref(idColumn)})`;
}

/** Like `likesCountSql`, for comments. */
export function commentsCountSql(type: InteractionTarget, idColumn: string): RawBuilder<number> {
  return sql<number>`(select count(*) from comments where comments.target_type = ${type} and comments.target_id = ${sql.ref(idColumn)})`;
}

/** Whether `userId` liked the target in `idColumn`; false for an anonymous reader. */
export function likedBySql(
  type: InteractionTarget,
  idColumn: string,
  userId: number | null,
): RawBuilder<boolean> {
  if (userId === null) return sql<boolean>`(1 = 0)`;
  return sql<boolean>`exists (select 1 from likes where likes.target_type = ${type} and likes.target_id = ${sql.ref(idColumn)} and likes.user_id = ${userId})`;
}

/** Likes summed over several targets: those whose ids `targetIds` (a subquery) selects. */
export function likesCountInSql(type: InteractionTarget, targetIds: RawBuilder<unknown>) {
  return sql<number>`(select count(*) from likes where likes.target_type = ${type} and likes.target_id in (${targetIds}))`;
}

/** Comments summed over several targets, like `likesCountInSql`. */
export function commentsCountInSql(type: InteractionTarget, targetIds: RawBuilder<unknown>) {
  return sql<number>`(select count(*) from comments where comments.target_type = ${type} and comments.target_id in (${targetIds}))`;
}

/**
 * Removes every like and comment of the given targets; the services call it in the same
 * transaction that deletes the targets, so nothing outlives them.
 */
export async function deleteInteractions(
  db: Executor,
  type: InteractionTarget,
  ids: number[],
): Promise<void> {
  // Chunked: SQLite caps the number of bound parameters of one statement.
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    await db
      .deleteFrom('likes')
      .where('target_type', '=', type)
      .where('target_id', 'in', chunk)
      .execute();
    await db
      .deleteFrom('comments')
      .where('target_type', '=', type)
      .where('target_id', 'in', chunk)
      .execute();
  }
}

/** SQL on `likes` and `comments` for one kind of target. */
export class InteractionsRepository {
  private readonly db: Executor;

  constructor(
    db: Db | Executor,
    private readonly type: InteractionTarget,
  ) {
    this.db = executorOf(db);
  }

  /** Inserts the like; a second like by the same user fails on the unique constraint. */
  async addLike(targetId: number, userId: number, createdAt: string): Promise<void> {
    await this.db
      .insertInto('likes')
      .values({
        target_type: this.type,
        target_id: targetId,
        user_id: userId,
        created_at: createdAt,
      })
      .execute();
  }

  /** Whether a like was there to remove. */
  async removeLike(targetId: number, userId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('likes')
      .where('target_type', '=', this.type)
      .where('target_id', '=', targetId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async countLikes(targetId: number): Promise<number> {
    const row = await this.db
      .selectFrom('likes')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('target_type', '=', this.type)
      .where('target_id', '=', targetId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  private commentsQuery() {
    return this.db
      .selectFrom('comments')
      .innerJoin('users', 'users.id', 'comments.user_id')
      .select([
        'comments.id',
        'comments.user_id',
        'comments.comment_text',
        'comments.created_at',
        'comments.updated_at',
        'users.name as author_name',
        'users.avatar_key as author_avatar_key',
      ])
      .where('comments.target_type', '=', this.type);
  }

  /** One page of a target's comments, newest first, with their authors: one query. */
  listComments(targetId: number, page: number, limit: number): Promise<CommentRow[]> {
    return this.commentsQuery()
      .where('comments.target_id', '=', targetId)
      .orderBy('comments.created_at', 'desc')
      .orderBy('comments.id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute();
  }

  /** The comment `commentId` if it belongs to target `targetId`. */
  findComment(targetId: number, commentId: number): Promise<CommentRow | undefined> {
    return this.commentsQuery()
      .where('comments.target_id', '=', targetId)
      .where('comments.id', '=', commentId)
      .executeTakeFirst();
  }

  async insertComment(
    targetId: number,
    userId: number,
    text: string,
    createdAt: string,
  ): Promise<number> {
    const row = await this.db
      .insertInto('comments')
      .values({
        target_type: this.type,
        target_id: targetId,
        user_id: userId,
        comment_text: text,
        created_at: createdAt,
        updated_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async deleteComment(commentId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('comments')
      .where('id', '=', commentId)
      .where('target_type', '=', this.type)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
