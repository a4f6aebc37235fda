import { createHmac, timingSafeEqual, webcrypto } from 'node:crypto';
import type { Role } from '@fogata/shared';
import { jwtVerify, SignJWT } from 'jose';

export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;

/** The user's password as a session must match it: the stored hash and when it last changed. */
export interface PasswordState {
  password_hash: string | null;
  password_changed_at: string | null;
}

/** Whom a session is signed for: the user's row as the database has it at signing time. */
export interface SessionSubject extends PasswordState {
  id: number;
  email: string;
  role: Role;
  name: string;
}

/** A verified session token: its user, issue time (seconds) and password stamp (null if old). */
export interface VerifiedSession {
  id: number;
  iat: number;
  pv: string | null;
}

/**
 * The password stamp a session carries as `pv`: an HMAC, under the session secret, of the user's
 * password hash and password_changed_at. Every password change writes a new hash (a fresh salt)
 * and a new time, so a session signed before it stops matching at once, whatever the clocks of
 * the instances say and even within the same second. Keyed, so the token tells nothing about
 * the hash.
 */
export function passwordStamp(user: PasswordState, secret: Uint8Array): string {
  return createHmac('sha256', secret)
    .update(`session-password\n${user.password_changed_at ?? ''}\n${user.password_hash ?? ''}`)
    .digest('base64url')
    .slice(0, 22);
}

/** Signs a session token (HS256) carrying `{ id, email, role, name, pv, iat, exp }`. */
export async function signSession(user: SessionSubject, secret: Uint8Array): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const { id, email, role, name } = user;
  return new SignJWT({ id, email, role, name, pv: passwordStamp(user, secret) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + SESSION_TTL_SECONDS)
    .sign(secret);
}

const verifyKeys = new WeakMap<Uint8Array, Promise<webcrypto.CryptoKey>>();

/** The secret as an HMAC key, imported once: jose would import a raw secret on every call. */
function verifyKey(secret: Uint8Array): Promise<webcrypto.CryptoKey> {
  let key = verifyKeys.get(secret);
  if (!key) {
    key = webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'verify',
    ]);
    verifyKeys.set(secret, key);
  }
  return key;
}

/**
 * The user id, issue time and password stamp of a valid session token, or null. Only HS256 is
 * accepted, so `alg: none` and tokens signed with another algorithm fail, as do tampered and
 * expired ones, and ones without `exp` or `iat` (a token that never expires is none of ours).
 */
export async function verifySession(
  token: string,
  secret: Uint8Array,
): Promise<VerifiedSession | null> {
  try {
    const { payload } = await jwtVerify(token, await verifyKey(secret), {
      algorithms: ['HS256'],
      requiredClaims: ['iat', 'exp'],
    });
    if (typeof payload.id !== 'number' || !Number.isInteger(payload.id)) return null;
    if (typeof payload.iat !== 'number' || typeof payload.exp !== 'number') return null;
    return {
      id: payload.id,
      iat: payload.iat,
      pv: typeof payload.pv === 'string' ? payload.pv : null,
    };
  } catch {
    return null;
  }
}

/**
 * Whether a session still stands for the user's password: its stamp matches the current one.
 * A token signed before stamps existed has none; it stands only if issued in a later second than
 * the last change (a token of that very second may predate it, so it ends too).
 */
export function sessionMatchesPassword(
  session: VerifiedSession,
  user: PasswordState,
  secret: Uint8Array,
): boolean {
  if (session.pv === null) {
    if (!user.password_changed_at) return true;
    return session.iat > Math.floor(Date.parse(user.password_changed_at) / 1000);
  }
  const given = Buffer.from(session.pv);
  const expected = Buffer.from(passwordStamp(user, secret));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
