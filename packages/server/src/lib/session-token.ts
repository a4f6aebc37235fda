import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Role } from '@fogata/shared';
import { SignJWT } from 'jose';

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

/**
 * How a session was opened, when it says: 'google' for an external sign-in. A signature of an
 * autorización takes a Google sign-in of the last minutes in place of the password, and a session
 * is never renewed, so its `iat` is when that sign-in happened.
 */
export type SignInMethod = 'google';

/** A verified session token: its user, issue time (seconds) and password stamp (null if old). */
export interface VerifiedSession {
  id: number;
  iat: number;
  pv: string | null;
  /** How it was opened ('google'), or null: with a password, or signed before this was kept. */
  via?: SignInMethod | null;
  /** `pv` as bytes for the comparison, made once per remembered token. */
  pvBytes?: Buffer | null;
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

/**
 * Signs a session token (HS256) carrying `{ id, email, role, name, pv, iat, exp }`, and `via`
 * when it is opened by an external sign-in.
 */
export async function signSession(
  user: SessionSubject,
  secret: Uint8Array,
  via?: SignInMethod,
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const { id, email, role, name } = user;
  return new SignJWT({
    id,
    email,
    role,
    name,
    pv: passwordStamp(user, secret),
    ...(via && { via }),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + SESSION_TTL_SECONDS)
    .sign(secret);
}

/** The only header a session token may have: `{"alg":"HS256","typ":"JWT"}` or one like it. */
function headerIsHs256(part: string): boolean {
  const header: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  if (typeof header !== 'object' || header === null) return false;
  const { alg, crit, b64 } = header as Record<string, unknown>;
  // `crit` names extensions we do not implement (RFC 7515 says refuse); `b64` is one of them.
  return alg === 'HS256' && crit === undefined && b64 === undefined;
}

/** A verified session as remembered, with its validity window (seconds). */
export type RememberedSession = Readonly<VerifiedSession & { exp: number; nbf: number }>;
type Remembered = RememberedSession;
/** Tokens already verified, by secret and text: checking one again costs a map lookup. */
const verifiedBySecret = new WeakMap<Uint8Array, Map<string, Remembered>>();
const MAX_VERIFIED = 10_000;
const BASE64URL = /^[A-Za-z0-9_-]*$/;

/**
 * The user id, issue time and password stamp of a valid session token, or null. Only HS256 is
 * accepted, so `alg: none` and tokens signed with another algorithm fail, as do tampered and
 * expired ones, and ones without `exp` or `iat` (a token that never expires is none of ours).
 * A plain HMAC compared as text (no other spelling of the signature passes), and remembered by
 * the token's text until it expires: jose's general path costs more than the query it guards.
 */
export async function verifySession(
  token: string,
  secret: Uint8Array,
): Promise<VerifiedSession | null> {
  return verifySessionNow(token, secret);
}

/** `verifySession`, synchronously. */
export function verifySessionNow(
  token: string,
  secret: Uint8Array,
  nowSeconds = Math.floor(Date.now() / 1000),
): RememberedSession | null {
  let verified = verifiedBySecret.get(secret);
  if (!verified) {
    verified = new Map();
    verifiedBySecret.set(secret, verified);
  }
  const known = verified.get(token);
  if (known) {
    if (known.exp <= nowSeconds || known.nbf > nowSeconds) return null;
    // The remembered session itself (frozen): a copy per request showed in the profile.
    return known;
  }
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header = '', payload = '', signature = ''] = parts;
  if (!BASE64URL.test(header) || !BASE64URL.test(payload) || !BASE64URL.test(signature)) {
    return null;
  }
  const expected = Buffer.from(
    createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url'),
  );
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    if (!headerIsHs256(header)) return null;
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) return null;
    const { id, iat, exp, nbf, pv, via } = claims as Record<string, unknown>;
    if (typeof id !== 'number' || !Number.isInteger(id)) return null;
    if (typeof iat !== 'number' || typeof exp !== 'number') return null;
    if (nbf !== undefined && typeof nbf !== 'number') return null;
    const stamp = typeof pv === 'string' ? pv : null;
    const session = Object.freeze({
      id,
      iat,
      pv: stamp,
      pvBytes: stamp === null ? null : Buffer.from(stamp),
      via: via === 'google' ? ('google' as const) : null,
      exp,
      nbf: nbf ?? 0,
    });
    if (verified.size >= MAX_VERIFIED) verified.delete(verified.keys().next().value as string);
    verified.set(token, session);
    if (exp <= nowSeconds || session.nbf > nowSeconds) return null;
    return session;
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
  stamp: string = passwordStamp(user, secret),
  stampBytes?: Buffer,
): boolean {
  if (session.pv === null) {
    if (!user.password_changed_at) return true;
    return session.iat > Math.floor(Date.parse(user.password_changed_at) / 1000);
  }
  // Bytes made once per token and once per user row where the caller keeps them (plugins/auth.ts).
  const given = session.pvBytes ?? Buffer.from(session.pv);
  const expected = stampBytes ?? Buffer.from(stamp);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
