import type { AuthorizationText } from '@fogata/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';
import { AUTHORIZATION_TEXT_TEXTS as T } from '../texts';
import { activityKeys } from './keys';

/* The autorización's text (versioned), with the group's delegado/a de protección (admins). */

export const useAuthorizationText = (enabled: boolean) =>
  useQuery({
    enabled,
    queryKey: activityKeys.authorizationText,
    queryFn: () =>
      request(() => api.get<AuthorizationText>('/admin/authorization-text'), T.loadFailed),
  });

export const useWriteAuthorizationText = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      request(
        () => api.post<{ version: number }>('/admin/authorization-text', { body }),
        T.saveFailed,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: activityKeys.authorizationText }),
  });
};
