import { SERVER_ERRORS } from '@fogata/shared';
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerBackgroundJobs } from './background-jobs.js';
import type { Config } from './config.js';
import { type LogStream, lazyChildLogger, logDestination } from './lib/request-log.js';
import { fastSerializerCompiler, validatingSerializerCompiler } from './lib/response-serializer.js';
import { trustProxyOption } from './lib/trust-proxy.js';
import { setBackgroundTurns } from './media/background-turns.js';
import { setImageNice, useImageProcess } from './media/image-child.js';
import { setImageThreadsNice } from './media/image-threads.js';
import { apiRoutes } from './modules/api-routes.js';
import { calendarFeedRoutes } from './modules/calendar/calendar.routes.js';
import { PublicReads } from './modules/public-web/page-reads.js';
import { publicWebRoutes } from './modules/public-web/public-web.routes.js';
import { registerApiDocs } from './plugins/api-docs.js';
import { registerAppContext } from './plugins/app-context.js';
import { registerCompression } from './plugins/compression.js';
import {
  answerClientError,
  registerConnectionGuards,
  routeOverLongPaths,
} from './plugins/connections.js';
import { registerErrorHandling } from './plugins/errors.js';
import { registerPageSecurity } from './plugins/page-security.js';
import { registerRateLimit } from './plugins/rate-limit.js';
import { registerRequestLog } from './plugins/request-log.js';
import { registerStatic } from './plugins/static.js';

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
  /** Where the log's lines go with a `logger` of levels: standard output unless given (tests). */
  logStream?: LogStream;
}

/**
 * Builds the whole app on `config`: the server and its connections, the app context and the
 * plugins every route relies on (each in a file of plugins/), then the API under /api, then the
 * media and the web app. The database is opened here and closed with the app; migrations are
 * the caller's step.
 */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const logger = options.logger ?? { level: config.logLevel };
  // Log lines are written without blocking, in batches (and at least every second; flushed on
  // exit): a synchronous write to stdout per line cost more than a cached answer (decisions 020
  // and 058).
  const logStream = typeof logger === 'object' ? (options.logStream ?? logDestination()) : null;
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
    rewriteUrl: routeOverLongPaths,
    // A request Node's HTTP parser gives up on (a body cut off mid-way, a broken chunk) gets the
    // app's own Spanish shape, not Fastify's English one.
    clientErrorHandler: answerClientError,
  });
  registerConnectionGuards(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(
    options.validateResponses ? validatingSerializerCompiler : fastSerializerCompiler,
  );

  // The app context and the plugins every route relies on, in the order their hooks must run.
  const ctx = await registerAppContext(app, config);
  setImageNice(config.imageNice);
  setImageThreadsNice(config.imageNice);
  // Below the pages, the image work also takes turns with them while they are busy.
  setBackgroundTurns(config.imageNice > 0);
  // Registered before the background jobs, so it runs after they have stopped (last first).
  const letImageProcessGo = useImageProcess();
  app.addHook('onClose', async () => letImageProcessGo());
  registerRequestLog(app, logger, logStream);
  registerBackgroundJobs(app, ctx);
  // Only JSON and multipart bodies: anything else is a 415, not a confusing validation error.
  app.removeContentTypeParser('text/plain');
  registerErrorHandling(app);
  registerPageSecurity(app, config);
  await registerCompression(app);
  await registerRateLimit(app, config, ctx.db);
  await registerApiDocs(app);

  // The routes: the API, the public web's files for crawlers and link previews, then the media,
  // the web app and its pages.
  await app.register(apiRoutes, { prefix: '/api' });
  await app.register(publicWebRoutes);
  // The private calendar feeds, outside /api: the URL is the key, no session.
  await app.register(calendarFeedRoutes);
  await registerStatic(app, new PublicReads(app.ctx));
  return app;
}
