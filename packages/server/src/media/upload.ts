import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppError } from '../lib/app-error.js';
import { isDiskFull, UnavailableError } from '../lib/unavailable.js';
import { readMultipart } from './multipart.js';

/** One file of a multipart upload, waiting on disk. */
export interface UploadedFile {
  /** The form field it came in (`images`, `cover`). */
  field: string;
  /** The name on the user's computer, as sent; only ever echoed back. */
  filename: string;
  /** The temp file; gone after `cleanup()`. */
  path: string;
  size: number;
  /** Over the per-file limit: only the first `maxFileBytes` were kept. */
  tooLarge: boolean;
}

export interface UploadLimits {
  /** Folder for temp files: this process's `uploadsTmpRoot`. */
  tmpRoot: string;
  /** Form fields that carry files; parts in other fields are read and dropped. */
  fileFields: string[];
  maxFiles: number;
  maxFileBytes: number;
  /** The whole body: beyond it the request is a 413, whatever it holds. */
  maxTotalBytes: number;
  /** What more than `maxFiles` files is answered with. */
  tooManyFiles: AppError;
  /** What a body over `maxTotalBytes` is answered with. */
  tooLarge: AppError;
}

export interface Upload {
  fields: Record<string, string>;
  files: UploadedFile[];
  /** Removes every temp file; safe to call twice. */
  cleanup(): Promise<void>;
}

/** Room for the multipart boundaries, part headers and text fields around the files. */
const ENVELOPE_BYTES = 1024 * 1024;

/**
 * Reads a multipart body, streaming each file to its own temp file so a 250 MB upload never sits
 * in memory, whatever order the fields come in. Throws (after removing every temp file) on a body
 * over the total limit, too many files, or a body that breaks off. The caller must `cleanup()`.
 */
export async function readUpload(
  req: FastifyRequest,
  reply: FastifyReply,
  limits: UploadLimits,
): Promise<Upload> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limits.maxTotalBytes + ENVELOPE_BYTES) {
    refuseRest(req, reply);
    throw limits.tooLarge;
  }

  const dir = join(limits.tmpRoot, randomBytes(12).toString('hex'));
  await mkdir(dir, { recursive: true }).catch((err: unknown) => {
    throw isDiskFull(err) ? new UnavailableError('disk', err) : err;
  });
  const upload: Upload = {
    fields: {},
    files: [],
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };

  // Counts the raw body as it arrives (a body may come without a Content-Length, or lie in it),
  // and stops the part being read as soon as the total is over the limit.
  let received = 0;
  let current: Readable | null = null;
  const overLimit = () => received > limits.maxTotalBytes + ENVELOPE_BYTES;
  const countRaw = (chunk: Buffer) => {
    received += chunk.length;
    if (overLimit()) current?.destroy(limits.tooLarge);
  };

  try {
    await readMultipart(async () => {
      // A file over the size limit is cut short and marked `truncated` instead of failing the
      // whole request: it becomes one failure among the files that land (the typings lack the
      // option that @fastify/multipart reads here).
      const options = {
        limits: { files: limits.maxFiles, fileSize: limits.maxFileBytes },
        throwFileSizeLimit: false,
      };
      let counting = false;
      for await (const part of req.parts(options)) {
        if (!counting) {
          // Attached once the parser is piped in, so it watches the flow and never starts it;
          // the first chunk it misses is covered by the envelope allowance.
          req.raw.on('data', countRaw);
          counting = true;
        }
        if (overLimit()) throw limits.tooLarge;
        if (part.type === 'field') {
          if (typeof part.value === 'string') upload.fields[part.fieldname] = part.value;
          continue;
        }
        current = part.file;
        if (!limits.fileFields.includes(part.fieldname)) {
          // Read to the end (or the request never finishes) and dropped.
          await pipeline(part.file, new Writable({ write: (_chunk, _enc, done) => done() }));
          continue;
        }
        const path = join(dir, String(upload.files.length));
        let size = 0;
        const counter = new Transform({
          transform(chunk: Buffer, _enc, done) {
            size += chunk.length;
            done(null, chunk);
          },
        });
        await pipeline(part.file, counter, createWriteStream(path));
        current = null;
        // A file input left empty arrives as a part with no name and no bytes: not a file.
        if (size === 0 && !part.filename) continue;
        upload.files.push({
          field: part.fieldname,
          filename: part.filename.slice(0, 255),
          path,
          size,
          tooLarge: part.file.truncated,
        });
      }
    });
  } catch (err) {
    await upload.cleanup();
    const code = (err as { code?: unknown }).code;
    // Refused before its end: the rest of the body is not worth receiving.
    if (code === 'FST_FILES_LIMIT' || err === limits.tooLarge) refuseRest(req, reply);
    if (code === 'FST_FILES_LIMIT') throw limits.tooManyFiles;
    throw err;
  } finally {
    req.raw.off('data', countRaw);
  }
  if (overLimit()) {
    await upload.cleanup();
    throw limits.tooLarge;
  }
  return upload;
}

/**
 * How long a refused body is still read (and dropped) after the answer. Closing a connection
 * with unread bytes resets it, and a client still sending then loses the answer with it; web
 * servers linger on such connections for the same reason.
 */
const LINGER_MS = 2000;

/**
 * After refusing a body before its end: whatever arrives is discarded rather than buffered, and
 * once the answer is out the connection gets `LINGER_MS` for the client to read it and stop; a
 * body still coming then is cut off.
 */
function refuseRest(req: FastifyRequest, reply: FastifyReply): void {
  req.raw.resume();
  reply.raw.once('finish', () => {
    if (req.raw.complete) return;
    // (app.inject's stand-in socket has no destroy: nothing to cut there.)
    const socket = req.raw.socket as { destroy?: () => void } | undefined;
    const timer = setTimeout(() => socket?.destroy?.(), LINGER_MS);
    timer.unref();
    req.raw.once('end', () => clearTimeout(timer));
  });
}
