import fastifyMultipart from '@fastify/multipart';
import { LIMITS, SERVER_ERRORS } from '@fogata/shared';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.js';
import { isDiskFull, UnavailableError } from '../lib/unavailable.js';

/** A Fastify instance whose routes take zod schemas, as every module declares them. */
export type ZodRoutes = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * Declares, through `declare`, the routes of `app` that read multipart bodies, in a context of
 * their own where @fastify/multipart is registered (decision 031). The plugin adds two hooks to
 * every request of its context (for temp files of `saveRequestFiles`, which Fogata never uses:
 * uploads stream through `readUpload`); registered for the whole app, they would run on every
 * cached read too (decision 031 has the cost). Elsewhere a multipart body is a 415 like any other type a route does not
 * take.
 */
export async function multipartRoutes(
  app: FastifyInstance,
  declare: (r: ZodRoutes) => void,
): Promise<void> {
  await app.register(async (uploads) => {
    await uploads.register(fastifyMultipart, {
      limits: {
        fileSize: LIMITS.imageMaxBytes,
        files: LIMITS.imagesPerUpload,
        fields: 20,
        fieldSize: 64 * 1024,
        parts: 40,
      },
    });
    declare(uploads.withTypeProvider<ZodTypeProvider>());
  });
}

/**
 * Runs `read` over a request's multipart body. A body that breaks off or is not multipart at all
 * makes the parser throw a plain Error: that is the client's fault (400), never a 500; a full
 * disk under the temp files is the server's (503). The
 * plugin's own limit errors (FST_*) and our AppErrors keep their meaning.
 */
export async function readMultipart<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (err instanceof AppError || (typeof code === 'string' && code.startsWith('FST_'))) throw err;
    // The temp file could not be written: the server's disk is full, not the form broken.
    if (isDiskFull(err)) throw new UnavailableError('disk', err);
    throw new AppError(400, SERVER_ERRORS.malformedMultipart);
  }
}
