import type { Socket } from 'node:net';
import { join } from 'node:path';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { SERVER_ERRORS } from '@fogata/shared';
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import pino from 'pino';
import { z } from 'zod';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { openDatabase } from './db/database.js';
import { AppError } from './lib/app-error.js';
import { MediaJournal, MediaSweeper } from './lib/media-journal.js';
import { OidcClient } from './lib/oidc.js';
import { ReadCache } from './lib/read-cache.js';
import { accessLogWriter, lazyChildLogger, logsAt } from './lib/request-log.js';
import { fastSerializerCompiler, validatingSerializerCompiler } from './lib/response-serializer.js';
import { trustProxyOption } from './lib/trust-proxy.js';
import { MailQueue } from './mail/mail-queue.js';
import { createMailer } from './mail/mailer.js';
import { albumsRoutes } from './modules/albums/albums.routes.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { digestsRoutes } from './modules/digests/digests.routes.js';
import { DigestService } from './modules/digests/digests.service.js';
import { experiencesRoutes } from './modules/experiences/experiences.routes.js';
import { invitationsRoutes } from './modules/invitations/invitations.routes.js';
import { monitorsRoutes } from './modules/monitors/monitors.routes.js';
import { newsRoutes } from './modules/news/news.routes.js';
import { photosRoutes } from './modules/photos/photos.routes.js';
import { myDataRoutes } from './modules/profile/my-data.routes.js';
import { profileRoutes } from './modules/profile/profile.routes.js';
import { removalRequestsRoutes } from './modules/removal-requests/removal-requests.routes.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { registerCompression } from './plugins/compression.js';
import { registerErrorHandling } from './plugins/errors.js';
import { databaseRateLimitStore } from './plugins/rate-limit-store.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerStatic } from './plugins/static.js';
import { EARLY_SCRIPT_SOURCE } from './plugins/web-page.js';
import { createStorage } from './storage/create-storage.js';

// Zod's own messages in Spanish for anything a shared schema does not word itself.
z.config(z.locales.es());

export interface BuildOptions {
  /** Pino options; tests pass `false`. */
  logger?: boolean | { level: string };
  /**
   * Check every response against its schema (tests). Off, responses are written straight from
   * the schema without re-validating them (production: the checks cost more than the query).
   */
  validateResponses?: boolean;
}

/** Answers a request the HTTP parser could not read, in the app's shape, and closes. */
function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const body = JSON.stringify({
    message: tooLarge ? SERVER_ERRORS.bodyTooLarge : SERVER_ERRORS.malformedRequest,
  });
  socket.end(
    `HTTP/1.1 ${tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}

/** The origin of a URL, or null; used to let the group's map be embedded. */
function originOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Builds the whole app on `config`: external plugins, then the API under /api, then static files.
 * The database is opened here and closed with the app; migrations are the caller's step.
 */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const logger = options.logger ?? { level: config.logLevel };
  // Log lines are written without blocking, 8 KB at a time (and at least every second; flushed on
  // exit): a synchronous write to stdout per line cost more than a cached answer (decision 020).
  const logStream =
    typeof logger === 'object' ? pino.destination({ dest: 1, sync: false, minLength: 8192 }) : null;
  const app = Fastify({
    logger: logStream && typeof logger === 'object' ? { ...logger, stream: logStream } : logger,
    // One line per request (below) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // Each request's child logger is made only if something logs through it (lib/request-log.ts).
    childLoggerFactory: lazyChildLogger,
    // Behind a reverse proxy the client's address (for rate limits) is in X-Forwarded-For;
    // trusting it without one would let anyone dodge the rate limit by forging the header.
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Long enough for any token in a path, so the schema (not the router) answers a bad one.
    routerOptions: { maxParamLength: 500 },
    // Errors the router raises before any route runs: a malformed %-escape in the path (400), or
    // a path parameter longer than any id or token of ours, which names nothing (404).
    frameworkErrors: (error, _request, reply) => {
      // The reply here is typed for no route in particular; it answers like every other error.
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      (reply as unknown as FastifyReply)
        .status(tooLong ? 404 : 400)
        .send({ message: tooLong ? SERVER_ERRORS.routeNotFound : SERVER_ERRORS.badUrl });
    },
    // A request Node's HTTP parser gives up on (a body cut off mid-way, a broken chunk) gets the
    // app's own Spanish shape, not Fastify's English one.
    clientErrorHandler: answerClientError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(
    options.validateResponses ? validatingSerializerCompiler : fastSerializerCompiler,
  );

  // Before the database: nothing to close if the storage cannot be opened.
  const storage = await createStorage(config);
  const db = openDatabase(config);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: join(config.dataDir, 'outbox'),
    log: app.log,
  });
  const ctx: AppContext = {
    config,
    db,
    mailer,
    mailQueue: new MailQueue(db, mailer, app.log, config.mailQueue),
    storage,
    mediaJournal: new MediaJournal(db, app.log),
    oidc: config.oidc.clientId
      ? new OidcClient({
          issuer: config.oidc.issuer,
          clientId: config.oidc.clientId,
          cooldownMs: config.oidc.cooldownMs,
        })
      : null,
    jwtKey: new TextEncoder().encode(config.jwtSecret),
    log: app.log,
  };
  app.decorate('ctx', ctx);
  // Written straight into the stream when there is one (the server); tests that pass a logger
  // of their own get pino's line, with the same fields.
  const accessLog = logStream ? accessLogWriter(logStream) : null;
  if (logStream) {
    const flush = () => {
      try {
        accessLog?.flush();
        logStream.flush();
      } catch {
        // Already closed (the process is exiting): pino flushed it then.
      }
    };
    const flushing = setInterval(flush, 1000).unref();
    app.addHook('onClose', async () => {
      clearInterval(flushing);
      flush();
    });
  }
  if (logger) {
    const logsRequests = logsAt(app.log, 'info');
    app.addHook('onResponse', (request, reply, done) => {
      if (accessLog) {
        if (logsRequests) accessLog.write(request, reply);
      } else {
        request.log.info(
          {
            method: request.method,
            url: request.url,
            ip: request.ip,
            statusCode: reply.statusCode,
            responseTime: Math.round(reply.elapsedTime * 10) / 10,
          },
          'request completed',
        );
      }
      done();
    });
  }
  app.decorate('readCache', new ReadCache(db));
  app.decorateRequest('readVersion', null);
  app.decorateRequest('user', null);
  // The queue's worker starts once the app is ready (migrations are done by then).
  app.addHook('onReady', async () => ctx.mailQueue.start());
  app.addHook('onClose', async () => {
    await ctx.mailQueue.stop();
    ctx.mailer.close();
    ctx.storage.close?.();
    await db.kysely.destroy();
  });
  // What a crash left (files no row points to, temp uploads): swept once the migrations are done
  // and before the app listens, then every few minutes. Registered after the hook that closes the
  // database, so it stops first (onClose hooks run last-registered first).
  const mediaSweeper = new MediaSweeper(ctx);
  app.addHook('onReady', () => mediaSweeper.start());
  app.addHook('onClose', () => mediaSweeper.stop());
  // The digest's check (decision 022); stopped before the database closes, like the sweeper.
  const digests = new DigestService(ctx);
  app.addHook('onReady', async () => digests.start());
  app.addHook('onClose', () => digests.stop());
  // Only JSON and multipart bodies: anything else is a 415, not a confusing validation error.
  app.removeContentTypeParser('text/plain');

  registerErrorHandling(app);

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
  await registerCompression(app);
  await app.register(fastifyRateLimit, {
    global: false,
    // Counters in the database, shared by every app instance on it (DESIGN.md's scale path).
    ...(config.rateLimitStore === 'database'
      ? { store: databaseRateLimitStore(db.kysely, app.log) }
      : {}),
    errorResponseBuilder: () => new AppError(429, SERVER_ERRORS.tooManyRequests),
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Fogata API',
        description:
          'La API de Fogata. Todas las respuestas de error son `{ message }` en español.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearerAuth: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Same reason as above: the docs must load over plain HTTP too.
    transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/, ''),
  });

  await app.register(
    async (api) => {
      await api.register(systemRoutes);
      await api.register(authRoutes);
      await api.register(invitationsRoutes);
      await api.register(usersRoutes);
      await api.register(auditRoutes);
      await api.register(profileRoutes);
      await api.register(digestsRoutes);
      await api.register(myDataRoutes);
      await api.register(albumsRoutes);
      await api.register(photosRoutes);
      await api.register(removalRequestsRoutes);
      await api.register(newsRoutes);
      await api.register(experiencesRoutes);
      await api.register(monitorsRoutes);
    },
    { prefix: '/api' },
  );

  // Read the provider's discovery document early; when it fails, sign-in retries on demand.
  app.addHook('onReady', async () => {
    ctx.oidc?.discover().catch((err: unknown) => {
      app.log.warn({ err }, 'no se pudo leer el proveedor de identidad; se reintentará');
    });
  });

  await registerStatic(app);
  return app;
}
