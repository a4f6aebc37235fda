import { CLIENT_ERRORS, type DigestFrequency, type Profile } from '@fogata/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';
import { profileQueryKey } from '../../profile/api/get-profile';
import { DIGEST_TEXTS } from '../texts';

/** PUT /profile/me with only the digest choice. */
export const updateDigest = (digest: DigestFrequency) =>
  request(
    () => api.put<{ message: string; user: Profile }>('/profile/me', { digest }),
    CLIENT_ERRORS.profileUpdate,
  );

export const useUpdateDigest = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDigest,
    onSuccess: ({ user }) => queryClient.setQueryData(profileQueryKey, user),
  });
};

/** POST /digest/unsubscribe?token=…: the digest's unsubscribe link, no session needed. */
export const unsubscribe = (token: string) =>
  request(
    () => api.post<{ message: string }>('/digest/unsubscribe', undefined, { params: { token } }),
    DIGEST_TEXTS.unsubscribeFailed,
  );

export const useUnsubscribe = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unsubscribe,
    // A signed-in member's 'Editar Perfil' must read 'Nunca' from now on.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
};
