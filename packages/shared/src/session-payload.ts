import { ROLES, type Role } from './limits.js';

/** A session token's payload as the browser reads it (kept free of zod: it is on the first load). */
export interface SessionPayloadShape {
  id: number;
  email: string;
  role: Role;
  name: string;
  iat: number;
  exp: number;
}

/**
 * Whether `value` has the shape of `sessionPayloadSchema` (schemas/user.ts), without zod: the web
 * app reads the stored token before anything else, and zod would weigh on the first load.
 * The two agree (schemas.test.ts).
 */
export function isSessionPayload(value: unknown): value is SessionPayloadShape {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'number' &&
    Number.isSafeInteger(v.id) &&
    typeof v.email === 'string' &&
    typeof v.name === 'string' &&
    ROLES.includes(v.role as Role) &&
    typeof v.iat === 'number' &&
    Number.isFinite(v.iat) &&
    typeof v.exp === 'number' &&
    Number.isFinite(v.exp)
  );
}
