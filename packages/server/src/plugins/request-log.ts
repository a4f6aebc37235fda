import type { FastifyInstance } from 'fastify';
import { accessLogWriter, type LogStream, logsAt } from '../lib/request-log.js';

/**
 * One line per request: written straight into the log stream when there is one (the server, in
 * batches flushed every second and on close), else through the test's own logger.
 */
export function registerRequestLog(
  app: FastifyInstance,
  logger: boolean | { level: string },
  logStream: LogStream | null,
): void {
  // Written straight into the stream when there is one (the server); tests that pass a logger
  // of their own get pino's line, with the same fields.
  const writeAccessLine = logStream ? accessLogWriter(logStream) : null;
  if (logStream) {
    const flush = () => {
      try {
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
      if (writeAccessLine) {
        if (logsRequests) writeAccessLine(request, reply);
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
}
