import type { LikeResult } from '@fogata/shared';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';

interface Countable {
  likes_count: number;
  user_has_liked: boolean;
  comments_count: number;
}

/**
 * The like and comment counts of an item on its detail page: they change in the cached
 * item at once — the like to the server's answer, the comments by one each way and never below
 * 0 — and the list under `listKey` is marked stale, to learn them when it is next shown.
 */
export function useInteractionCounts<T extends Countable>(itemKey: QueryKey, listKey: QueryKey) {
  const queryClient = useQueryClient();
  const patch = (change: (item: T) => T) => {
    queryClient.setQueryData<T>(itemKey, (item) => item && change(item));
    void queryClient.invalidateQueries({ queryKey: listKey, refetchType: 'none' });
  };
  return {
    onLiked: (result: LikeResult) =>
      patch((item) => ({
        ...item,
        likes_count: result.likeCount,
        user_has_liked: result.userHasLiked,
      })),
    moveComments: (by: 1 | -1) =>
      patch((item) => ({ ...item, comments_count: Math.max(0, item.comments_count + by) })),
  };
}
