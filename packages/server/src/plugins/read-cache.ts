import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import { MEDIA_URL_BUCKET_SECONDS } from '../media/url-signer.js';

/**
 * Below this many bytes an answer goes as it is: compressing would save less than it costs. The
 * compression plugin and the cached answers' stored compressed copies both go by it.
 */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** All cached bodies together stay under this; the oldest go first. */
const MAX_CACHE_BYTES = 32 * 1024 * 1024;
/** A body larger than this is not kept (an album of thousands of photos, asked whole). */
const MAX_ENTRY_BYTES = 2 * 1024 * 1024;
/** Users kept; the oldest go first. */
const MAX_USERS = 10_000;

const JSON_TYPE = 'application/json; charset=utf-8';

/** One cached answer: valid while the database's version and the media URLs' bucket are its own. */
interface CachedBody {
  version: string;
  bucket: number;
  /** What else the body depends on that the database's version does not say (a page's config). */
  tag: string;
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

interface CachedUser<T> {
  version: string;
  value: T;
}

/**
 * Route options of a read answered through `ReadCache.send` (with the same `perUser`):
 * @fastify/compress stays out (no request body to inflate; the cache compresses each answer once,
 * per encoding, and sends the copy), which spares its hooks on every request; and an answer still
 * fresh in the cache goes out before validation (decision 137). It is a 200 made for this very
 * URL (and user), so its path and query passed the same schema then, and the route's guard
 * (onRequest) has already run: nothing the skipped steps decide can differ. A different `perUser`
 * here than in the handler could only miss the cache, never answer with another user's body.
 */
export function cachedRead(perUser: boolean) {
  return {
    compress: false,
    decompress: false,
    preValidation(request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) {
      const answered = request.server.readCache.answerIfFresh(request, reply, perUser);
      if (answered === true) return;
      if (answered === false) {
        done();
        return;
      }
      answered.then((sent) => {
        if (!sent) done();
      }, done);
    },
  } as const;
}

/** The signed media URLs' time bucket now: a body with URLs signed in another one is stale. */
function currentBucket(): number {
  return Math.floor(Date.now() / 1000 / MEDIA_URL_BUCKET_SECONDS);
}

/**
 * The encoding @fastify/compress would pick for `header` (brotli, else gzip; `*` is brotli;
 * `;q=0` refuses), or null for none.
 */
export function pickEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  let gzip = false;
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName?.trim().toLowerCase();
    const refused = params.some((p) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/i.test(p));
    if (refused) continue;
    if (name === 'br' || name === '*') return 'br';
    if (name === 'gzip') gzip = true;
  }
  return gzip ? 'gzip' : null;
}

/** A `send` answer's key: the URL, and who asks when the answer depends on it (0: a visitor). */
function keyOf(request: FastifyRequest, perUser: boolean): string {
  return perUser ? `${request.user?.id ?? 0} ${request.url}` : `* ${request.url}`;
}

/**
 * The read path's cache (decision 020): serialized (and compressed) answers of the public read
 * lists, and the users that sessions name, each labelled with the database's version read before
 * it was computed, and used only while the version is still that. The version moves with every
 * write of any process on the database (see Db.readVersion), so several instances stay correct:
 * nothing here is state of its own, only a copy checked against the database on each request.
 */
export class ReadCache {
  private readonly bodies = new Map<string, CachedBody>();
  private bytes = 0;
  private readonly users = new Map<number, CachedUser<unknown>>();
  constructor(private readonly db: Db) {}

  /** The database's version for this request, read once (before anything it labels). */
  version(request: FastifyRequest): string | Promise<string> {
    // Kept on the request (declared below, so every request has the same shape): the guard and
    // the handler share one read.
    request.readVersion ??= this.db.readVersion();
    return request.readVersion;
  }

  /**
   * The user `id` as `load` reads it, or as it was read under the same database version. `load`
   * may return anything derived from the row alone (the row and its password stamp).
   */
  user<T>(request: FastifyRequest, id: number, load: () => Promise<T>): T | Promise<T> {
    const version = this.version(request);
    // Known under this version: returned as it is, synchronously, so the request waits for nothing.
    if (typeof version === 'string') {
      const cached = this.users.get(id);
      if (cached && cached.version === version) return cached.value as T;
    }
    return this.loadUser(version, id, load);
  }

  private async loadUser<T>(
    pending: string | Promise<string>,
    id: number,
    load: () => Promise<T>,
  ): Promise<T> {
    const version = await pending;
    const cached = this.users.get(id);
    if (cached && cached.version === version) return cached.value as T;
    const value = await load();
    this.users.delete(id);
    if (this.users.size >= MAX_USERS) this.users.delete(this.users.keys().next().value as number);
    this.users.set(id, { version, value });
    return value;
  }

  /**
   * Answers a GET from the cache when the database has not changed since the answer was made,
   * else with `compute()`, serialized by the route's own schema, and keeps it. `perUser`: the
   * answer depends on who asks (what they liked, what their role lets them see), so each user
   * (and anonymous visitors) gets their own; otherwise one answer serves everyone. Only 200s
   * are kept: an error thrown by `compute` goes to the error handler as usual.
   */
  send(
    request: FastifyRequest,
    reply: FastifyReply,
    perUser: boolean,
    compute: () => Promise<unknown>,
  ): Promise<void> | undefined {
    return this.sendBody(request, reply, keyOf(request, perUser), JSON_TYPE, '', () =>
      compute().then((data) => ({
        body: Buffer.from(reply.serialize(data) as string),
        keep: true,
      })),
    );
  }

  /**
   * What `send` would answer from the cache, sent now if it is there and fresh (true; the reply
   * is on its way), else false: the route's own steps then run as usual. A promise of either when
   * the database's version must be read first (PostgreSQL).
   */
  answerIfFresh(
    request: FastifyRequest,
    reply: FastifyReply,
    perUser: boolean,
  ): boolean | Promise<boolean> {
    const version = this.version(request);
    const key = keyOf(request, perUser);
    if (typeof version !== 'string') {
      return version.then((known) => this.answerAt(request, reply, key, known));
    }
    return this.answerAt(request, reply, key, version);
  }

  private answerAt(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    version: string,
  ): boolean {
    const entry = this.fresh(key, version, '');
    if (!entry) return false;
    this.reply(request, reply, key, JSON_TYPE, entry);
    return true;
  }

  /** The entry kept under `key` if it was made under this version, bucket and tag. */
  private fresh(key: string, version: string, tag: string): CachedBody | undefined {
    const entry = this.bodies.get(key);
    if (
      entry &&
      entry.version === version &&
      entry.bucket === currentBucket() &&
      entry.tag === tag
    ) {
      return entry;
    }
    return undefined;
  }

  /**
   * Like `send`, for a body that is the same for every visitor (a page's HTML, decision 137):
   * kept under `key` while the database's version, the media URLs' bucket and `tag` (what else
   * it depends on) are the ones it was made under. `make` says whether its body may be kept
   * (not when part of it could not be read).
   */
  sendBody(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    type: string,
    tag: string,
    make: () => Promise<{ body: Buffer; keep: boolean }>,
  ): Promise<void> | undefined {
    const version = this.version(request);
    // SQLite's version is at hand: a cached answer then goes out synchronously, before the handler
    // returns (it returns undefined, its reply already sent).
    if (typeof version !== 'string') {
      return version.then((known) => this.sendAt(request, reply, key, type, tag, known, make));
    }
    return this.sendAt(request, reply, key, type, tag, version, make);
  }

  private sendAt(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    type: string,
    tag: string,
    version: string,
    make: () => Promise<{ body: Buffer; keep: boolean }>,
  ): Promise<void> | undefined {
    const entry = this.fresh(key, version, tag);
    if (entry) return this.sent(this.reply(request, reply, key, type, entry));
    const bucket = currentBucket();
    return make().then(({ body, keep }) => {
      const made = { version, bucket, tag, body };
      if (keep) this.keep(key, made);
      return this.sent(this.reply(request, reply, key, type, made));
    });
  }

  /**
   * Nothing when the reply went out at once; otherwise (an onSend hook that waits) a promise of
   * it: a reply is a thenable that settles once it is sent, and the handler must not end first.
   */
  private sent(reply: FastifyReply): Promise<void> | undefined {
    if (reply.sent) return undefined;
    return new Promise<void>((done, fail) => reply.then(() => done(), fail));
  }

  private keep(key: string, entry: CachedBody): void {
    this.forget(key);
    if (entry.body.length > MAX_ENTRY_BYTES) return;
    while (this.bytes + entry.body.length > MAX_CACHE_BYTES && this.bodies.size > 0) {
      this.forget(this.bodies.keys().next().value as string);
    }
    this.bodies.set(key, entry);
    this.bytes += entry.body.length;
  }

  private forget(key: string): void {
    const old = this.bodies.get(key);
    if (!old) return;
    this.bodies.delete(key);
    this.bytes -= old.body.length + (old.br?.length ?? 0) + (old.gzip?.length ?? 0);
  }

  /** Sends `entry`, compressed as @fastify/compress would (which then leaves it alone). */
  private reply(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    type: string,
    entry: CachedBody,
  ): FastifyReply {
    reply.type(type);
    const encoding =
      entry.body.length >= COMPRESS_THRESHOLD_BYTES &&
      request.headers['x-no-compression'] === undefined
        ? pickEncoding(request.headers['accept-encoding'])
        : null;
    if (!encoding) return reply.send(entry.body);
    let compressed = entry[encoding];
    if (!compressed) {
      compressed =
        encoding === 'br'
          ? brotliCompressSync(entry.body, {
              params: {
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_QUALITY]: 4,
                [constants.BROTLI_PARAM_SIZE_HINT]: entry.body.length,
              },
            })
          : gzipSync(entry.body, { level: 6 });
      entry[encoding] = compressed;
      // Counted only while the entry is still the one kept (it may have been replaced meanwhile).
      if (this.bodies.get(key) === entry) this.bytes += compressed.length;
    }
    reply.header('vary', 'accept-encoding');
    reply.header('content-encoding', encoding);
    return reply.send(compressed);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The read path's cache (decision 020). */
    readCache: ReadCache;
  }
  interface FastifyRequest {
    /** The database's version this request saw first (ReadCache.version); null until read. */
    readVersion: string | Promise<string> | null;
  }
}
