import { CLIENT_ERRORS, type MyRemovalRequest } from '@fogata/shared';
import { useQuery } from '@tanstack/react-query';
import { api, request } from './api-client';

/** The member's own removal requests: the gallery marks their hidden photos, the profile lists them. */
export const myRemovalRequestsQueryKey = ['removal-requests', 'mine'] as const;

/** GET /removal-requests/mine: the member's requests and their state. */
export const getMyRemovalRequests = () =>
  request(
    () => api.get<MyRemovalRequest[]>('/removal-requests/mine'),
    CLIENT_ERRORS.removalRequestsList,
  );

export const useMyRemovalRequests = (enabled: boolean) =>
  useQuery({ queryKey: myRemovalRequestsQueryKey, queryFn: getMyRemovalRequests, enabled });
