import type { IncomingMessage, ServerResponse } from 'node:http';
import { EXTERNAL_SIGNIN_CALLBACK_PATH } from '@fogata/shared';
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
 * What protects an API answer (JSON, a download), after OWASP's REST cheat sheet: nothing in it
 * may load, run or be framed, no other site may read it, and it is never sniffed as HTML; HSTS
 * as on the pages. The page-only headers (COOP, Origin-Agent-Cluster, DNS prefetch, referrer,
 * the IE and Flash ones) mean nothing for a JSON body (decision 027).
 */
export function apiHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
  const hsts = pageHeaders['strict-transport-security'];
  if (hsts) headers['strict-transport-security'] = hsts;
  return headers;
}

/** Whether `url` is an API call (not the API's documentation, an HTML page). */
function isApiCall(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

/**
 * Whether `url` is one of the web app's built files (scripts, styles, under hashed names): a
 * script or a style sheet runs under the policy of the page that loads it, so the page-only
 * headers would only add bytes to every file of a phone's first load (decision 196).
 */
function isBuiltFile(url: string): boolean {
  return url.startsWith('/assets/');
}

/** Whether `url` is the external sign-in's callback page (its query string aside). */
function isSigninCallback(url: string): boolean {
  return (
    url.startsWith(EXTERNAL_SIGNIN_CALLBACK_PATH) &&
    (url.length === EXTERNAL_SIGNIN_CALLBACK_PATH.length ||
      url[EXTERNAL_SIGNIN_CALLBACK_PATH.length] === '?')
  );
}

/**
 * helmet's security headers (CSP, COOP, HSTS…) on every page and file, and the API's shorter
 * set on API answers and the web app's built files, each worked out once at start-up: @fastify/helmet builds them again, CSP
 * string included, on each request. Routes may still override one (the API docs' CSP).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const pages = helmetHeaders(options);
  const api = apiHeaders(pages);
  // The sign-in popup comes back from the provider's origin to this page, which hands the ID
  // token to its opener: any other policy would cut the popup off from the opener.
  const callback = { ...pages, 'cross-origin-opener-policy': 'unsafe-none' };
  app.addHook('onRequest', (request, reply, done) => {
    const { url } = request;
    reply.headers(
      isApiCall(url) || isBuiltFile(url) ? api : isSigninCallback(url) ? callback : pages,
    );
    done();
  });
}
