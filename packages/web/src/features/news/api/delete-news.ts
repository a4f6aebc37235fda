import { CLIENT_ERRORS } from '@fogata/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';
import { newsListQueryKey, newsQueryKey } from './get-news-list';

/** DELETE /news/{id}: the item, its likes, comments and image files. */
export const deleteNews = (id: number) =>
  request(() => api.delete<{ message: string }>(`/news/${id}`), CLIENT_ERRORS.newsDelete(id));

export const useDeleteNews = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNews,
    // The list reloads now; the rest (the deleted item's page, the landing) when next shown, so
    // the page being left does not ask for an item that no longer exists.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: newsListQueryKey }),
        queryClient.invalidateQueries({ queryKey: newsQueryKey, refetchType: 'none' }),
      ]),
  });
};
