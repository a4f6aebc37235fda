import { CLIENT_ERRORS, type RemovalAction, type RemovalRequest } from '@fogata/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';

export const removalRequestsQueryKey = ['removal-requests', 'all'] as const;

/** GET /removal-requests: every request, newest first (scouters and admins). */
export const getRemovalRequests = () =>
  request(() => api.get<RemovalRequest[]>('/removal-requests'), CLIENT_ERRORS.removalRequestsList);

export const useRemovalRequests = () =>
  useQuery({ queryKey: removalRequestsQueryKey, queryFn: getRemovalRequests });

/** POST /removal-requests/{id}/resolve: delete the photo, keep it hidden or show it again. */
export const resolveRemovalRequest = ({
  id,
  action,
  note,
}: {
  id: number;
  action: RemovalAction;
  note: string;
}) =>
  request(
    () =>
      api.post<{ message: string; request: RemovalRequest }>(`/removal-requests/${id}/resolve`, {
        action,
        note,
      }),
    CLIENT_ERRORS.removalResolve(id),
  );

export const useResolveRemovalRequest = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveRemovalRequest,
    // The photo's album changes too (a photo back, or gone).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: removalRequestsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['albums'] }),
        queryClient.invalidateQueries({ queryKey: ['photos'] }),
      ]),
  });
};
