import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The headers helmet sets for `options`, by name (lower case). */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * helmet's security headers (CSP, COOP, HSTS…) on every answer, worked out once at start-up:
 * @fastify/helmet builds them again, CSP string included, on each request. Routes may still
 * override one (the sign-in callback's COOP, the API docs' CSP).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
