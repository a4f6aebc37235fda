import { CLIENT_ERRORS } from '@fogata/shared';
import { createInteractionsApi } from '../../../lib/interactions-api';

/** Likes and comments of experience `id`, with the experience messages of SPEC §8. */
export const experienceInteractions = (id: number) =>
  createInteractionsApi('/experiences', id, {
    like: CLIENT_ERRORS.experienceLike(id),
    unlike: CLIENT_ERRORS.experienceUnlike(id),
    commentsGet: CLIENT_ERRORS.commentsGet(`la experiencia ${id}`),
    commentAdd: CLIENT_ERRORS.commentAdd(`la experiencia ${id}`),
    commentDelete: (commentId) => CLIENT_ERRORS.commentDelete(commentId),
  });
