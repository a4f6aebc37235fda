import { useQuery } from '@tanstack/react-query';
import { getMe } from '../../../lib/auth/get-me';

export const profileQueryKey = ['profile', 'me'] as const;

/** GET /profile/me. */
export const useProfile = (enabled = true) =>
  useQuery({ queryKey: profileQueryKey, queryFn: getMe, enabled });
