import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { registerSecurityHeaders } from './security-headers.js';
import { EARLY_SCRIPT_SOURCE } from './web-page.js';

/** The origin of a URL, or null; used to let the group's map be embedded. */
function originOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** The pages' security headers: the CSP allows the group's map and the sign-in popup. */
export function registerPageSecurity(app: FastifyInstance, config: Config): void {
  const mapOrigin = originOf(config.group.mapUrl);
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The album page's inline script (decision 038), by its hash; no other inline script.
        scriptSrc: ["'self'", EARLY_SCRIPT_SOURCE],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // The in-browser image compression runs in a worker built from a blob: URL, which then
        // loads its library from our own origin (never from a CDN).
        workerSrc: ["'self'", 'blob:'],
        frameSrc: mapOrigin ? ["'self'", mapOrigin] : ["'self'"],
        // A group may serve Fogata over plain HTTP on its own network.
        upgradeInsecureRequests: null,
      },
    },
    // The external sign-in popup must keep its link to the page that opened it.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
}
