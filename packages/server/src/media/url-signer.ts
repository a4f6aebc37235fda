import { createHmac, hash, timingSafeEqual } from 'node:crypto';

/** Members-only media is served under this path, followed by the key without `private/`. */
export const PRIVATE_MEDIA_PREFIX = '/media/p/';

/** Storage keys of members-only media start with this; they live apart from public media. */
export const PRIVATE_KEY_PREFIX = 'private/';

/**
 * Expiry is rounded up to a 12-hour bucket and lies 12–24 h ahead: the same URL comes back for
 * hours, so browsers keep the image cached, yet a leaked link dies within a day.
 */
export const MEDIA_URL_BUCKET_SECONDS = 12 * 60 * 60;

/** The shape of a storage key under /media/p/: folders, then 32 hex characters and an extension. */
export const KEY_PATTERN = /^(?:[a-z0-9-]+\/)+[0-9a-f]{32}\.[a-z0-9]{2,5}$/;

/**
 * The scope of a URL issued to one viewer (`&scope=u<user id>`, signed with the rest): it opens
 * a file only while that account may see it — what is for some sections, a draft or a hidden
 * photo — checked when the file is asked for (decision 055). A URL without scope is the shared
 * one of what every member sees, the same for all, so browsers and caches share it.
 */
export type MediaScope = `u${number}`;

/** The scope of `userId`'s own URLs. */
export function viewerScope(userId: number): MediaScope {
  return `u${userId}`;
}

/** The user id a scope names, or null when it is not one of ours. */
export function scopeUserId(scope: unknown): number | null {
  if (typeof scope !== 'string') return null;
  const match = /^u([1-9]\d{0,9})$/.exec(scope);
  return match ? Number(match[1]) : null;
}

/**
 * Signs and checks members-only media URLs: `/media/p/<key>?exp=<unix seconds>&sig=<base64url>`,
 * where sig = HMAC-SHA256 over the path and the expiry. The HMAC key is derived from the JWT
 * secret (HMAC(secret, 'media-url')), so a media signature can never pass for a session token.
 */
export class MediaUrlSigner {
  private readonly key: Buffer;
  /** The secret behind derived names, kept apart from the URLs' signing key. */
  private readonly nameKey: string;

  constructor(jwtSecret: string) {
    this.key = createHmac('sha256', jwtSecret).update('media-url').digest();
    this.nameKey = createHmac('sha256', this.key).update('names').digest('hex');
  }

  private signature(path: string, exp: number, scope?: MediaScope): Buffer {
    const data = scope ? `${path}\n${exp}\n${scope}` : `${path}\n${exp}`;
    return createHmac('sha256', this.key).update(data).digest();
  }

  /**
   * 64 hex digits for `data`, unguessable without the secret and the same every time: what a
   * blurred copy's files are called (decision 080), so their URLs can be handed out before they
   * are made. A one-shot SHA-256 over a secret prefix (a list names thousands, and an HMAC object
   * each costs many times more); a name is no signature — the URLs carry their own.
   */
  derivedName(data: string): string {
    return hash('sha256', `${this.nameKey}\n${data}`, 'hex');
  }

  /** The expiry a URL signed at `nowSeconds` gets: the end of the next bucket. */
  static expiryFor(nowSeconds: number): number {
    const bucket = MEDIA_URL_BUCKET_SECONDS;
    return (Math.floor(nowSeconds / bucket) + 2) * bucket;
  }

  /** The signed URL of a private storage key (`private/photos/…`). */
  url(storageKey: string, nowSeconds = Math.floor(Date.now() / 1000), scope?: MediaScope): string {
    const path = PRIVATE_MEDIA_PREFIX + storageKey.slice(PRIVATE_KEY_PREFIX.length);
    return this.urlFor(path, MediaUrlSigner.expiryFor(nowSeconds), scope);
  }

  /** A URL for `path` expiring at `exp` exactly (tests use it to forge an expired one). */
  urlFor(path: string, exp: number, scope?: MediaScope): string {
    const sig = this.signature(path, exp, scope).toString('base64url');
    return scope ? `${path}?exp=${exp}&scope=${scope}&sig=${sig}` : `${path}?exp=${exp}&sig=${sig}`;
  }

  /**
   * Checks a request for `path` (`/media/p/…`) with the query's `exp` and `sig`: the storage key
   * when the signature is ours (compared in constant time) and not expired, else null.
   */
  verify(
    path: string,
    exp: unknown,
    sig: unknown,
    nowSeconds = Math.floor(Date.now() / 1000),
    scope?: unknown,
  ): { key: string; exp: number; scope: MediaScope | null } | null {
    if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp)) return null;
    if (scope !== undefined && scopeUserId(scope) === null) return null;
    const expiry = Number(exp);
    if (expiry <= nowSeconds) return null;
    // Compared as text: decoding first would accept variants of the last base64 character.
    const given = Buffer.from(sig);
    const scoped = scope as MediaScope | undefined;
    const expected = Buffer.from(this.signature(path, expiry, scoped).toString('base64url'));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    if (!path.startsWith(PRIVATE_MEDIA_PREFIX)) return null;
    const rest = path.slice(PRIVATE_MEDIA_PREFIX.length);
    if (!KEY_PATTERN.test(rest)) return null;
    return { key: PRIVATE_KEY_PREFIX + rest, exp: expiry, scope: scoped ?? null };
  }
}
