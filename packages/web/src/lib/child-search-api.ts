import type { Child } from '@fogata/shared';
import { useQuery } from '@tanstack/react-query';
import { CHILD_PICKER_TEXTS } from './admin-texts';
import { api, request } from './api-client';

/*
 * The child picker's calls (the invite form's children, decision 050, and the image ledger's
 * filter), through the children API: GET /children?q&limit (the search) and GET /children/{id}
 * (the child the link `/admin/invitations?educando={id}` preselects).
 */

/** How many children one search shows. */
export const CHILD_SEARCH_LIMIT = 10;

export const searchChildren = (q: string) =>
  request(
    () => api.get<Child[]>('/children', { params: { q, limit: CHILD_SEARCH_LIMIT } }),
    CHILD_PICKER_TEXTS.failed,
  );

export const getChild = (id: number) =>
  request(() => api.get<Child>(`/children/${id}`), CHILD_PICKER_TEXTS.preselectFailed);

/** The children whose name matches `q`; nothing is asked before a letter is typed. */
export const useChildSearch = (q: string) =>
  useQuery({
    queryKey: ['admin', 'invite-children', q],
    queryFn: () => searchChildren(q),
    enabled: q.length > 0,
    staleTime: 30_000,
    retry: false,
  });

/** The child a link asks to preselect, if any. */
export const usePreselectedChild = (id: number | null) =>
  useQuery({
    queryKey: ['admin', 'invite-child', id],
    queryFn: () => getChild(id as number),
    enabled: id !== null,
    retry: false,
  });
