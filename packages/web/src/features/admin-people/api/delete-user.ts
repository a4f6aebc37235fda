import { CLIENT_ERRORS } from '@fogata/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';
import { usersQueryKey } from './get-users';

/** DELETE /admin/users/{id}. */
export const deleteUser = (id: number) =>
  request(
    () => api.delete<{ message: string }>(`/admin/users/${id}`),
    CLIENT_ERRORS.userDelete(id),
  );

export const useDeleteUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
};
