import { type Capability, can } from '@fogata/shared';
import { useAuth } from './auth';

/** Whether the session (or an anonymous visitor) holds `capability` in the shared permissions. */
export function useCan(capability: Capability): boolean {
  const { user } = useAuth();
  return can(user?.role ?? null, capability);
}
