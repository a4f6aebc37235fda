import { CLIENT_ERRORS, type User } from '@fogata/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';
import { profileQueryKey } from '../../../lib/auth/get-me';

export interface ProfileChanges {
  name?: string;
  avatar?: File;
}

/** PUT /profile/me, multipart: only what changed. */
export const updateProfile = ({ name, avatar }: ProfileChanges) => {
  const form = new FormData();
  if (name !== undefined) form.append('name', name);
  if (avatar) form.append('avatar', avatar);
  return request(
    () => api.put<{ message: string; user: User }>('/profile/me', form),
    CLIENT_ERRORS.profileUpdate,
  );
};

export const useUpdateProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(profileQueryKey, user);
      // The users table shows names and avatars too.
      void queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
    },
  });
};
