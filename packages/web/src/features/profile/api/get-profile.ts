import { useQuery } from '@tanstack/react-query';
import { getMe, profileQueryKey } from '../../../lib/auth/get-me';

/** GET /profile/me. */
export const useProfile = (enabled = true) =>
  useQuery({ queryKey: profileQueryKey, queryFn: getMe, enabled });
