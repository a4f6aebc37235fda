import { CLIENT_ERRORS, type Role, type User } from '@fogata/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';
import { usersQueryKey } from './get-users';

/** PUT /admin/users/{id}/role: returns the updated user. */
export const updateUserRole = ({ id, role }: { id: number; role: Role }) =>
  request(() => api.put<User>(`/admin/users/${id}/role`, { role }), CLIENT_ERRORS.userRole(id));

export const useUpdateUserRole = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserRole,
    onSuccess: (updated) => {
      // Show the new role at once; the refetch confirms it.
      queryClient.setQueryData<User[]>(usersQueryKey, (users) =>
        users?.map((u) => (u.id === updated.id ? { ...u, ...updated } : u)),
      );
      return queryClient.invalidateQueries({ queryKey: usersQueryKey });
    },
  });
};
