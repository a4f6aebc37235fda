import { CLIENT_ERRORS } from '@fogata/shared';
import { createInteractionsApi } from '../../../lib/interactions-api';

/** Likes and comments of news item `id`, with the news messages of SPEC §8. */
export const newsInteractions = (id: number) =>
  createInteractionsApi('/news', id, {
    like: CLIENT_ERRORS.newsLike(id),
    unlike: CLIENT_ERRORS.newsUnlike(id),
    commentsGet: CLIENT_ERRORS.commentsGet(`la noticia ${id}`),
    commentAdd: CLIENT_ERRORS.commentAdd(`la noticia ${id}`),
    commentDelete: (commentId) => CLIENT_ERRORS.commentDelete(commentId),
  });
