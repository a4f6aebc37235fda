import { MSG, SERVER_ERRORS } from '@fogata/shared';
import type { FastifyBaseLogger } from 'fastify';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import type { Kysely, Transaction } from 'kysely';
import sharp from 'sharp';
import type { Database } from '../db/schema.js';
import type { MediaStorage } from '../storage/storage.js';
import { newMediaKey } from '../storage/storage.js';
import { AppError } from './app-error.js';
import type { MediaJournal } from './media-journal.js';
import { UnavailableError } from './unavailable.js';

const ALLOWED_MIME = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

// Every upload is a new image: libvips' operation cache would only hold memory (up to 50 MB of
// decoded pixels) for nothing on a small machine.
sharp.cache(false);

/** Above this many pixels an image is refused before decoding: no decompression bombs. */
export const MAX_INPUT_PIXELS = 50_000_000;

/** Longer side of the display copy, the grid thumbnail and the inline placeholder. */
export const DISPLAY_MAX_PX = 1920;
export const THUMB_MAX_PX = 480;
export const PLACEHOLDER_PX = 16;

/**
 * Image decoding runs one at a time in the whole process, whatever the number of uploads in
 * flight: a 50-megapixel photo takes ~150 MB decoded, and the machine may be small.
 */
let decoding: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const run = decoding.then(task, task);
  decoding = run.catch(() => undefined);
  return run;
}

/** An image given as its bytes or as the path of a file holding them (an upload's temp file). */
export type ImageInput = Buffer | string;

/** Whether the bytes are a jpg, png, gif or webp: judged by content, never by name or header. */
export async function isAllowedImage(input: ImageInput): Promise<boolean> {
  const type =
    typeof input === 'string' ? await fileTypeFromFile(input) : await fileTypeFromBuffer(input);
  return type !== undefined && ALLOWED_MIME.has(type.mime);
}

/** Throws the 415 with the spec's message unless the bytes are an allowed image. */
export async function assertImage(input: ImageInput): Promise<void> {
  if (!(await isAllowedImage(input))) throw new AppError(415, MSG.imageUnsupported);
}

/**
 * A decoder over `input` with orientation applied. sharp writes no metadata (EXIF, GPS, XMP,
 * IPTC, comments) unless asked, and converts to sRGB: every output below is clean.
 */
function decode(input: ImageInput) {
  return sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
}

/** sharp's failures as the Spanish 400 a user can act on. */
function asImageError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof Error && /pixel limit/i.test(err.message)) {
    return new AppError(400, SERVER_ERRORS.imageTooManyPixels);
  }
  return new AppError(400, SERVER_ERRORS.imageUnreadable);
}

/**
 * A square WebP avatar: orientation applied from EXIF, then every piece of metadata dropped,
 * so no GPS position ever leaves the server.
 */
export async function toAvatar(data: ImageInput, size = 256): Promise<Buffer> {
  await assertImage(data);
  try {
    return await oneAtATime(() =>
      decode(data).resize(size, size, { fit: 'cover' }).webp({ quality: 85 }).toBuffer(),
    );
  } catch (err) {
    throw asImageError(err);
  }
}

/** One encoded image. */
export interface EncodedImage {
  data: Buffer;
  width: number;
  height: number;
}

/** What a photo or an album cover is stored as. */
export interface ImageVariants {
  /** ≤ 1920 px on the longer side, WebP: the detail view. */
  display: EncodedImage;
  /** ≤ 480 px on the longer side, WebP: grids and cards. */
  thumb: EncodedImage;
  /** A 16 px WebP as a data: URL (a few hundred bytes), shown while the real image loads. */
  placeholder: string;
}

/**
 * Checks the bytes, then decodes once and derives every variant from the display copy, so a
 * 25 MB original is decoded a single time (JPEG shrink-on-load keeps even that small).
 * Throws 415 (type), or 400 (too many pixels, unreadable, truncated).
 */
export async function toImageVariants(input: ImageInput): Promise<ImageVariants> {
  await assertImage(input);
  try {
    return await oneAtATime(() => encodeVariants(input));
  } catch (err) {
    throw asImageError(err);
  }
}

/** The display copy from one decode, then the thumbnail and placeholder from the display copy. */
async function encodeVariants(input: ImageInput): Promise<ImageVariants> {
  const display = await decode(input)
    .resize(DISPLAY_MAX_PX, DISPLAY_MAX_PX, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
  const thumb = await sharp(display.data)
    .resize(THUMB_MAX_PX, THUMB_MAX_PX, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 75 })
    .toBuffer({ resolveWithObject: true });
  const tiny = await sharp(display.data)
    .resize(PLACEHOLDER_PX, PLACEHOLDER_PX, { fit: 'inside' })
    .webp({ quality: 40 })
    .toBuffer();
  return {
    display: { data: display.data, width: display.info.width, height: display.info.height },
    thumb: { data: thumb.data, width: thumb.info.width, height: thumb.info.height },
    placeholder: `data:image/webp;base64,${tiny.toString('base64')}`,
  };
}

/** Where an image's variants were stored. */
export interface StoredImage {
  key: string;
  thumbKey: string;
  placeholder: string;
  width: number;
  height: number;
}

/** What the media helpers use of the app (an AppContext has it all). */
export interface MediaContext {
  storage: MediaStorage;
  mediaJournal: MediaJournal;
  log: FastifyBaseLogger;
}

/** A file to store. */
export interface NewMediaFile {
  key: string;
  data: Buffer;
  contentType: string;
}

/**
 * Journals the keys, then saves the files (decision 011): until `keepMedia` settles them, a crash
 * leaves them to the journal's reconciliation, never as orphans. If a save fails, whatever was
 * saved is removed and the error thrown. After the row pointing to them is committed, call
 * `keepMedia`; if it is not, `deleteMedia`.
 */
export async function saveMedia(media: MediaContext, files: NewMediaFile[]): Promise<void> {
  const keys = files.map((file) => file.key);
  await media.mediaJournal.record(keys);
  try {
    for (const file of files) await media.storage.save(file.key, file.data, file.contentType);
  } catch (err) {
    await deleteMedia(media, keys, err);
    throw err;
  }
}

function isStorageDown(err: unknown): boolean {
  return err instanceof UnavailableError && err.dependency === 'storage';
}

/**
 * Stores the display copy and the thumbnail under fresh random keys in `folder`, journaled as
 * `saveMedia` does: nothing is left half-stored, and the caller settles with `keepMedia` or
 * `deleteMedia`.
 */
export async function storeImageVariants(
  media: MediaContext,
  folder: string,
  variants: ImageVariants,
): Promise<StoredImage> {
  const key = newMediaKey(folder, 'webp');
  const thumbKey = newMediaKey(folder, 'webp');
  await saveMedia(media, [
    { key, data: variants.display.data, contentType: 'image/webp' },
    { key: thumbKey, data: variants.thumb.data, contentType: 'image/webp' },
  ]);
  return {
    key,
    thumbKey,
    placeholder: variants.placeholder,
    width: variants.display.width,
    height: variants.display.height,
  };
}

/** Settles stored files once the row pointing to them is committed. Never throws. */
export function keepMedia(media: MediaContext, keys: (string | null | undefined)[]): Promise<void> {
  return media.mediaJournal.settle(keys);
}

/**
 * Journals the files of a row about to be deleted, or of an image about to be replaced: inside
 * the row's transaction when there is one (`executor`), else before the row changes. Once the
 * change is committed, `deleteMedia` removes the files and settles them.
 */
export function markForDeletion(
  media: MediaContext,
  keys: (string | null | undefined)[],
  executor?: Kysely<Database> | Transaction<Database>,
): Promise<void> {
  return media.mediaJournal.record(keys, executor);
}

/**
 * Deletes files one by one, never throwing, and settles each one deleted; `cause` is the
 * failure that made them unwanted, if any. It runs after the rows
 * are gone: a file that cannot be removed is logged and stays journaled, and the next sweep,
 * soon, tries again.
 */
export async function deleteMedia(
  media: MediaContext,
  keys: (string | null | undefined)[],
  cause?: unknown,
): Promise<void> {
  const deleted: string[] = [];
  const left: string[] = [];
  // A storage that does not answer would make each delete wait its whole deadline: once it has
  // failed (or `cause`, the failure that led here, says so), the rest are left to the sweep.
  let storageDown = isStorageDown(cause);
  for (const key of keys) {
    if (!key) continue;
    if (storageDown) {
      left.push(key);
      continue;
    }
    try {
      await media.storage.delete(key);
      deleted.push(key);
    } catch (err) {
      media.log.warn({ err, key }, 'no se pudo borrar un archivo de medios');
      left.push(key);
      storageDown = isStorageDown(err);
    }
  }
  await media.mediaJournal.settle(deleted);
  // Swept again soon, not after the hour's lease: nothing is on its way to point to them.
  media.mediaJournal.abandon(left);
}
