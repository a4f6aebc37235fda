import type { Role } from '@fogata/shared';
import { jwtVerify, SignJWT } from 'jose';

export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;

export interface SessionClaims {
  id: number;
  email: string;
  role: Role;
  name: string;
}

/** Signs a session token (HS256) carrying `{ id, email, role, name, iat, exp }`. */
export async function signSession(claims: SessionClaims, secret: Uint8Array): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + SESSION_TTL_SECONDS)
    .sign(secret);
}

/**
 * The user id and issue time (seconds) of a valid session token, or null. Only HS256 is accepted,
 * so `alg: none` and tokens signed with another algorithm fail, as do tampered and expired ones.
 */
export async function verifySession(
  token: string,
  secret: Uint8Array,
): Promise<{ id: number; iat: number } | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    if (typeof payload.id !== 'number' || !Number.isInteger(payload.id)) return null;
    if (typeof payload.iat !== 'number') return null;
    return { id: payload.id, iat: payload.iat };
  } catch {
    return null;
  }
}

/** Whether a session issued at `iat` (seconds) predates the user's last password reset. */
export function issuedBeforePasswordChange(iat: number, passwordChangedAt: string | null): boolean {
  if (!passwordChangedAt) return false;
  // Whole seconds, as `iat` has them: a login in the same second as the reset still counts.
  return iat < Math.floor(Date.parse(passwordChangedAt) / 1000);
}
