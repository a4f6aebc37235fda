import { CLIENT_ERRORS, type OwnChild } from '@fogata/shared';
import { useQuery } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';

export const ownChildrenQueryKey = ['profile', 'children'] as const;

/** GET /profile/children: the signed-in account's active children, with their section. */
export const getOwnChildren = () =>
  request(() => api.get<OwnChild[]>('/profile/children'), CLIENT_ERRORS.ownChildren);

export const useOwnChildren = (enabled: boolean) =>
  useQuery({ queryKey: ownChildrenQueryKey, queryFn: getOwnChildren, enabled });
