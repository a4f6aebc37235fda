import { CLIENT_ERRORS, type User } from '@fogata/shared';
import { useQuery } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';

export const usersQueryKey = ['admin', 'users'] as const;

/** GET /admin/users: every registered user. */
export const getUsers = () =>
  request(() => api.get<User[]>('/admin/users'), CLIENT_ERRORS.usersList);

export const useUsers = () => useQuery({ queryKey: usersQueryKey, queryFn: getUsers });
