import { CLIENT_ERRORS, type NewsSummary } from '@fogata/shared';
import { useQuery } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';
import { pageData } from '../../../lib/page-data';

/** Every news query lives under this key, so a change refreshes the list, the details and the landing. */
export const newsQueryKey = ['news'] as const;
export const newsListQueryKey = [...newsQueryKey, 'list'] as const;

/** GET /news: every news item without its full text, newest first. */
export const getNewsList = () =>
  request(() => api.get<NewsSummary[]>('/news'), CLIENT_ERRORS.newsList);

export const useNewsList = () =>
  useQuery({
    queryKey: newsListQueryKey,
    queryFn: getNewsList,
    initialData: () => pageData<NewsSummary[]>('/news'),
  });
