import { MSG } from '@fogata/shared';
import { AppError } from '../lib/app-error.js';
import { type ImageVariants, toImageVariants } from './image-pipeline.js';
import {
  deleteMedia,
  keepMedia,
  type MediaContext,
  markForDeletion,
  type StoredImage,
  saveMedia,
  storeImageVariants,
} from './media-files.js';
import { newMediaKey } from './storage/storage.js';
import type { UploadedFile } from './upload.js';
import { PRIVATE_KEY_PREFIX } from './url-signer.js';

/**
 * A public image whose clean display copy is also kept PRIVATE (news and experiences, under image
 * consent, decision 085): the public copy may later be replaced by one with faces blurred, and
 * the clean bytes must then be at no public URL.
 */
export interface StoredPublicImage extends StoredImage {
  originalKey: string | null;
}

/** Where the private original of a public image in `folder` goes. */
export function originalFolder(folder: string): string {
  return `${PRIVATE_KEY_PREFIX}${folder}`;
}

/** The keys of a stored public image, its original included. */
function keysOf(image: StoredPublicImage): string[] {
  return [image.key, image.thumbKey, ...(image.originalKey ? [image.originalKey] : [])];
}

/** Stores `variants` publicly and, with `keepOriginal`, the display copy privately too. */
async function storeVariants(
  ctx: MediaContext,
  folder: string,
  variants: ImageVariants,
  keepOriginal: boolean,
): Promise<StoredPublicImage> {
  const stored = await storeImageVariants(ctx, folder, variants);
  if (!keepOriginal) return { ...stored, originalKey: null };
  const originalKey = newMediaKey(originalFolder(folder), 'webp');
  try {
    await saveMedia(ctx, [
      { key: originalKey, data: variants.display.data, contentType: 'image/webp' },
    ]);
  } catch (err) {
    await deleteMedia(ctx, [stored.key, stored.thumbKey], err);
    throw err;
  }
  return { ...stored, originalKey };
}

/**
 * Turns an upload into stored variants in a PUBLIC folder (not `private/`): the URLs are plain
 * `/media/…` ones, cached for a year, and a new image always gets new keys. A file over 25 MB is
 * a 413; a file that is not an allowed image a 415; an unreadable one or a pixel bomb a 400.
 */
export async function storePublicImage(
  ctx: MediaContext,
  folder: string,
  file: UploadedFile,
  keepOriginal = false,
): Promise<StoredPublicImage> {
  if (file.tooLarge) throw new AppError(413, MSG.imageTooLarge);
  return storeVariants(ctx, folder, await toImageVariants(file.path), keepOriginal);
}

/** The `image_*` columns of a row for a stored image. */
export type ImageColumns = ReturnType<typeof imageColumns>;

/** The `image_*` columns of news, experiences and monitors for a stored image. */
export function imageColumns(image: StoredPublicImage) {
  return {
    image_key: image.key,
    image_thumb_key: image.thumbKey,
    image_placeholder: image.placeholder,
    image_width: image.width,
    image_height: image.height,
    // Only news and experiences keep an original (and a blur set: none, the upload as it came).
    ...(image.originalKey ? { image_original_key: image.originalKey, image_blur_set: '' } : {}),
  };
}

/** Removes a stored image's files (never throws; failures are logged). */
export function deleteStoredImage(
  ctx: MediaContext,
  image: StoredPublicImage | null,
): Promise<void> {
  if (!image) return Promise.resolve();
  return deleteMedia(ctx, keysOf(image));
}

/**
 * Stores `file` in `folder`, then inserts the row with its image columns; if the insert fails,
 * the new files are removed, so a failed create leaves neither a row nor a file. The files are
 * journaled until the row is in (a crash in between leaves them to reconciliation).
 */
export async function insertWithImage<T>(
  ctx: MediaContext,
  folder: string,
  file: UploadedFile,
  insert: (columns: ImageColumns) => Promise<T>,
  keepOriginal = false,
): Promise<T> {
  const image = await storePublicImage(ctx, folder, file, keepOriginal);
  let result: T;
  try {
    result = await insert(imageColumns(image));
  } catch (err) {
    await deleteStoredImage(ctx, image);
    throw err;
  }
  await keepMedia(ctx, keysOf(image));
  return result;
}

/**
 * Stores `file` (when one came) in `folder`, then updates the row, with the new image columns or
 * none (the image is kept). `update` answers whether the row was still there. When it fails or the
 * row is gone, the new files are removed; when a new image went in, the files of `previous` are.
 * The files of `previous` are journaled before the row changes; if the update fails they stay
 * journaled, and reconciliation keeps them (a row still points to them).
 */
export async function updateWithImage(
  ctx: MediaContext,
  folder: string,
  file: UploadedFile | undefined,
  previous: {
    image_key: string | null;
    image_thumb_key: string | null;
    image_original_key?: string | null;
  },
  update: (columns: ImageColumns | Record<string, never>) => Promise<boolean>,
  keepOriginal = false,
): Promise<boolean> {
  const image = file ? await storePublicImage(ctx, folder, file, keepOriginal) : null;
  const old = [previous.image_key, previous.image_thumb_key, previous.image_original_key];
  let updated: boolean;
  try {
    if (image) await markForDeletion(ctx, old);
    updated = await update(image ? imageColumns(image) : {});
  } catch (err) {
    await deleteStoredImage(ctx, image);
    throw err;
  }
  if (!updated) await deleteStoredImage(ctx, image);
  else if (image) {
    await keepMedia(ctx, keysOf(image));
    await deleteMedia(ctx, old);
  }
  return updated;
}
