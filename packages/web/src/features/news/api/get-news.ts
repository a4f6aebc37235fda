import { CLIENT_ERRORS, type News } from '@fogata/shared';
import { useQuery } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';
import { pageData } from '../../../lib/page-data';
import { newsQueryKey } from './get-news-list';

export const newsItemQueryKey = (id: number) => [...newsQueryKey, 'item', id] as const;

/** GET /news/{id}; a 404 carries 'Noticia no encontrada'. */
export const getNews = (id: number) =>
  request(() => api.get<News>(`/news/${id}`), CLIENT_ERRORS.newsGet(id));

export const useNews = (id: number) =>
  useQuery({
    queryKey: newsItemQueryKey(id),
    queryFn: () => getNews(id),
    initialData: () => pageData<News>(`/news/${id}`),
  });
