import { CLIENT_ERRORS } from '@fogata/shared';
import { createInteractionsApi } from '../../../lib/interactions-api';

/** Likes and comments of photo `id`, with the photo's error messages. */
export const photoInteractions = (id: number) =>
  createInteractionsApi('/photos', id, {
    like: CLIENT_ERRORS.photoLike(id),
    unlike: CLIENT_ERRORS.photoUnlike(id),
    commentsGet: CLIENT_ERRORS.commentsGet(`la foto ${id}`),
    commentAdd: CLIENT_ERRORS.commentAdd(`la foto ${id}`),
    commentDelete: (commentId) => CLIENT_ERRORS.commentDelete(commentId),
  });
