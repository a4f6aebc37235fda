import {
  AUDIT_TOTAL_HEADER,
  CHILDREN_PAGE_SIZE,
  type Child,
  type ChildCreateInput,
  type ChildDetail,
  type ChildMutationResult,
  type ChildStatus,
  type ChildUpdateInput,
  CLIENT_ERRORS,
  type Guardian,
  type PromotionApplyInput,
  type PromotionProposal,
  type PromotionResult,
  type SectionCreateInput,
  type SectionMutationResult,
  type SectionScouter,
  type SectionUpdateInput,
  type User,
} from '@fogata/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request, toApiError } from '../../../lib/api-client';

/*
 * The calls of the sections, children and paso de sección screens . Every change
 * refetches what it touches: the sections (and the who-we-are page's), the children's pages.
 */

const sectionsKey = ['sections'] as const;
const childrenKey = ['admin', 'children'] as const;

// Sections

export const useSaveSection = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: SectionCreateInput | SectionUpdateInput }) =>
      request(
        () =>
          id === undefined
            ? api.post<SectionMutationResult>('/sections', input)
            : api.put<SectionMutationResult>(`/sections/${id}`, input),
        CLIENT_ERRORS.sectionSave,
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sectionsKey }),
        queryClient.invalidateQueries({ queryKey: childrenKey }),
      ]),
  });
};

const scoutersKey = (id: number) => ['sections', id, 'scouters'] as const;

export const useSectionScouters = (id: number) =>
  useQuery({
    queryKey: scoutersKey(id),
    queryFn: () =>
      request(
        () => api.get<SectionScouter[]>(`/sections/${id}/scouters`),
        CLIENT_ERRORS.sectionScouters,
      ),
  });

export const useSetScouters = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, userIds }: { id: number; userIds: number[] }) =>
      request(
        () =>
          api.put<{ message: string; scouters: SectionScouter[] }>(`/sections/${id}/scouters`, {
            user_ids: userIds,
          }),
        CLIENT_ERRORS.sectionScouters,
      ),
    onSuccess: (result, { id }) => queryClient.setQueryData(scoutersKey(id), result.scouters),
  });
};

/** The accounts whose role is scouter, for the scouters' picker (the admin's list of users). */
export const useScouterAccounts = (enabled: boolean) =>
  useQuery({
    queryKey: ['admin', 'users'],
    queryFn: () => request(() => api.get<User[]>('/admin/users'), CLIENT_ERRORS.usersList),
    enabled,
    select: (users) => users.filter((u) => u.role === 'scouter'),
  });

// Children

export interface ChildrenFilter {
  q: string;
  section: number | null;
  status: ChildStatus;
  page: number;
}

export interface ChildrenPage {
  children: Child[];
  total: number;
}

/** GET /children: one page of the children the viewer manages, and the total. */
export async function getChildren(filter: ChildrenFilter): Promise<ChildrenPage> {
  try {
    const response = await api.get<Child[]>('/children', {
      params: {
        q: filter.q.trim() || undefined,
        section: filter.section ?? undefined,
        status: filter.status,
        page: filter.page,
        limit: CHILDREN_PAGE_SIZE,
      },
    });
    return { children: response.data, total: Number(response.headers[AUDIT_TOTAL_HEADER] ?? 0) };
  } catch (error) {
    throw toApiError(error, CLIENT_ERRORS.childrenList);
  }
}

/** A page of children; the previous page stays on screen while the next one loads. */
export const useChildren = (filter: ChildrenFilter) =>
  useQuery({
    queryKey: [...childrenKey, filter],
    queryFn: () => getChildren(filter),
    placeholderData: keepPreviousData,
  });

export const useChildDetail = (id: number | null) =>
  useQuery({
    queryKey: [...childrenKey, 'detail', id],
    queryFn: () =>
      request(() => api.get<ChildDetail>(`/children/${id}`), CLIENT_ERRORS.childrenList),
    enabled: id !== null,
  });

export const useSaveChild = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: ChildCreateInput | ChildUpdateInput }) =>
      request(
        () =>
          id === undefined
            ? api.post<ChildMutationResult>('/children', input)
            : api.put<ChildMutationResult>(`/children/${id}`, input),
        CLIENT_ERRORS.childSave,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: childrenKey }),
  });
};

export const useGuardianLink = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ childId, userId, link }: { childId: number; userId: number; link: boolean }) =>
      request(
        () =>
          link
            ? api.put<ChildMutationResult>(`/children/${childId}/guardians/${userId}`)
            : api.delete<ChildMutationResult>(`/children/${childId}/guardians/${userId}`),
        CLIENT_ERRORS.guardianLink,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: childrenKey }),
  });
};

/** GET /children/accounts: accounts to link (admins: by name or e-mail; scouters: exact e-mail). */
export const useAccountSearch = (q: string) =>
  useQuery({
    queryKey: ['admin', 'accounts', q],
    queryFn: () =>
      request(
        () => api.get<Guardian[]>('/children/accounts', { params: { q } }),
        CLIENT_ERRORS.accountsSearch,
      ),
    enabled: q.trim().length >= 2,
  });

// Paso de sección

export const usePromotion = (date: string) =>
  useQuery({
    queryKey: ['admin', 'promotion', date],
    queryFn: () =>
      request(
        () =>
          api.get<PromotionProposal>('/children/promotion', {
            params: date ? { date } : undefined,
          }),
        CLIENT_ERRORS.promotionGet,
      ),
  });

export const useApplyPromotion = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PromotionApplyInput) =>
      request(
        () => api.post<PromotionResult>('/children/promotion', input),
        CLIENT_ERRORS.promotionApply,
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin', 'promotion'] }),
        queryClient.invalidateQueries({ queryKey: childrenKey }),
      ]),
  });
};
