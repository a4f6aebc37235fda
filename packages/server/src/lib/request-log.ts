import { hostname } from 'node:os';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'fastify/types/logger.js';
import pino from 'pino';

type Method = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal';

/** pino's levels, by name. */
const LEVELS: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Number.POSITIVE_INFINITY,
};

/** Whether `logger`, at its level, writes lines of `level`. */
export function logsAt(logger: FastifyBaseLogger, level: Method): boolean {
  return LEVELS[level]! >= (LEVELS[logger.level] ?? 0);
}

/**
 * A request's logger that becomes pino's child logger (with the request's id) the first time
 * something logs through it. Fastify makes one per request; a cached read logs nothing but its
 * access line (written below), and pino's child() was a tenth of the logging's cost.
 */
class LazyRequestLogger {
  private made: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get logger(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  get level(): string {
    return (this.made ?? this.parent).level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }

  silent(...args: unknown[]): void {
    this.call('silent', args);
  }
  trace(...args: unknown[]): void {
    this.call('trace', args);
  }
  debug(...args: unknown[]): void {
    this.call('debug', args);
  }
  info(...args: unknown[]): void {
    this.call('info', args);
  }
  warn(...args: unknown[]): void {
    this.call('warn', args);
  }
  error(...args: unknown[]): void {
    this.call('error', args);
  }
  fatal(...args: unknown[]): void {
    this.call('fatal', args);
  }

  private call(method: Method | 'silent', args: unknown[]): void {
    if (method === 'silent' || !logsAt(this.made ?? this.parent, method)) return;
    (this.logger[method] as (...a: unknown[]) => void)(...args);
  }
}

/** Fastify's `childLoggerFactory`: the request's logger, made when first used. */
export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new LazyRequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}

/** The log's destination: pino's lines and the access lines, in order, on standard output. */
export interface LogStream {
  write(text: string): void;
  flush(): void;
}

/**
 * Standard output without blocking, at least 32 KB at a time (and at least every second: the
 * request log's timer; flushed on close and on exit, as pino's destinations are). The text becomes
 * bytes once, as it comes. In its text mode, 8 KB at a time, the destination measured its pending
 * text on each write and encoded it twice, and each write went through libuv's thread pool: about
 * 0.7 µs a request under load; as bytes, 32 KB at a time, about 0.3 µs (decision 058).
 */
export function logDestination(): LogStream {
  const destination = pino.destination({
    dest: 1,
    sync: false,
    contentMode: 'buffer',
    minLength: 32 * 1024,
    maxWrite: 128 * 1024,
  });
  return {
    // The destination in its bytes mode takes buffers; pino's own lines come as text.
    write: (text) => destination.write(Buffer.from(text) as unknown as string),
    flush: () => destination.flush(),
  };
}

/** The access log: each request's line, and `flush()` to hand over the lines not yet written. */
export interface AccessLog {
  write(request: FastifyRequest, reply: FastifyReply): void;
  flush(): void;
}

/**
 * The one line each request leaves (method, URL, client, status, time), written straight into the
 * log's stream as pino writes it (same fields, same order, JSON-escaped) without building a
 * child logger and an object for it: on a cached read, pino's line cost more than the answer.
 * Options given to pino later (redaction, another time format) do not reach this line: keep
 * them in step here (decision 027).
 */
export function accessLogWriter(stream: { write(line: string): unknown }): AccessLog {
  const base = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())},"reqId":`;
  // The lines of one turn of the event loop go to the stream together, once the turn is over:
  // the stream measures its whole buffer on each write, which under load cost more than the
  // line itself.
  let pending = '';
  let scheduled = false;
  // The parts that repeat from line to line, JSON-written once while they stay the same
  // (decision 093): the millisecond (many lines share one under load), the client's address (the
  // same on a kept-alive connection) and the method. The line is the same text.
  let time = -1;
  let timeText = '';
  let ip: string | undefined;
  let ipText = '';
  let method = '';
  let methodText = '';
  const flush = () => {
    scheduled = false;
    if (pending === '') return;
    const lines = pending;
    pending = '';
    stream.write(lines);
  };
  return {
    write(request, reply) {
      const now = Date.now();
      if (now !== time) {
        time = now;
        timeText = `{"level":30,"time":${now}${base}`;
      }
      if (request.method !== method) {
        method = request.method;
        methodText = `,"method":${JSON.stringify(method)},"url":`;
      }
      const address = request.ip;
      if (address !== ip) {
        ip = address;
        ipText = `,"ip":${JSON.stringify(address)},"statusCode":`;
      }
      pending += `${timeText}${JSON.stringify(request.id)}${methodText}${JSON.stringify(request.url)}${ipText}${reply.statusCode},"responseTime":${Math.round(reply.elapsedTime * 10) / 10},"msg":"request completed"}\n`;
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    flush,
  };
}
