import type { ActivityStatus } from '@fogata/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';
import { ACTIVITY_FORM_TEXTS as F, TOOLBAR_TEXTS as T } from '../texts';
import type { ActivityBody, ManagedActivity } from '../types';
import { activityKeys } from './keys';

/* An activity as its managers write it: read, create, edit, change its state, delete a draft. */

export const useManagedActivity = (id: number | null) =>
  useQuery({
    queryKey: activityKeys.one(id ?? 0),
    queryFn: () => request(() => api.get<ManagedActivity>(`/activities/${id}`), F.loadFailed),
    enabled: id !== null,
  });

/** GET /activities/people-in-charge: the scouters and admins who may be in charge. */
export const usePeopleInCharge = () =>
  useQuery({
    queryKey: activityKeys.peopleInCharge,
    queryFn: () =>
      request(
        () => api.get<{ id: number; name: string }[]>('/activities/people-in-charge'),
        F.inChargeFailed,
      ),
  });

/** Creates (no id) or edits an activity; the lists and pages under 'activities' refresh. */
export const useSaveActivity = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ActivityBody }) =>
      request(
        () =>
          id === null
            ? api.post<ManagedActivity>('/activities', body)
            : api.put<ManagedActivity>(`/activities/${id}`, body),
        F.saveFailed,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: activityKeys.all }),
  });
};

export type StatusChange = Exclude<ActivityStatus, 'borrador'>;

export const useChangeStatus = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: StatusChange) =>
      request(() => api.post<ManagedActivity>(`/activities/${id}/status`, { status }), T.failed),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: activityKeys.all }),
  });
};

export const useDeleteActivity = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request(() => api.delete(`/activities/${id}`), T.deleteFailed),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: ['activities', id] });
      return queryClient.invalidateQueries({ queryKey: activityKeys.all });
    },
  });
};
