import { CLIENT_ERRORS, type NewsFormInput, type NewsMutationResult } from '@fogata/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';
import { newsQueryKey } from './get-news-list';

export interface NewsChanges extends NewsFormInput {
  id: number;
  /** Only when the image is replaced. */
  image?: File | null;
}

/** PUT /news/{id}, multipart: title, description, content, optional image. */
export const updateNews = ({ id, title, description, content, image }: NewsChanges) => {
  const form = new FormData();
  form.append('title', title);
  form.append('description', description);
  form.append('content', content);
  if (image) form.append('image', image);
  return request(
    () => api.put<NewsMutationResult>(`/news/${id}`, form),
    CLIENT_ERRORS.newsUpdate(id),
  );
};

export const useUpdateNews = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNews,
    // The list, the item's page and the landing's highlights.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: newsQueryKey }),
  });
};
