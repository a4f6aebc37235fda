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

/** How many bytes of lines are gathered before they go to standard output in one write. */
const LOG_CHUNK_BYTES = 64 * 1024;

/**
 * Standard output without blocking: the lines gathered as bytes (`gatheredLines`), each chunk
 * written as soon as it is full and at least every second (the request log's timer), flushed on
 * close. Each write goes through libuv's thread pool, so it is done once for many lines.
 */
export function logDestination(): LogStream {
  const destination = pino.destination({
    dest: 1,
    sync: false,
    contentMode: 'buffer',
    // The lines come already gathered: each chunk is written as it comes.
    minLength: 0,
    maxWrite: 128 * 1024,
  });
  return gatheredLines({
    // The destination in its bytes mode takes buffers (typed as text).
    write: (bytes) => destination.write(bytes as unknown as string),
    flush: () => destination.flush(),
  });
}

/**
 * Lines written as UTF-8 straight into a chunk of `size` bytes, handed to `sink` when the next
 * line would not fit and on `flush()`, in the order they came. Under load one line a request
 * cost less this way than gathering each turn's lines as text and turning them into bytes once
 * the turn was over (decision 137).
 */
export function gatheredLines(
  sink: { write(bytes: Buffer): unknown; flush(): void },
  size = LOG_CHUNK_BYTES,
): LogStream {
  let chunk = Buffer.allocUnsafe(size);
  let used = 0;
  const hand = () => {
    if (used === 0) return;
    sink.write(chunk.subarray(0, used));
    // The sink keeps the bytes until they are written: the next lines go into a new chunk.
    chunk = Buffer.allocUnsafe(size);
    used = 0;
  };
  return {
    write(text) {
      // A UTF-16 unit of the text is at most 3 bytes of UTF-8: a line that may not fit in what
      // is left goes into the next chunk, never cut.
      if (used + text.length * 3 > size) {
        hand();
        if (text.length * 3 > size) {
          sink.write(Buffer.from(text));
          return;
        }
      }
      used += chunk.write(text, used);
    },
    flush() {
      hand();
      sink.flush();
    },
  };
}

/**
 * The access log's writer: `(request, reply) => void` writes the one line each request leaves
 * (method, URL, client, status, time) into `stream`, as pino writes it (same fields, same order,
 * JSON-escaped), without building a child logger and an object for it: on a cached read, pino's
 * line cost more than the answer. Options given to pino later (redaction, another time format)
 * do not reach this line: keep them in step here (decision 027).
 */
export function accessLogWriter(stream: {
  write(line: string): unknown;
}): (request: FastifyRequest, reply: FastifyReply) => void {
  const base = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())},"reqId":`;
  // The parts that repeat from line to line, JSON-written once while they stay the same
  // (decision 137): the millisecond (many lines share one under load), the client's address (the
  // same on a kept-alive connection) and the method. The line is the same text.
  let time = -1;
  let timeText = '';
  let ip: string | undefined;
  let ipText = '';
  let method = '';
  let methodText = '';
  return (request, reply) => {
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
    stream.write(
      `${timeText}${JSON.stringify(request.id)}${methodText}${JSON.stringify(request.url)}${ipText}${reply.statusCode},"responseTime":${Math.round(reply.elapsedTime * 10) / 10},"msg":"request completed"}\n`,
    );
  };
}
