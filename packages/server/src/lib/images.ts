import { MSG, SERVER_ERRORS } from '@fogata/shared';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from './app-error.js';

const ALLOWED_MIME = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

/** Above this many pixels an image is refused before decoding: no decompression bombs. */
export const MAX_INPUT_PIXELS = 50_000_000;

/** Checks the bytes, not the name: only jpg, png, gif and webp get through (else 415). */
export async function assertImage(data: Buffer): Promise<void> {
  const type = await fileTypeFromBuffer(data);
  if (!type || !ALLOWED_MIME.has(type.mime)) throw new AppError(415, MSG.imageUnsupported);
}

/**
 * A square WebP avatar: orientation applied from EXIF, then every piece of metadata dropped
 * (sharp writes none unless asked), so no GPS position ever leaves the server.
 */
export async function toAvatar(data: Buffer, size = 256): Promise<Buffer> {
  await assertImage(data);
  try {
    return await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(size, size, { fit: 'cover' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) {
      throw new AppError(400, SERVER_ERRORS.imageTooManyPixels);
    }
    throw new AppError(400, SERVER_ERRORS.imageUnreadable);
  }
}
