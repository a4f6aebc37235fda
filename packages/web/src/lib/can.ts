import { type Capability, can } from '@fogata/shared';
import { useAuth } from './auth';

/** Whether the current session (or an anonymous visitor) holds `capability` (SPEC §6). */
export function useCan(capability: Capability): boolean {
  const { user } = useAuth();
  return can(user?.role ?? null, capability);
}
