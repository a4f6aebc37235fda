import { CLIENT_ERRORS, LIMITS, type NewsSummary } from '@fogata/shared';
import { useQuery } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';
import { pageData } from '../../../lib/page-data';

// Under 'news', so whatever changes the news (create, edit, delete) refreshes the landing too.
export const highlightedNewsQueryKey = ['news', 'highlighted'] as const;

/** GET /news?limit=3: the newest news items for 'Lo Más Destacado'. */
export const getHighlightedNews = () =>
  request(
    () => api.get<NewsSummary[]>(`/news?limit=${LIMITS.landingNews}`),
    CLIENT_ERRORS.newsList,
  );

export const useHighlightedNews = () =>
  useQuery({
    queryKey: highlightedNewsQueryKey,
    queryFn: getHighlightedNews,
    initialData: () => pageData<NewsSummary[]>(`/news?limit=${LIMITS.landingNews}`),
  });
