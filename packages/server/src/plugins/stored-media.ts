import { SERVER_ERRORS } from '@fogata/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.js';
import { exactBody, isPrivateKey } from '../media/storage/storage.js';
import { KEY_PATTERN } from '../media/url-signer.js';

/** Whether an If-None-Match header names `etag` (or any version: `*`). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/**
 * Public media at /media/<key> when it is not on the local disk (STORAGE=s3): the app streams it
 * from the storage with the same long-lived immutable caching as the local files (keys are random
 * and never reused). Only keys of our shape, and never a members-only one: those are served by
 * the signed /media/p/ route alone.
 */
export function registerStoredPublicMedia(app: FastifyInstance): void {
  const { storage } = app.ctx;
  app.get<{ Params: { '*': string } }>(
    '/media/*',
    { schema: { hide: true } },
    async (request, reply) => {
      const key = request.params['*'];
      if (!KEY_PATTERN.test(key) || isPrivateKey(key)) {
        throw new AppError(404, SERVER_ERRORS.mediaNotFound);
      }
      const file = await storage.read(key);
      if (!file) throw new AppError(404, SERVER_ERRORS.mediaNotFound);
      reply
        .header('content-type', file.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable');
      if (file.etag) {
        reply.header('etag', file.etag);
        if (matches(request.headers['if-none-match'], file.etag)) {
          file.stream.destroy();
          return reply.status(304).send();
        }
      }
      return reply.header('content-length', file.size).send(exactBody(file));
    },
  );
}
