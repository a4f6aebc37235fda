import {
  type Comment,
  type CommentsQuery,
  canDeleteComment,
  type LikeResult,
  SERVER_ERRORS,
  SERVER_SUCCESS,
} from '@fogata/shared';
import { Access } from '../../access/access.js';
import type { AppContext } from '../../context.js';
import type { InteractionTarget } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { nowIso } from '../../lib/tokens.js';
import { mediaUrlOf } from '../../media/media-urls.js';
import type { UserRow } from '../users/users.repository.js';
import { type CommentRow, InteractionsRepository } from './interactions.repository.js';

/** What the interactions need to know about the kind of content they attach to. */
export interface InteractionTargetOptions {
  targetType: InteractionTarget;
  /**
   * Whether the target `id` exists for `viewer` (one cheap query): a photo a member may not see
   * (hidden, or in a draft album) does not.
   */
  targetExists(id: number, viewer: UserRow | null): Promise<boolean>;
  /** The 404 message when it does not (e.g. 'Foto no encontrada.'). */
  notFoundMessage: string;
}

/** The first word of a name ("Laura Gómez" → "Laura"). */
function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

/** Likes and comments on one kind of content: photos now, news and experiences next. */
export class InteractionsService {
  constructor(
    private readonly ctx: AppContext,
    private readonly target: InteractionTargetOptions,
  ) {}

  private repo() {
    return new InteractionsRepository(this.ctx.db, this.target.targetType);
  }

  private async assertTarget(id: number, viewer: UserRow | null): Promise<void> {
    if (!(await this.target.targetExists(id, viewer))) {
      throw new AppError(404, this.target.notFoundMessage);
    }
  }

  /**
   * A comment as `viewer` may see it. An anonymous visitor (news and experiences are public) sees
   * the author's first name only and no picture: the members are a youth group's families and
   * scouts, and the open web needs no more to follow a conversation (decision 012).
   */
  private toComment(row: CommentRow, viewer: UserRow | null): Comment {
    const member = viewer !== null;
    return {
      id: row.id,
      user_id: row.user_id,
      author_name: member ? row.author_name : firstName(row.author_name),
      author_avatar: member ? mediaUrlOf(this.ctx.mediaUrls, row.author_avatar_key) : null,
      comment_text: row.comment_text,
      created_at: row.created_at,
      updated_at: row.updated_at,
      can_delete: canDeleteComment(viewer?.role ?? null, viewer?.id, row.user_id),
    };
  }

  /** Likes the target; a second like is a 409, even when two arrive at once. */
  async like(user: UserRow, id: number): Promise<LikeResult> {
    await this.assertTarget(id, user);
    const repo = this.repo();
    try {
      await repo.addLike(id, user.id, nowIso());
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(409, SERVER_ERRORS.likeExists);
      throw err;
    }
    return { likeCount: await repo.countLikes(id), userHasLiked: true };
  }

  /** Removes the user's like; none to remove is a 404. */
  async unlike(user: UserRow, id: number): Promise<LikeResult> {
    await this.assertTarget(id, user);
    const repo = this.repo();
    if (!(await repo.removeLike(id, user.id))) {
      throw new AppError(404, SERVER_ERRORS.likeMissing);
    }
    return { likeCount: await repo.countLikes(id), userHasLiked: false };
  }

  /** A page of comments, newest first, each saying whether `viewer` may delete it. */
  async comments(viewer: UserRow | null, id: number, query: CommentsQuery): Promise<Comment[]> {
    await this.assertTarget(id, viewer);
    const rows = await this.repo().listComments(id, query.page, query.limit);
    return rows.map((row) => this.toComment(row, viewer));
  }

  async addComment(user: UserRow, id: number, text: string): Promise<Comment> {
    await this.assertTarget(id, user);
    const repo = this.repo();
    const commentId = await repo.insertComment(id, user.id, text, nowIso());
    const row = await repo.findComment(id, commentId);
    if (!row) throw new AppError(404, SERVER_ERRORS.commentNotFound);
    return this.toComment(row, user);
  }

  /** Deletes a comment of this target: its author, a scouter or an admin (else 403). */
  async deleteComment(user: UserRow, id: number, commentId: number): Promise<{ message: string }> {
    await this.assertTarget(id, user);
    const repo = this.repo();
    const row = await repo.findComment(id, commentId);
    if (!row) throw new AppError(404, SERVER_ERRORS.commentNotFound);
    await new Access(this.ctx).require(user, 'comment.delete', commentId);
    await repo.deleteComment(commentId);
    return { message: SERVER_SUCCESS.commentDeleted };
  }
}
