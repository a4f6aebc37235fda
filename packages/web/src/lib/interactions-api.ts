import { type Comment, firstCommentsPath, LIMITS, type LikeResult } from '@fogata/shared';
import { api, request, toApiError } from './api-client';
import { pageData } from './page-data';

/** The default error messages of one kind of content (photo, news item, experience). */
export interface InteractionErrors {
  like: string;
  unlike: string;
  commentsGet: string;
  commentAdd: string;
  commentDelete: (commentId: number) => string;
}

/**
 * Likes and comments of one item, whatever it is: the generic like button and comments section
 * talk to this and never know whether they sit under a photo, a news item or an experience.
 */
export interface InteractionsApi {
  /** The query key prefix of this item's interactions (comments live under it). */
  queryKey: readonly unknown[];
  like: () => Promise<LikeResult>;
  unlike: () => Promise<LikeResult>;
  /** One page of comments, newest first. */
  getComments: (page: number, limit?: number) => Promise<Comment[]>;
  /** The first page of comments when the server's render of the page read it (lib/page-data). */
  firstComments?: () => Comment[] | undefined;
  addComment: (text: string) => Promise<Comment>;
  deleteComment: (commentId: number) => Promise<{ message: string }>;
}

/**
 * The like and comment calls for `${basePath}/${id}/like` and `${basePath}/${id}/comments`, e.g.
 * basePath '/photos'. Failures carry the server's message or the given defaults.
 */
export function createInteractionsApi(
  basePath: string,
  id: number,
  errors: InteractionErrors,
): InteractionsApi {
  const base = `${basePath}/${id}`;
  return {
    queryKey: ['interactions', basePath, id],
    like: () => request(() => api.post<LikeResult>(`${base}/like`), errors.like),
    unlike: () => request(() => api.delete<LikeResult>(`${base}/like`), errors.unlike),
    getComments: (page, limit = LIMITS.commentsPageSize) =>
      request(
        () => api.get<Comment[]>(`${base}/comments`, { params: { page, limit } }),
        errors.commentsGet,
      ),
    firstComments: () => pageData<Comment[]>(firstCommentsPath(base)),
    addComment: async (text) => {
      try {
        const response = await api.post<Comment>(`${base}/comments`, { comment_text: text });
        return response.data;
      } catch (error) {
        // The server's validation errors are appended as details, so the user sees what to fix.
        const failure = toApiError(error, errors.commentAdd);
        const details = failure.fieldErrors
          .map((e) => e.message)
          .filter((m) => m && !failure.message.includes(m));
        if (details.length) failure.message = `${failure.message} ${details.join(' ')}`;
        throw failure;
      }
    },
    deleteComment: (commentId) =>
      request(
        () => api.delete<{ message: string }>(`${base}/comments/${commentId}`),
        errors.commentDelete(commentId),
      ),
  };
}
