import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type {
  GetObjectCommandOutput,
  HeadObjectCommandOutput,
  ListObjectsV2CommandOutput,
  S3Client,
} from '@aws-sdk/client-s3';
import type { StorageConfig } from '../../config.js';
import { UnavailableError } from '../../lib/unavailable.js';
import { contentTypeOf, type MediaStorage, type StoredFile } from './storage.js';

type Sdk = typeof import('@aws-sdk/client-s3');

/** What S3Storage needs: STORAGE=s3's settings (config.ts). */
export type S3StorageOptions = Omit<Extract<StorageConfig, { driver: 's3' }>, 'driver'>;

/** Knobs for tests: a small list page makes list() go through several pages. */
export interface S3StorageTuning {
  /** Keys per ListObjectsV2 page (S3's own maximum, 1000, by default). */
  listPageSize?: number | undefined;
}

/** A connection that takes longer is given up (and retried by the SDK). */
const CONNECT_TIMEOUT_MS = 3_000;
/** Each try's answer must begin within this, or the try is given up (and retried). */
const REQUEST_TIMEOUT_MS = 4_000;
/**
 * A socket silent this long mid-transfer is cut, so a stalled bucket cannot hang a request. Long
 * enough for a slow reader: a photo streamed to a slow phone pauses its socket meanwhile.
 */
const SOCKET_IDLE_MS = 30_000;
/** Tries of one call, the first included: a reset connection is worth one more. */
const MAX_ATTEMPTS = 3;
/**
 * Every call, tries included, is given up after this, so the user reads the 503 within seconds
 * (decision 032). For a read it runs until the object's headers arrive; the body then streams under
 * the idle limit above.
 */
export const S3_CALL_DEADLINE_MS = 10_000;

/** The SDK's errors carry their S3 code as the name, and the HTTP status. */
function s3Error(err: unknown): { name: string; status: number | undefined } {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return { name: e.name ?? '', status: e.$metadata?.httpStatusCode };
}

/**
 * Whether `err` says the object is not there. A missing bucket is not "no file": it is an error
 * (everything would look deleted otherwise). A HEAD answer has no body, so its 404 says nothing
 * more; the write that follows such a check then fails on its own.
 */
function isMissingObject(err: unknown): boolean {
  const { name, status } = s3Error(err);
  if (name === 'NoSuchKey' || name === 'NotFound') return true;
  return status === 404 && name !== 'NoSuchBucket';
}

/**
 * Media in an S3-compatible bucket (Amazon S3, MinIO, Garage…), for several app instances on one
 * storage (decision 017). The bucket stays private: nothing in it is ever linked to; the app reads
 * each file and serves it under the same URLs as local storage (signed /media/p/… for members,
 * /media/… for public media), so the signature check, the caching and the page's CSP stay as
 * they are. Keys are the bucket's object keys as they are (`private/photos/….webp`, `news/….webp`).
 */
export class S3Storage implements MediaStorage {
  readonly localRoot = null;
  readonly bucket: string;
  private readonly client: S3Client;
  private readonly listPageSize: number;

  private constructor(
    private readonly sdk: Sdk,
    options: S3StorageOptions,
    tuning: S3StorageTuning,
  ) {
    this.bucket = options.bucket;
    this.listPageSize = tuning.listPageSize ?? 1000;
    this.client = new sdk.S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle,
      ...(options.credentials ? { credentials: options.credentials } : {}),
      // Other providers than Amazon often refuse the newer checksum headers the SDK adds by
      // default; every write sends Content-MD5 instead, which they all check.
      ...(options.endpoint
        ? {
            requestChecksumCalculation: 'WHEN_REQUIRED' as const,
            responseChecksumValidation: 'WHEN_REQUIRED' as const,
          }
        : {}),
      maxAttempts: MAX_ATTEMPTS,
      requestHandler: {
        connectionTimeout: CONNECT_TIMEOUT_MS,
        requestTimeout: REQUEST_TIMEOUT_MS,
        throwOnRequestTimeout: true,
        socketTimeout: SOCKET_IDLE_MS,
      },
    });
  }

  /**
   * Opens the bucket's client. The SDK is loaded here, not at start-up: it takes most of a second
   * to load, which local storage never needs.
   */
  static async open(options: S3StorageOptions, tuning: S3StorageTuning = {}): Promise<S3Storage> {
    const sdk = await import('@aws-sdk/client-s3');
    return new S3Storage(sdk, options, tuning);
  }

  /**
   * Sends `command` within the call deadline. A missing object's error comes back as it is (the
   * callers tell it apart); any other failure (timeout, refused or reset connection, a 5xx after
   * the retries, a bucket that refuses us) is the storage's 503.
   */
  private async call<Output>(command: { readonly input: object }): Promise<Output> {
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), S3_CALL_DEADLINE_MS);
    try {
      // The SDK's send is overloaded per command class; every command here goes through this.
      const send = this.client.send.bind(this.client) as (
        c: unknown,
        o: { abortSignal: AbortSignal },
      ) => Promise<Output>;
      return await send(command, { abortSignal: deadline.signal });
    } catch (err) {
      if (isMissingObject(err)) throw err;
      throw new UnavailableError('storage', err);
    } finally {
      clearTimeout(timer);
    }
  }

  async save(key: string, data: Buffer, contentType: string): Promise<void> {
    await this.call(
      new this.sdk.PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: data,
        ContentLength: data.length,
        // The provider checks the bytes it got against this, and refuses a damaged upload.
        ContentMD5: createHash('md5').update(data).digest('base64'),
        // A restore passes octet-stream: the key's extension knows better.
        ContentType:
          contentType === 'application/octet-stream'
            ? (contentTypeOf(key) ?? contentType)
            : contentType,
      }),
    );
  }

  async read(key: string): Promise<StoredFile | null> {
    let out: GetObjectCommandOutput;
    try {
      out = await this.call<GetObjectCommandOutput>(
        new this.sdk.GetObjectCommand({ Bucket: this.bucket, Key: key }),
      );
    } catch (err) {
      if (isMissingObject(err)) return null;
      throw err;
    }
    const stream = out.Body as Readable | undefined;
    if (!stream || out.ContentLength === undefined) {
      stream?.destroy();
      throw new Error(`El almacenamiento S3 no dio el tamaño de ${key}.`);
    }
    return {
      stream,
      size: out.ContentLength,
      contentType: contentTypeOf(key) ?? out.ContentType ?? 'application/octet-stream',
      ...(out.ETag ? { etag: out.ETag } : {}),
    };
  }

  /** The size of a stored object, or null when there is none (migrate-media's resume check). */
  async sizeOf(key: string): Promise<number | null> {
    try {
      const out = await this.call<HeadObjectCommandOutput>(
        new this.sdk.HeadObjectCommand({ Bucket: this.bucket, Key: key }),
      );
      return out.ContentLength ?? null;
    } catch (err) {
      if (isMissingObject(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await this.call(new this.sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (err) {
      // S3 answers 204 for a missing key; some compatible servers answer 404.
      if (!isMissingObject(err)) throw err;
    }
  }

  async *list(): AsyncIterable<string> {
    let token: string | undefined;
    do {
      const page = await this.call<ListObjectsV2CommandOutput>(
        new this.sdk.ListObjectsV2Command({
          Bucket: this.bucket,
          MaxKeys: this.listPageSize,
          ...(token ? { ContinuationToken: token } : {}),
        }),
      );
      for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async check(): Promise<void> {
    await this.call(new this.sdk.HeadBucketCommand({ Bucket: this.bucket }));
  }

  close(): void {
    this.client.destroy();
  }
}
