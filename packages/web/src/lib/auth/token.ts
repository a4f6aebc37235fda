import { isSessionPayload, LIMITS, type Role, type SessionPayload } from '@fogata/shared';

/** The user of the current session (id, name, email, role), plus the avatar once known. */
export interface SessionUser {
  id: number;
  email: string;
  role: Role;
  name: string;
  avatar_url?: string | null;
}

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Reads a JWT's payload without verifying it (the server verifies); null when malformed. */
export function decodeToken(token: string): SessionPayload | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    // Not zod's sessionPayloadSchema: this runs on the first load, which must stay small.
    const payload: unknown = JSON.parse(base64UrlDecode(parts[1]));
    if (!isSessionPayload(payload)) return null;
    const { id, email, role, name, iat, exp } = payload;
    return { id, email, role, name, iat, exp };
  } catch {
    return null;
  }
}

/** Whether the payload's exp (seconds) is not after `now` (ms). */
export function isExpired(payload: SessionPayload, now = Date.now()): boolean {
  return payload.exp * 1000 <= now;
}

/** The session user held by a stored token, or null when there is none or it is unusable. */
export function readStoredSession(): { token: string; payload: SessionPayload } | null {
  // The server draws public pages as a visitor sees them: it has no session.
  if (typeof localStorage === 'undefined') return null;
  const token = localStorage.getItem(LIMITS.tokenStorageKey);
  if (!token) return null;
  const payload = decodeToken(token);
  if (!payload || isExpired(payload)) return null;
  return { token, payload };
}

export const userFromPayload = ({ id, email, role, name }: SessionPayload): SessionUser => ({
  id,
  email,
  role,
  name,
});
