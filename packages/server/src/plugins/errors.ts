import { SERVER_ERRORS } from '@fogata/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.js';
import { isForeignKeyViolation } from '../lib/db-errors.js';
import { type Dependency, UnavailableError } from '../lib/unavailable.js';
import { UsersRepository } from '../modules/users/users.repository.js';

/** A dependency that stays down is logged again after this long, not on every request. */
const UNAVAILABLE_LOG_EVERY_MS = 5 * 60_000;
/** What a client told "try later" is told to wait, in seconds. */
const RETRY_AFTER_S = 30;

/** Spanish messages for the client errors Fastify and its plugins raise themselves. */
const BY_CODE: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: SERVER_ERRORS.malformedJson },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: SERVER_ERRORS.malformedJson },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: SERVER_ERRORS.unsupportedMediaType },
  FST_ERR_CTP_INVALID_TYPE: { status: 415, message: SERVER_ERRORS.unsupportedMediaType },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 415,
    message: SERVER_ERRORS.unsupportedMediaType,
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: SERVER_ERRORS.bodyTooLarge },
  FST_REQ_FILE_TOO_LARGE: { status: 413, message: SERVER_ERRORS.payloadTooLarge },
  FST_FILES_LIMIT: { status: 413, message: SERVER_ERRORS.tooManyFiles },
  FST_PARTS_LIMIT: { status: 413, message: SERVER_ERRORS.bodyTooLarge },
  FST_FIELDS_LIMIT: { status: 413, message: SERVER_ERRORS.bodyTooLarge },
};

/** The message for any other 4xx, so no English text from a library ever reaches a user. */
function messageForStatus(status: number): string {
  switch (status) {
    case 401:
      return SERVER_ERRORS.unauthenticated;
    case 403:
      return SERVER_ERRORS.forbidden;
    case 404:
      return SERVER_ERRORS.notFound;
    case 413:
      return SERVER_ERRORS.bodyTooLarge;
    case 415:
      return SERVER_ERRORS.unsupportedMediaType;
    case 429:
      return SERVER_ERRORS.tooManyRequests;
    default:
      return SERVER_ERRORS.validation;
  }
}

/**
 * The one error handler: `{ message }` in Spanish, plus `errors` per field on a validation
 * failure. A 5xx is logged and answered with a generic message, never with internals.
 */
/** Headers of a file being sent, wrong for the error that replaces it. */
const MEDIA_HEADERS = ['content-type', 'content-length', 'cache-control', 'etag'];

export function registerErrorHandling(app: FastifyInstance): void {
  // Per app: when each dependency was last logged as down.
  const loggedAt = new Map<Dependency, number>();
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    // A media route may have set its file's headers before the file failed: the error is JSON
    // (an object under an image's type would be Fastify's English 500), of its own length, and
    // never cached as the file would have been.
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && !type.includes('json')) {
      for (const header of MEDIA_HEADERS) reply.removeHeader(header);
    }
    if (error instanceof UnavailableError) {
      // An operator must see it once, not once per request while it lasts.
      const last = loggedAt.get(error.dependency);
      if (last === undefined || Date.now() - last >= UNAVAILABLE_LOG_EVERY_MS) {
        loggedAt.set(error.dependency, Date.now());
        request.log.error(
          { err: error.cause, dependency: error.dependency },
          error.dependency === 'disk'
            ? 'sin espacio en disco: se rechazan las escrituras'
            : `${error.dependency === 'database' ? 'la base de datos' : 'el almacenamiento de fotos'} no responde: se responde 503`,
        );
      }
      reply.header('retry-after', String(RETRY_AFTER_S));
    }
    if (error instanceof AppError) {
      const { statusCode, message, errors } = error;
      return reply.status(statusCode).send(errors ? { message, errors } : { message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        // A body that is not an object at all has no field; its zod text would be generic.
        return { field, message: field ? issue.message : SERVER_ERRORS.validation };
      });
      return reply.status(400).send({ message: errors[0]?.message, errors });
    }
    const known = error.code ? BY_CODE[error.code] : undefined;
    if (known) return reply.status(known.status).send({ message: known.message });
    // Fastify's JSON parser raises a SyntaxError with status 400 on malformed JSON.
    if (error instanceof SyntaxError && error.statusCode === 400) {
      return reply.status(400).send({ message: SERVER_ERRORS.malformedJson });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'petición rechazada');
      return reply.status(status).send({ message: messageForStatus(status) });
    }
    if (isForeignKeyViolation(error)) return answerVanished(request, reply, error);
    request.log.error({ err: error }, 'error interno');
    return reply.status(500).send({ message: SERVER_ERRORS.internal });
  });
}

/**
 * A write whose row points to one that went away after the request checked it: the
 * user's own account, deleted from another tab (the 401 of a session that no longer exists), or
 * what it was about, deleted meanwhile (a 404). The transaction was rolled back: nothing is left.
 */
async function answerVanished(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  request.log.info({ err: error }, 'lo que la petición referencia ya no existe');
  const { user } = request;
  if (user && !(await new UsersRepository(request.server.ctx.db).findById(user.id))) {
    return reply.status(401).send({ message: SERVER_ERRORS.invalidToken });
  }
  return reply.status(404).send({ message: SERVER_ERRORS.notFound });
}
