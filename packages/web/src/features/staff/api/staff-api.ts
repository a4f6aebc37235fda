import type { ActivityStaff } from '@fogata/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';
import { STAFF_TEXTS as T } from '../texts';

/*
 * An activity's staff. Under the activity's own key prefix, so a change here refreshes its board
 * (which carries the staff too) and its page.
 */

export const staffQueryKey = (activityId: number) => ['activities', activityId, 'staff'] as const;

/** GET /activities/{id}/staff; `initial`: what the board already brought. */
export const useStaff = (activityId: number, initial?: ActivityStaff) =>
  useQuery({
    queryKey: staffQueryKey(activityId),
    queryFn: () =>
      request(() => api.get<ActivityStaff>(`/activities/${activityId}/staff`), T.loadFailed),
    initialData: initial,
    // What the board brought is as fresh as a read now; a change here sets the answer itself.
    staleTime: 30_000,
  });

/** POST (`add`) or DELETE (`remove`) one adult of the staff; the answer is the staff after it. */
export const useChangeStaff = (activityId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, change }: { userId: number; change: 'add' | 'remove' }) =>
      request(
        () =>
          change === 'add'
            ? api.post<ActivityStaff>(`/activities/${activityId}/staff`, { user_id: userId })
            : api.delete<ActivityStaff>(`/activities/${activityId}/staff/${userId}`),
        T.saveFailed,
      ),
    onSuccess: (staff) => {
      queryClient.setQueryData(staffQueryKey(activityId), staff);
      return queryClient.invalidateQueries({ queryKey: ['activities', activityId, 'board'] });
    },
  });
};

/** The scouters and admins a manager may add (the same list as the person in charge's). */
export const usePeople = (enabled: boolean) =>
  useQuery({
    queryKey: ['activities', 'people-in-charge'],
    queryFn: () =>
      request(
        () => api.get<{ id: number; name: string }[]>('/activities/people-in-charge'),
        T.peopleFailed,
      ),
    enabled,
  });
