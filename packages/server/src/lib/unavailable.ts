import { SERVER_ERRORS } from '@fogata/shared';
import { AppError } from './app-error.js';

/** What the server depends on that can be down for a while without anything being wrong. */
export type Dependency = 'database' | 'storage' | 'disk';

const MESSAGES: Record<Dependency, string> = {
  database: SERVER_ERRORS.databaseUnavailable,
  storage: SERVER_ERRORS.storageUnavailable,
  disk: SERVER_ERRORS.diskFull,
};

/**
 * A request that could not be served because the database, the photo storage or the disk is
 * down or full: a 503 the user can act on (try later), never a 500, whatever fails. `cause` is what
 * the dependency said, for the log only.
 */
export class UnavailableError extends AppError {
  constructor(
    readonly dependency: Dependency,
    override readonly cause: unknown,
  ) {
    super(503, MESSAGES[dependency]);
    this.name = 'UnavailableError';
  }
}

/** Network failures of any client: the other end is not there, or stopped answering. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

function codeOf(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

/** Whether `err` says the disk (or the file system under DATA_DIR) is full. */
export function isDiskFull(err: unknown): boolean {
  const code = codeOf(err);
  return code === 'ENOSPC' || code === 'EDQUOT' || code === 'SQLITE_FULL';
}

/**
 * Whether an error raised by the database driver means the database cannot be reached or used
 * right now (it restarts, fails over, is locked by another process), rather than that the query
 * was wrong. PostgreSQL: the connection-exception class 08, the operator-intervention codes 57P0x
 * (shut down, starting up), too many connections, a network error, or the pool's messages when a
 * connection died or could not be had in time. SQLite: the file is busy or locked past the busy
 * timeout, or cannot be read or written.
 */
export function isDatabaseDown(err: unknown): boolean {
  const code = codeOf(err);
  if (code.startsWith('08') || code.startsWith('57P') || code === '53300') return true;
  if (NETWORK_CODES.has(code)) return true;
  if (/^SQLITE_(BUSY|LOCKED|IOERR|CANTOPEN)/.test(code)) return true;
  if (code) return false;
  const message = err instanceof Error ? err.message : '';
  return /Connection terminated|not queryable|timeout exceeded when trying to connect|Client was closed/i.test(
    message,
  );
}

/**
 * The error a database driver raised, as the request should see it: an UnavailableError when
 * the database is down or the disk is full, otherwise `err` itself.
 */
export function asDatabaseError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  if (isDiskFull(err)) return new UnavailableError('disk', err);
  if (isDatabaseDown(err)) return new UnavailableError('database', err);
  return err;
}
