import fastifyRateLimit from '@fastify/rate-limit';
import { SERVER_ERRORS } from '@fogata/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { AppError } from '../lib/app-error.js';
import { databaseRateLimitStore } from './rate-limit-store.js';

/** The rate limit, per route where one asks for it; counted in the database (decision 006). */
export async function registerRateLimit(
  app: FastifyInstance,
  config: Config,
  db: Db,
): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    // Counters in the database, shared by every app instance on it: more instances never mean
    // more tries.
    ...(config.rateLimitStore === 'database'
      ? { store: databaseRateLimitStore(db.kysely, app.log) }
      : {}),
    errorResponseBuilder: () => new AppError(429, SERVER_ERRORS.tooManyRequests),
  });
}
