import { CLIENT_ERRORS, type DigestFrequency, type Profile } from '@fogata/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';
import { profileQueryKey } from '../../../lib/auth/get-me';

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
