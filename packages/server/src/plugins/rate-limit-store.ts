import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';

/** What @fastify/rate-limit hands a store: the merged options, and for a route its definition. */
interface StoreOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  groupId?: string;
  routeInfo?: { method?: string | string[]; url?: string };
}

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;

export interface DatabaseRateLimitStoreOptions {
  /** Expired rows are deleted on one increment in this many (per process). */
  sweepEvery?: number;
}

/**
 * A store for @fastify/rate-limit that keeps the counters in the `rate_limits` table, so every
 * app instance on the same database counts the same tries (the app may run as several). One row
 * per route and client: `count` tries in the window that ends at `reset_at` (ms since the epoch).
 *
 * Only the plain fixed window is supported (no `continueExceeding`, no `exponentialBackoff`).
 * The window is measured with the app's clock, so instances must keep their clocks in sync.
 */
export function databaseRateLimitStore(
  db: Kysely<Database>,
  log: FastifyBaseLogger,
  { sweepEvery = 100 }: DatabaseRateLimitStoreOptions = {},
): FastifyRateLimitStoreCtor {
  // Shared by the root store and every route's child, so the sweep counts all increments.
  let increments = 0;

  /** Deletes the rows whose window has ended; a later try simply starts a new row. */
  async function sweep(now: number): Promise<void> {
    try {
      await db.deleteFrom('rate_limits').where('reset_at', '<=', now).execute();
    } catch (err) {
      log.error({ err }, 'no se pudieron borrar los contadores caducados de rate_limits');
    }
  }

  /**
   * Counts one try, atomically on both databases: a single upsert that starts a new window when
   * the row's has ended, or adds one to it, and returns the row as it is now. Concurrent tries
   * (from this instance or another) each see their own count, so exactly `max` get through.
   */
  async function increment(key: string, timeWindow: number): Promise<Result> {
    const now = Date.now();
    increments += 1;
    if (increments % sweepEvery === 0) await sweep(now);
    const expired = sql<boolean>`${sql.ref('rate_limits.reset_at')} <= ${now}`;
    const row = await db
      .insertInto('rate_limits')
      .values({ key, count: 1, reset_at: now + timeWindow })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql<number>`case when ${expired} then 1 else ${sql.ref('rate_limits.count')} + 1 end`,
          reset_at: sql<number>`case when ${expired} then ${now + timeWindow} else ${sql.ref('rate_limits.reset_at')} end`,
        }),
      )
      .returning(['count', 'reset_at'])
      .executeTakeFirstOrThrow();
    return { current: Number(row.count), ttl: Math.max(0, Number(row.reset_at) - now) };
  }

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    /** Keeps each route's counters apart (or a group's, when routes share a `groupId`). */
    private readonly scope: string;

    constructor(options: StoreOptions) {
      if (options.continueExceeding || options.exponentialBackoff) {
        throw new Error(
          'El almacén de rate limit en la base de datos no admite continueExceeding ni exponentialBackoff.',
        );
      }
      const route = options.routeInfo;
      const method = Array.isArray(route?.method) ? route.method.join(',') : route?.method;
      this.scope = options.groupId
        ? `group:${options.groupId}`
        : route?.url
          ? `${method ?? ''} ${route.url}`
          : '';
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      increment(`${this.scope}|${key}`, timeWindow).then(
        (result) => callback(null, result),
        (err: unknown) => {
          // Fail open: when the database cannot count, let the request through (and log it)
          // rather than lock everybody out of signing in. The limit is a brake on guessing,
          // not what keeps an account safe.
          log.error({ err }, 'no se pudo contar el intento en rate_limits; se deja pasar');
          callback(null, { current: 0, ttl: timeWindow });
        },
      );
    }

    // Typed by the plugin as the route's options; what it really passes is StoreOptions.
    child(routeOptions: object): FastifyRateLimitStore {
      return new DatabaseRateLimitStore(routeOptions as StoreOptions);
    }
  }

  return DatabaseRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}
