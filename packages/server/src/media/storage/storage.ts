import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import {
  access,
  constants,
  type FileHandle,
  mkdir,
  open,
  readdir,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import { basename, dirname, extname, join, resolve, sep } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { isDiskFull, UnavailableError } from '../../lib/unavailable.js';
import { type MediaUrlSigner, PRIVATE_KEY_PREFIX } from '../url-signer.js';

/** A stored file opened for reading. */
export interface StoredFile {
  stream: Readable;
  size: number;
  contentType: string;
  /** A validator of the content (S3's ETag, quoted), when the storage has one for free. */
  etag?: string;
}

/**
 * Where media lives. Everything that stores, reads or removes a file goes through this, so an
 * S3-compatible driver can replace the local one without touching the modules.
 *
 * Keys starting with `private/` are members-only (album covers, photos): they are kept apart from
 * public media and reachable only through signed, expiring URLs. Every other key is public
 * (avatars, news, experiences, monitors) and served with long-lived caching.
 */
export interface MediaStorage {
  /** Stores `data` under `key` (e.g. `avatars/3f…a1.webp`, `private/photos/…webp`). */
  save(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Opens a stored file, or null when there is none. */
  read(key: string): Promise<StoredFile | null>;
  /**
   * Removes the file; a missing file is not an error. With `leftovers`, also what a write of it
   * cut off by a crash left (the journal's reconciliation asks for it).
   */
  delete(key: string, options?: { leftovers?: boolean }): Promise<void>;
  /** The URL of `key`: plain for public media, signed and expiring for private media. */
  url(key: string): string;
  /** Every stored key, public and private, in no particular order (backups walk it). */
  list(): AsyncIterable<string>;
  /** Resolves when the storage can be written (readiness); throws otherwise. */
  check(): Promise<void>;
  /** The folder served publicly at /media, or null when media is served from elsewhere. */
  readonly localRoot: string | null;
  /** Lets go of connections when the app closes (S3); nothing to do on disk. */
  close?(): void;
}

/** A fresh, unguessable key in `folder` with `extension`. */
export function newMediaKey(folder: string, extension: string): string {
  return `${folder}/${randomBytes(16).toString('hex')}.${extension}`;
}

/** Whether `key` names members-only media. */
export function isPrivateKey(key: string): boolean {
  return key.startsWith(PRIVATE_KEY_PREFIX);
}

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
};

/** The content type a key's extension stands for, or null for an unknown one. */
export function contentTypeOf(key: string): string | null {
  return CONTENT_TYPES[extname(key)] ?? null;
}

/**
 * `file`'s stream as it is sent: exactly `file.size` bytes, or it fails. A body that ends short
 * or runs long (a file changed under the reader, a bucket's connection cut) errors instead of
 * ending, so the response is cut off — never a whole-looking answer that does not match its
 * Content-Length, nor one that leaves the client waiting for bytes that never come.
 */
export function exactBody(file: StoredFile): Readable {
  let seen = 0;
  const mismatch = () => new Error(`El archivo cambió mientras se enviaba (${seen}/${file.size}).`);
  const checked = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > file.size ? mismatch() : null, chunk);
    },
    flush(done) {
      done(seen === file.size ? null : mismatch());
    },
  });
  file.stream.on('error', (err) => checked.destroy(err));
  checked.on('close', () => file.stream.destroy());
  return file.stream.pipe(checked);
}

/** Where writes in progress go: hidden names beside their file, never a key (`list` skips them). */
const PARTIAL_SUFFIX = '.partial';

function partialPrefix(file: string): string {
  return `.${basename(file)}.`;
}

/**
 * Media on the local disk: public files under DATA_DIR/media (served at /media/), private ones
 * under DATA_DIR/media-private, a sibling folder the public route cannot reach.
 */
export class LocalStorage implements MediaStorage {
  readonly localRoot: string;
  readonly privateRoot: string;

  constructor(
    root: string,
    private readonly signer: MediaUrlSigner,
    privateRoot = `${root}-private`,
  ) {
    this.localRoot = resolve(root);
    this.privateRoot = resolve(privateRoot);
    mkdirSync(this.localRoot, { recursive: true });
    mkdirSync(this.privateRoot, { recursive: true });
  }

  private pathOf(key: string): string {
    const isPrivate = isPrivateKey(key);
    const base = isPrivate ? this.privateRoot : this.localRoot;
    const full = resolve(base, isPrivate ? key.slice(PRIVATE_KEY_PREFIX.length) : key);
    // Keys are generated by us, but never let one escape its media folder.
    if (!full.startsWith(base + sep)) throw new Error(`Clave de medio no válida: ${key}`);
    return full;
  }

  /**
   * Writes `data` whole under a hidden name beside the file, then renames it into place: a
   * reader has the old file or the new one, never one being written (a blurred copy made again
   * under its same key while it is being served).
   */
  async save(key: string, data: Buffer): Promise<void> {
    const file = this.pathOf(key);
    const partial = join(
      dirname(file),
      `${partialPrefix(file)}${randomBytes(6).toString('hex')}${PARTIAL_SUFFIX}`,
    );
    try {
      await mkdir(dirname(file), { recursive: true });
      await writeFile(partial, data);
      await rename(partial, file);
    } catch (err) {
      await rm(partial, { force: true }).catch(() => undefined);
      // A full disk is a 503 to try later.
      if (isDiskFull(err)) throw new UnavailableError('disk', err);
      throw err;
    }
  }

  /**
   * Opens the file before measuring it: the size is that of the very file streamed, which stays
   * whole for this reader even if it is replaced or deleted meanwhile.
   */
  async read(key: string): Promise<StoredFile | null> {
    const file = this.pathOf(key);
    let handle: FileHandle;
    try {
      handle = await open(file, 'r');
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return null;
      throw err;
    }
    try {
      const info = await handle.stat();
      if (!info.isFile()) {
        await handle.close();
        return null;
      }
      return {
        stream: handle.createReadStream(),
        size: info.size,
        contentType: CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      };
    } catch (err) {
      await handle.close().catch(() => undefined);
      throw err;
    }
  }

  async delete(key: string, options: { leftovers?: boolean } = {}): Promise<void> {
    const file = this.pathOf(key);
    await rm(file, { force: true });
    if (!options.leftovers) return;
    // A write cut off by a crash left its hidden partial beside where the file would be.
    const prefix = partialPrefix(file);
    const names = await readdir(dirname(file)).catch(() => [] as string[]);
    for (const name of names) {
      if (name.startsWith(prefix) && name.endsWith(PARTIAL_SUFFIX)) {
        await rm(join(dirname(file), name), { force: true });
      }
    }
  }

  url(key: string): string {
    return isPrivateKey(key) ? this.signer.url(key) : `/media/${key}`;
  }

  async check(): Promise<void> {
    await access(this.localRoot, constants.W_OK);
    await access(this.privateRoot, constants.W_OK);
  }

  async *list(): AsyncIterable<string> {
    for (const [base, prefix] of [
      [this.localRoot, ''],
      [this.privateRoot, PRIVATE_KEY_PREFIX],
    ] as const) {
      let entries: string[];
      try {
        entries = await readdir(base, { recursive: true });
      } catch (err) {
        if ((err as { code?: string }).code === 'ENOENT') continue;
        throw err;
      }
      for (const entry of entries) {
        // Directories are listed too; only files are media, and writes in progress are not yet.
        if (basename(entry).startsWith('.')) continue;
        // A file removed between the listing and this look (a copy replaced, a sweep) is simply gone.
        const found = await stat(join(base, entry)).catch((err: { code?: string }) => {
          if (err.code === 'ENOENT') return null;
          throw err;
        });
        if (found?.isFile()) yield `${prefix}${entry.split(sep).join('/')}`;
      }
    }
  }

  /** The file path of `key` (tests and local tooling only). */
  path(key: string): string {
    return this.pathOf(key);
  }
}

export function mediaRoot(dataDir: string): string {
  return join(dataDir, 'media');
}
