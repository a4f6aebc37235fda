import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { MSG } from '../messages.js';
import { pageField, queryInteger, storedText } from './common.js';

/** A comment's text: trimmed, 1–500 characters. */
export const commentBodySchema = z.object({
  comment_text: storedText(
    z
      .string({ error: MSG.commentEmpty })
      .trim()
      .min(1, { error: MSG.commentEmpty })
      .max(LIMITS.commentMax, { error: MSG.commentTooLong }),
    MSG.commentEmpty,
  ),
});
export type CommentBody = z.infer<typeof commentBodySchema>;

export const commentSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  author_name: z.string(),
  author_avatar: z.string().nullable(),
  comment_text: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  can_delete: z.boolean(),
});
export type Comment = z.infer<typeof commentSchema>;

export const likeResultSchema = z.object({
  likeCount: z.number().int(),
  userHasLiked: z.boolean(),
});
export type LikeResult = z.infer<typeof likeResultSchema>;

/**
 * GET …/comments query, newest first: page ≥ 1 (default 1), limit ≥ 1 (default 10), a limit over
 * the maximum lowered to it rather than refused.
 */
export const commentsQuerySchema = z.object({
  page: pageField.default(1),
  limit: queryInteger(1, Number.MAX_SAFE_INTEGER, MSG.commentsLimitInvalid)
    .default(LIMITS.commentsDefaultLimit)
    .transform((n) => Math.min(n, LIMITS.commentsMaxLimit)),
});
export type CommentsQuery = z.infer<typeof commentsQuerySchema>;
