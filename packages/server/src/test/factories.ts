import type { Role } from '@fogata/shared';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../lib/passwords.js';
import { signSession } from '../lib/session-token.js';
import { hashToken, newLinkToken } from '../lib/tokens.js';
import { InvitationsRepository } from '../modules/invitations/invitations.repository.js';
import { type UserRow, UsersRepository } from '../modules/users/users.repository.js';

export const PASSWORD = 'contraseña-segura';
let sequence = 0;

export interface TestUser {
  row: UserRow;
  email: string;
  password: string;
  token: string;
  /** Headers that sign a request in as this user. */
  headers: { authorization: string };
}

/** Creates a user straight in the database and a session token for them. */
export async function createUser(
  app: FastifyInstance,
  opts: { role?: Role; name?: string; email?: string; password?: string; createdAt?: string } = {},
): Promise<TestUser> {
  sequence += 1;
  const role = opts.role ?? 'usuario';
  const email = (opts.email ?? `${role}.${sequence}@example.org`).toLowerCase();
  const password = opts.password ?? PASSWORD;
  const row = await new UsersRepository(app.ctx.db).insert({
    name: opts.name ?? `Persona ${role} ${sequence}`,
    email,
    password_hash: await hashPassword(password, app.ctx.config.scryptCost),
    role,
    avatar_key: null,
    created_at: opts.createdAt ?? new Date(Date.now() + sequence).toISOString(),
  });
  const token = await signSession(row, app.ctx.jwtKey);
  return { row, email, password, token, headers: { authorization: `Bearer ${token}` } };
}

/** The group's first admin, Marta: older than every account a test makes after her. */
export function createFirstAdmin(app: FastifyInstance): Promise<TestUser> {
  return createUser(app, { role: 'admin', name: 'Marta', createdAt: isoFromNow(-60_000) });
}

/** `actor` sets account `id`'s role through the API, as the admin panel does. */
export function changeRole(
  app: FastifyInstance,
  actor: { headers: Record<string, string> },
  id: number | string,
  role: unknown,
) {
  return app.inject({
    method: 'PUT',
    url: `/api/admin/users/${id}/role`,
    headers: actor.headers,
    payload: { role },
  });
}

/** `actor` deletes account `id` through the API, as the admin panel does. */
export function deleteAccount(
  app: FastifyInstance,
  actor: { headers: Record<string, string> },
  id: number | string,
) {
  return app.inject({ method: 'DELETE', url: `/api/admin/users/${id}`, headers: actor.headers });
}

/** `user` deletes their own account through the API, with their password. */
export function deleteOwnAccount(app: FastifyInstance, user: TestUser) {
  return app.inject({
    method: 'DELETE',
    url: '/api/profile/me',
    headers: user.headers,
    payload: { password: user.password },
  });
}

/** Creates an invitation straight in the database; returns its id and the token of its link. */
export async function createInvitation(
  app: FastifyInstance,
  opts: {
    email?: string;
    role?: Role;
    expiresAt?: string;
    acceptedAt?: string | null;
    createdAt?: string;
  } = {},
): Promise<{ id: number; token: string; email: string }> {
  sequence += 1;
  const token = newLinkToken();
  const email = opts.email ?? `invitado.${sequence}@example.org`;
  const row = await new InvitationsRepository(app.ctx.db).insert({
    email,
    role: opts.role ?? 'usuario',
    token_hash: hashToken(token),
    expires_at: opts.expiresAt ?? new Date(Date.now() + 86_400_000).toISOString(),
    created_at: opts.createdAt ?? new Date(Date.now() + sequence).toISOString(),
    accepted_at: opts.acceptedAt ?? null,
  });
  return { id: row.id, token, email };
}

/** The ISO time `ms` milliseconds from now (negative for the past). */
export function isoFromNow(ms: number): string {
  return new Date(Date.now() + ms).toISOString();
}
