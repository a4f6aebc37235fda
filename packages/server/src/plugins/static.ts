import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { isPublicPagePath, SERVER_ERRORS } from '@fogata/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { GalleryAccess, type Opening } from '../access/gallery-access.js';
import { todayIso } from '../access/image-consent.js';
import { AppError } from '../lib/app-error.js';
import { ImageRenditions } from '../media/renditions/blurred-copies.js';
import { exactBody } from '../media/storage/storage.js';
import { PRIVATE_MEDIA_PREFIX } from '../media/url-signer.js';
import { registerStoredPublicMedia } from './stored-media.js';
import { createPageRenderer, type PageReads, PUBLIC_PAGE_PATHS } from './web-page.js';

/**
 * Members-only media at /media/p/<key>?exp=…&sig=…: served only with a valid, unexpired
 * signature, cached privately until the URL expires. The key comes from the signed path and must
 * look like one of ours, so no listing and no path traversal can get through.
 */
/** Answers of `openable` kept per URL scope and key; the oldest go first past this many. */
const MAX_OPENINGS = 20_000;

/**
 * Whether a URL of a scope opens a key, remembered while the database's version (decision 020)
 * and the day (a 14th birthday changes whose consent counts) are the ones it was worked out
 * under: the face rule's queries run once per version, not once per image request.
 */
class OpeningCache {
  private readonly entries = new Map<string, { version: string; opening: Opening | null }>();

  get(id: string, version: string): Opening | null | undefined {
    const entry = this.entries.get(id);
    return entry && entry.version === version ? entry.opening : undefined;
  }

  set(id: string, version: string, opening: Opening | null): void {
    this.entries.delete(id);
    if (this.entries.size >= MAX_OPENINGS) {
      this.entries.delete(this.entries.keys().next().value as string);
    }
    this.entries.set(id, { version, opening });
  }
}

function registerPrivateMedia(app: FastifyInstance): void {
  const { storage, mediaUrls } = app.ctx;
  const access = new GalleryAccess(app.ctx);
  const renditions = new ImageRenditions(app.ctx);
  const openings = new OpeningCache();
  const querystring = z.object({
    exp: z.string().optional(),
    sig: z.string().optional(),
    scope: z.string().optional(),
  });
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      `${PRIVATE_MEDIA_PREFIX}*`,
      { schema: { hide: true, querystring } },
      async (request, reply) => {
        const path = request.url.split('?')[0] ?? '';
        const now = Math.floor(Date.now() / 1000);
        const { exp, sig, scope } = request.query;
        const signed = mediaUrls.verify(path, exp, sig, now, scope);
        if (!signed) throw new AppError(403, SERVER_ERRORS.mediaLinkInvalid);
        // The rules as they stand now decide (decisions 018, 055, 080): a URL without scope opens
        // what every member sees; a viewer's URL, what that account sees today; a clean file only
        // to whom no face in it must be blurred. Anything else does not exist, whatever link was
        // kept.
        const version = `${await app.readCache.version(request)} ${todayIso()}`;
        const id = `${signed.scope ?? ''} ${signed.key}`;
        let opening = openings.get(id, version);
        if (opening === undefined) {
          opening = (await access.openable(signed.scope, [signed.key])).get(signed.key) ?? null;
          openings.set(id, version, opening);
        }
        if (!opening) throw new AppError(404, SERVER_ERRORS.mediaNotFound);
        // A blurred copy not made yet is made now, once, and kept (or a 503 if that takes long).
        const file = opening.spec
          ? await renditions.open(opening.spec, signed.key)
          : await storage.read(signed.key);
        if (!file) throw new AppError(404, SERVER_ERRORS.mediaNotFound);
        return reply
          .header('content-type', file.contentType)
          .header('content-length', file.size)
          .header('cache-control', `private, max-age=${signed.exp - now}, immutable`)
          .send(exactBody(file));
      },
    );
}

/** Longer than any URL of a stored public file. */
const MAX_MEDIA_URL = 200;

/**
 * Public media at /media (immutable: names are random and never reused), members-only media at
 * /media/p/ (signed URLs), the built web app at /, and the single-page fallback: a browser asking
 * for any other page gets index.html.
 */
export async function registerStatic(app: FastifyInstance, reads: PageReads): Promise<void> {
  const { storage, config } = app.ctx;
  registerPrivateMedia(app);
  const { localRoot } = storage;
  if (localRoot) {
    await app.register(async (media) => {
      // Our keys are short (folder/32 hex digits.ext): a longer path names nothing, and the file
      // system's "name too long" must not come out as a 403.
      media.addHook('onRequest', async (request) => {
        if (request.url.length > MAX_MEDIA_URL)
          throw new AppError(404, SERVER_ERRORS.routeNotFound);
      });
      await media.register(fastifyStatic, {
        root: localRoot,
        prefix: '/media/',
        decorateReply: false,
        index: false,
        list: false,
        maxAge: '365d',
        immutable: true,
      });
    });
  } else {
    // Media in a bucket (STORAGE=s3): the app streams the public files itself.
    registerStoredPublicMedia(app);
  }

  const hasWeb = existsSync(join(config.webDist, 'index.html'));
  // Pages are index.html's shell filled in for the group and the page (decision 013), the public
  // ones drawn by React on the server from `reads`.
  const renderPage = hasWeb ? createPageRenderer(app, config.webDist, reads) : null;
  const sendPage = (request: FastifyRequest, reply: FastifyReply) => renderPage!(request, reply);
  const serviceWorker = join(config.webDist, 'sw.js');
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      prefix: '/',
      wildcard: true,
      index: false,
      // The raw template is not a page: /index.html is answered like any other path.
      allowedPath: (pathName) => pathName !== '/index.html',
      // The build writes .br and .gz copies beside each asset: sent as they are to a client
      // that accepts them (with Vary: Accept-Encoding), so no request compresses a file.
      preCompressed: true,
      // index.html must always be revalidated; hashed assets can be cached. So must the camp's
      // service worker (/sw.js): a new build's worker, with its new list of files, is picked
      // up on the next visit instead of after a day of HTTP caching. At the root, its scope
      // is the whole site without a Service-Worker-Allowed header.
      setHeaders(res, path) {
        if (path.endsWith('.html') || path === serviceWorker) {
          res.header('Cache-Control', 'no-cache');
        } else if (path.includes(`${join(config.webDist, 'assets')}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    });
    // `index: false` keeps the static plugin from answering directories, so / needs its own route.
    app.get('/', { schema: { hide: true } }, (request, reply) => sendPage(request, reply));
    // The other public pages have routes of their own too: found at once, without a look for a
    // file of that name on disk first. They go to whoever asks, as a link-preview bot or a
    // crawler does (with `*/*` or no Accept at all), like / (decision 116).
    for (const path of PUBLIC_PAGE_PATHS.filter((p) => p !== '/')) {
      app.get(path, { schema: { hide: true } }, (request, reply) => sendPage(request, reply));
    }
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path === '/api' || path.startsWith('/api/');
    const isMedia = path.startsWith('/media/');
    const asksForPage = wantsPage(request) || (isGetOrHead(request) && isPublicPagePath(path));
    if (hasWeb && !isApi && !isMedia && asksForPage) return sendPage(request, reply);
    notFound(reply);
  });
}

function isGetOrHead(request: FastifyRequest): boolean {
  return request.method === 'GET' || request.method === 'HEAD';
}

/** Whether a request asks for a page: a GET or HEAD that accepts HTML. */
function wantsPage(request: FastifyRequest): boolean {
  return isGetOrHead(request) && (request.headers.accept ?? '').includes('text/html');
}

function notFound(reply: FastifyReply): void {
  reply.status(404).send({ message: SERVER_ERRORS.routeNotFound });
}
