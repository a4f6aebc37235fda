import {
  type ChildHealth,
  CLIENT_ERRORS,
  type HealthReadsPage,
  type HealthRecord,
  type HealthRecordInput,
  type OwnChild,
} from '@fogata/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';
import { childHealthQueryKey } from '../../../lib/child-health-api';
import { HEALTH_TEXTS as T } from '../texts';

/** The account's children, under the key 'Mis educandos' fills (so the name is there at once). */
export const useOwnChildren = () =>
  useQuery({
    queryKey: ['profile', 'children'],
    queryFn: () =>
      request(() => api.get<OwnChild[]>('/profile/children'), CLIENT_ERRORS.ownChildren),
  });

/** PUT /children/{id}/health: the whole ficha; saving it counts as confirming it. */
export const useSaveHealth = (childId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: HealthRecordInput) =>
      request(() => api.put<HealthRecord>(`/children/${childId}/health`, input), T.saveFailed),
    onSuccess: (record) => {
      queryClient.setQueryData(childHealthQueryKey(childId), {
        record,
        confirm_due: false,
      } satisfies ChildHealth);
      return queryClient.invalidateQueries({ queryKey: ['activities'] });
    },
  });
};

/** GET /children/{id}/health/reads?page=N: who has read the ficha, newest first. */
export const useHealthReads = (childId: number, page: number) =>
  useQuery({
    queryKey: ['child-health', childId, 'reads', page],
    queryFn: () =>
      request(
        () => api.get<HealthReadsPage>(`/children/${childId}/health/reads`, { params: { page } }),
        T.readsFailed,
      ),
    placeholderData: keepPreviousData,
  });
