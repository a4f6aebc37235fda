import { MSG, SERVER_ERRORS } from '@fogata/shared';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import { AppError } from '../lib/app-error.js';
import { runImageJob } from './image-child.js';
import type { ImageInput, ImageVariants } from './image-variants.js';
import type { ImageJob } from './image-work.js';

export { type ImageJobPriority, waitingImageJobs } from './image-child.js';
export { type ImageVariants, MAX_INPUT_PIXELS } from './image-variants.js';

const ALLOWED_MIME = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

/** Whether the bytes are a jpg, png, gif or webp: judged by content, never by name or header. */
export async function isAllowedImage(input: ImageInput): Promise<boolean> {
  const type =
    typeof input === 'string' ? await fileTypeFromFile(input) : await fileTypeFromBuffer(input);
  return type !== undefined && ALLOWED_MIME.has(type.mime);
}

/** Throws the 415 with the product's message unless the bytes are an allowed image. */
export async function assertImage(input: ImageInput): Promise<void> {
  if (!(await isAllowedImage(input))) throw new AppError(415, MSG.imageUnsupported);
}

/** sharp's failures as the Spanish 400 a user can act on. */
export function asImageError(err: unknown): AppError {
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
    return await runImageJob<Buffer>({ kind: 'avatar', input: data, size } satisfies ImageJob);
  } catch (err) {
    throw asImageError(err);
  }
}

/**
 * Checks the bytes, then decodes once and derives every variant from the display copy, so a
 * 25 MB original is decoded a single time (JPEG shrink-on-load keeps even that small).
 * Throws 415 (type), or 400 (too many pixels, unreadable, truncated).
 */
export async function toImageVariants(input: ImageInput): Promise<ImageVariants> {
  await assertImage(input);
  try {
    return await runImageJob<ImageVariants>({ kind: 'variants', input } satisfies ImageJob);
  } catch (err) {
    throw asImageError(err);
  }
}
