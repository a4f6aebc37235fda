import type { Socket } from 'node:net';
import { SERVER_ERRORS } from '@fogata/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.js';

/*
 * The connections themselves: a request the HTTP parser gives up on, a path longer than any of
 * ours, and connections that turn idle while the app closes.
 */

/** How often a closing app looks for connections that have just turned idle. */
const CLOSE_IDLE_EVERY_MS = 100;

/** Longer than any path of the app (API ids and tokens, media keys, pages), with room to spare. */
export const MAX_PATH_LENGTH = 1024;

/** Answers a request the HTTP parser could not read, in the app's shape, and closes. */
export function answerClientError(
  error: Error & { code?: string; rawPacket?: unknown },
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  // Over the parser's limit with a request line longer than any of our paths: the address is
  // what is too long, not the headers.
  // Node hands over the bytes it read (a Buffer), whatever Fastify's type says.
  const raw = Buffer.isBuffer(error.rawPacket) ? error.rawPacket : null;
  const lineEnd = raw?.indexOf('\r\n') ?? 0;
  const urlTooLong = tooLarge && (lineEnd === -1 ? (raw?.length ?? 0) : lineEnd) > MAX_PATH_LENGTH;
  const [status, message] = urlTooLong
    ? ['414 URI Too Long', SERVER_ERRORS.urlTooLong]
    : tooLarge
      ? ['431 Request Header Fields Too Large', SERVER_ERRORS.bodyTooLarge]
      : ['400 Bad Request', SERVER_ERRORS.malformedRequest];
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}

/** A path longer than any of ours is a 404, and a closing app lets idle connections go at once. */
export function registerConnectionGuards(app: FastifyInstance): void {
  // A path longer than any of ours names nothing, whatever it holds: the 404 of a missing route,
  // before any route, the static files or the file system see it (a name too long for the disk
  // came out as a 403 there).
  app.addHook('onRequest', async (request) => {
    const end = request.url.indexOf('?');
    if ((end === -1 ? request.url.length : end) > MAX_PATH_LENGTH)
      throw new AppError(404, SERVER_ERRORS.routeNotFound);
  });
  // Once closing (SIGTERM), connections that turn idle are closed as they do: Fastify closes
  // those idle at that moment, but one whose answer was still on its way would otherwise hold
  // the process until the keep-alive timeout (issue #22). A timer, not a hook on every answer.
  let closingIdle: NodeJS.Timeout | undefined;
  app.addHook('preClose', (done) => {
    closingIdle = setInterval(() => app.server.closeIdleConnections(), CLOSE_IDLE_EVERY_MS);
    closingIdle.unref();
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    clearInterval(closingIdle);
    done();
  });
}
