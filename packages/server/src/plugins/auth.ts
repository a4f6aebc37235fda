import { type Capability, can, SERVER_ERRORS } from '@fogata/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';
import './read-cache.js';
import {
  passwordStamp,
  type RememberedSession,
  sessionMatchesPassword,
  verifySessionNow,
} from '../lib/session-token.js';
import type { UserRow } from '../modules/users/users.repository.js';
import { UsersRepository } from '../modules/users/users.repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user as the database has it now; set by the guards below. */
    user: UserRow | null;
  }
}

/** A user as the session check needs it: the row and its password stamp, worked out once. */
interface SessionUser {
  row: UserRow;
  stamp: string;
  stampBytes: Buffer;
}

/** A connection's last Authorization header, the secret it was checked with and its session. */
interface LastSession {
  header: string;
  secret: Uint8Array;
  session: RememberedSession;
}

/**
 * Per connection (its socket), the last session header checked on it. A browser or a client
 * sends the same header on every request of a kept-alive connection; compared whole with the
 * last one, it skips the header's pattern and the remembered tokens' lookup, which hashed the
 * whole token on every request (decision 137). Only the text's check is skipped: expiry is
 * checked here on every request, and the user and password stamp below.
 */
const lastSessions = new WeakMap<object, LastSession>();

/** The valid session `header` names (checked as `verifySessionNow` does), or null. */
function sessionOf(request: FastifyRequest, header: string, secret: Uint8Array) {
  const socket: object | undefined = request.raw.socket;
  const last = socket ? lastSessions.get(socket) : undefined;
  if (last !== undefined && last.header === header && last.secret === secret) {
    const now = Math.floor(Date.now() / 1000);
    return last.session.exp > now && last.session.nbf <= now ? last.session : null;
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) throw new AppError(401, SERVER_ERRORS.invalidToken);
  const session = verifySessionNow(match[1], secret);
  if (session && socket) lastSessions.set(socket, { header, secret, session });
  return session;
}

/**
 * Reads the Bearer token and loads its user from the database on every request, so a deleted
 * user's token stops working and a role change applies at once. The row comes through the read
 * cache (decision 020): the same row again only while the database has not changed since, and
 * then synchronously, so the request waits for nothing (decision 027).
 */
function authenticate(request: FastifyRequest): UserRow | Promise<UserRow> {
  const header = request.headers.authorization;
  if (!header) throw new AppError(401, SERVER_ERRORS.unauthenticated);
  const { ctx, readCache } = request.server;
  const session = sessionOf(request, header, ctx.jwtKey);
  if (!session) throw new AppError(401, SERVER_ERRORS.invalidToken);
  const user = readCache.user<SessionUser | null>(request, session.id, async () => {
    const row = await new UsersRepository(ctx.db).findById(session.id);
    // Frozen: one row serves many requests, so none may change it for the others.
    if (!row) return null;
    const stamp = passwordStamp(row, ctx.jwtKey);
    return { row: Object.freeze(row), stamp, stampBytes: Buffer.from(stamp) };
  });
  // A session opened before the user's last password change (a reset, a new admin password)
  // no longer counts.
  const signIn = (found: SessionUser | null): UserRow => {
    if (
      !found ||
      !sessionMatchesPassword(session, found.row, ctx.jwtKey, found.stamp, found.stampBytes)
    ) {
      throw new AppError(401, SERVER_ERRORS.invalidToken);
    }
    request.user = found.row;
    return found.row;
  };
  return user instanceof Promise ? user.then(signIn) : signIn(user);
}

type Done = (error?: Error) => void;

/** A guard hook (onRequest), in Fastify's callback form. */
export type Guard = (request: FastifyRequest, reply: FastifyReply, done: Done) => void;

/**
 * A guard as a callback hook: `check` may finish at once (a cached user) or later; an error it
 * throws or rejects with is the answer.
 */
function guard(check: (request: FastifyRequest) => unknown): Guard {
  return (request, _reply, done) => {
    let result: unknown;
    try {
      result = check(request);
    } catch (error) {
      done(error as Error);
      return;
    }
    if (result instanceof Promise) result.then(() => done(), done);
    else done();
  };
}

/** Guard: any signed-in user. */
export const requireAuth = guard(authenticate);

/**
 * Guard for what anonymous visitors may read too: signs the user in when a token comes with the
 * request (so answers can say what this user liked or may delete), and refuses a bad token.
 */
export const optionalAuth = guard((request) =>
  request.headers.authorization ? authenticate(request) : undefined,
);

/** Capabilities of the administration panel: refused with the panel's own message. */
const ADMIN_ONLY = new Set<Capability>(['admin:panel', 'audit:view']);

/** Guard: a signed-in user whose role holds `capability` in the shared permissions table. */
export function requireCapability(capability: Capability): Guard {
  const allowed = (user: UserRow): void => {
    if (!can(user.role, capability)) {
      throw new AppError(
        403,
        ADMIN_ONLY.has(capability) ? SERVER_ERRORS.adminOnly : SERVER_ERRORS.forbidden,
      );
    }
  };
  return guard((request) => {
    const user = authenticate(request);
    return user instanceof Promise ? user.then(allowed) : allowed(user);
  });
}

/** The signed-in user inside a guarded handler. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new AppError(401, SERVER_ERRORS.unauthenticated);
  return request.user;
}
