import type { Role } from '@fogata/shared';

function base64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export interface TokenClaims {
  id: number;
  email: string;
  role: Role;
  name: string;
  iat: number;
  exp: number;
}

/** An unsigned-looking JWT with the session payload the server issues (the client never verifies). */
export function makeToken(claims: Partial<TokenClaims> = {}): string {
  const now = Math.floor(Date.now() / 1000);
  const payload: TokenClaims = {
    id: 1,
    email: 'marta@example.org',
    role: 'admin',
    name: 'Marta Jefa',
    iat: now,
    exp: now + 3600,
    ...claims,
  };
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(payload))}.firma`;
}

/** Stores a session token as a signed-in browser would have it. */
export function signIn(claims: Partial<TokenClaims> = {}): string {
  const token = makeToken(claims);
  localStorage.setItem('authToken', token);
  return token;
}
