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
 * The user id of a valid session token, or null. Only HS256 is accepted, so `alg: none` and
 * tokens signed with another algorithm fail, as do tampered and expired ones.
 */
export async function verifySession(token: string, secret: Uint8Array): Promise<number | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    return typeof payload.id === 'number' && Number.isInteger(payload.id) ? payload.id : null;
  } catch {
    return null;
  }
}
