import { MSG } from '@fogata/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import {
  deleteMedia,
  type StoredImage,
  storeImageVariants,
  toImageVariants,
} from '../../lib/media.js';
import type { UploadedFile } from '../../lib/media-upload.js';

/**
 * Turns an upload into stored variants in a PUBLIC folder (not `private/`): the URLs are plain
 * `/media/…` ones, cached for a year, and a new image always gets new keys. A file over 25 MB is
 * a 413; a file that is not an allowed image a 415; an unreadable one or a pixel bomb a 400.
 */
export async function storePublicImage(
  ctx: AppContext,
  folder: string,
  file: UploadedFile,
): Promise<StoredImage> {
  if (file.tooLarge) throw new AppError(413, MSG.imageTooLarge);
  return storeImageVariants(ctx.storage, folder, await toImageVariants(file.path));
}

/** The `image_*` columns of news, experiences and monitors for a stored image. */
export function imageColumns(image: StoredImage) {
  return {
    image_key: image.key,
    image_thumb_key: image.thumbKey,
    image_placeholder: image.placeholder,
    image_width: image.width,
    image_height: image.height,
  };
}

/** Removes a stored image's files (never throws; failures are logged). */
export function deleteStoredImage(ctx: AppContext, image: StoredImage | null): Promise<void> {
  if (!image) return Promise.resolve();
  return deleteMedia(ctx.storage, [image.key, image.thumbKey], ctx.log);
}
