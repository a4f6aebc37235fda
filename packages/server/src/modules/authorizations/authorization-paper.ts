import { AUTHORIZATION_ERRORS, MSG } from '@fogata/shared';
import sharp from 'sharp';
import { AppError } from '../../lib/app-error.js';
import { asImageError, isAllowedImage, MAX_INPUT_PIXELS } from '../../media/image-pipeline.js';
import { lowerImageThreads } from '../../media/image-threads.js';
import type { UploadedFile } from '../../media/upload.js';

/** Longer side of a stored paper scan: enough to read a signed form, no more. */
const SCAN_MAX_PX = 2400;

/**
 * A photo or scan of a signed paper autorización as it is kept: orientation applied, then
 * re-encoded as a JPEG by sharp, which writes no metadata unless asked — no EXIF, no GPS position
 * of the phone that took it, no camera or software names.
 */
export async function toPaperScan(file: UploadedFile): Promise<Buffer> {
  if (file.tooLarge) throw new AppError(413, MSG.imageTooLarge);
  if (!(await isAllowedImage(file.path))) {
    throw new AppError(415, AUTHORIZATION_ERRORS.paperFileInvalid);
  }
  try {
    return await sharp(file.path, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(SCAN_MAX_PX, SCAN_MAX_PX, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 85 })
      .toBuffer()
      .finally(lowerImageThreads);
  } catch (err) {
    throw asImageError(err);
  }
}
