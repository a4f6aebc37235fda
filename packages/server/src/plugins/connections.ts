import type { Server as HttpServer } from 'node:http';
import type { Socket } from 'node:net';
import { SERVER_ERRORS } from '@fogata/shared';
import type { FastifyInstance } from 'fastify';

/*
 * The connections themselves: a request the HTTP parser gives up on, a path longer than any of
 * ours (routed where no route is), and connections that turn idle while the app closes.
 */

/** How often a closing app looks for connections that have just turned idle. */
const CLOSE_IDLE_EVERY_MS = 100;

/** Longer than any path of the app (API ids and tokens, media keys, pages), with room to spare. */
export const MAX_PATH_LENGTH = 1024;
/** Where an over-long path is routed: under /api, so even a browser gets the JSON 404. */
const NO_ROUTE_PATH = '/api/ruta-demasiado-larga';

/**
 * A path longer than any of ours names nothing, whatever it holds: it is routed as a path no
 * route has, so it gets the 404 of a missing route before any route, the static files or the
 * file system see it (a name too long for the disk came out as a 403 there). A length check
 * here costs a request nothing like a hook would. Fastify's `rewriteUrl`.
 */
export function routeOverLongPaths(req: { url?: string }): string {
  const url = req.url ?? '/';
  const end = url.indexOf('?');
  return (end === -1 ? url.length : end) > MAX_PATH_LENGTH ? NO_ROUTE_PATH : url;
}

/** Answers a request the HTTP parser could not read, in the app's shape, and closes. */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  // Over the parser's limit with a request line longer than any of our paths: the address is
  // what is too long, not the headers.
  const raw = (error as { rawPacket?: unknown }).rawPacket;
  const packet = Buffer.isBuffer(raw) ? raw : Buffer.alloc(0);
  const lineEnd = packet.indexOf('\r\n');
  const urlTooLong = tooLarge && (lineEnd === -1 ? packet.length : lineEnd) > MAX_PATH_LENGTH;
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

/** A closing app lets idle connections go at once. */
export function registerConnectionGuards(app: FastifyInstance): void {
  // Once closing (SIGTERM), connections that turn idle are closed as they do: Fastify closes
  // those idle at that moment, but one whose answer was still on its way would otherwise hold
  // the process, and a rolling deploy, until the keep-alive timeout. A timer, not a hook on every
  // answer.
  let closingIdle: NodeJS.Timeout | undefined;
  app.addHook('preClose', (done) => {
    const server = app.server as HttpServer;
    closingIdle = setInterval(() => server.closeIdleConnections(), CLOSE_IDLE_EVERY_MS);
    closingIdle.unref();
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    clearInterval(closingIdle);
    done();
  });
}
