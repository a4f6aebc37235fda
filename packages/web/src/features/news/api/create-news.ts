import { CLIENT_ERRORS, type NewsFormInput, type NewsMutationResult } from '@fogata/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';
import { newsQueryKey } from './get-news-list';

export interface NewNews extends NewsFormInput {
  image: File;
}

/** POST /news, multipart: title, description, content, image. */
export const createNews = ({ title, description, content, image }: NewNews) => {
  const form = new FormData();
  form.append('title', title);
  form.append('description', description);
  form.append('content', content);
  form.append('image', image);
  return request(() => api.post<NewsMutationResult>('/news', form), CLIENT_ERRORS.newsCreate);
};

export const useCreateNews = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNews,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: newsQueryKey }),
  });
};
