import { MSG } from '@fogata/shared';
import { AppError } from '../lib/app-error.js';
import { type FaceSearch, type FaceSearchContext, searchFaces } from './face-search.js';
import { toImageVariants } from './image-pipeline.js';
import {
  deleteMedia,
  keepMedia,
  type MediaContext,
  markForDeletion,
  type StoredImage,
  storeImageVariants,
} from './media-files.js';
import type { UploadedFile } from './upload.js';

/**
 * Turns an upload into stored variants in a PUBLIC folder (not `private/`): the URLs are plain
 * `/media/…` ones, cached for a year, and a new image always gets new keys. A file over 25 MB is
 * a 413; a file that is not an allowed image a 415; an unreadable one or a pixel bomb a 400.
 */
export async function storePublicImage(
  ctx: MediaContext,
  folder: string,
  file: UploadedFile,
): Promise<StoredImage> {
  if (file.tooLarge) throw new AppError(413, MSG.imageTooLarge);
  return storeImageVariants(ctx, folder, await toImageVariants(file.path));
}

/**
 * Like `storePublicImage`, looking for faces between the variants and the store (issue #25): the
 * news and experiences images, which reach anonymous visitors.
 */
async function storePublicImageWithFaces(
  ctx: MediaContext & FaceSearchContext,
  folder: string,
  file: UploadedFile,
): Promise<{ image: StoredImage; faces: FaceSearch }> {
  if (file.tooLarge) throw new AppError(413, MSG.imageTooLarge);
  const variants = await toImageVariants(file.path);
  const faces = await searchFaces(ctx, variants.display.data, file.filename);
  return { image: await storeImageVariants(ctx, folder, variants), faces };
}

/** Whether an image's faces are looked for: `faces: true` for those of news and experiences. */
export interface PublicImageOptions {
  faces?: boolean;
}

/** Stores `file`, with its faces when `options.faces` asks for them (else `faces` is null). */
async function storeWithOptions(
  ctx: MediaContext & FaceSearchContext,
  folder: string,
  file: UploadedFile,
  options: PublicImageOptions,
): Promise<{ image: StoredImage; faces: FaceSearch | null }> {
  if (options.faces) return storePublicImageWithFaces(ctx, folder, file);
  return { image: await storePublicImage(ctx, folder, file), faces: null };
}

/** The `image_*` columns of a row for a stored image. */
export type ImageColumns = ReturnType<typeof imageColumns>;

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
export function deleteStoredImage(ctx: MediaContext, image: StoredImage | null): Promise<void> {
  if (!image) return Promise.resolve();
  return deleteMedia(ctx, [image.key, image.thumbKey]);
}

/**
 * Stores `file` in `folder`, then inserts the row with its image columns (and, with `faces`, the
 * faces found, for `insert` to write in the row's transaction); if the insert fails,
 * the new files are removed, so a failed create leaves neither a row nor a file. The files are
 * journaled until the row is in (a crash in between leaves them to reconciliation).
 */
export async function insertWithImage<T>(
  ctx: MediaContext & FaceSearchContext,
  folder: string,
  file: UploadedFile,
  insert: (columns: ImageColumns, faces: FaceSearch | null) => Promise<T>,
  options: PublicImageOptions = {},
): Promise<T> {
  const { image, faces } = await storeWithOptions(ctx, folder, file, options);
  let result: T;
  try {
    result = await insert(imageColumns(image), faces);
  } catch (err) {
    await deleteStoredImage(ctx, image);
    throw err;
  }
  await keepMedia(ctx, [image.key, image.thumbKey]);
  return result;
}

/**
 * Stores `file` (when one came) in `folder`, then updates the row, with the new image columns or
 * none (the image is kept), and with `faces`, the faces found in the new image (null: no new
 * image, or faces not asked for). `update` answers whether the row was still there. When it fails or the
 * row is gone, the new files are removed; when a new image went in, the files of `previous` are.
 * The files of `previous` are journaled before the row changes; if the update fails they stay
 * journaled, and reconciliation keeps them (a row still points to them).
 */
export async function updateWithImage(
  ctx: MediaContext & FaceSearchContext,
  folder: string,
  file: UploadedFile | undefined,
  previous: { image_key: string | null; image_thumb_key: string | null },
  update: (
    columns: ImageColumns | Record<string, never>,
    faces: FaceSearch | null,
  ) => Promise<boolean>,
  options: PublicImageOptions = {},
): Promise<boolean> {
  const stored = file ? await storeWithOptions(ctx, folder, file, options) : null;
  const image = stored?.image ?? null;
  const old = [previous.image_key, previous.image_thumb_key];
  let updated: boolean;
  try {
    if (image) await markForDeletion(ctx, old);
    updated = await update(image ? imageColumns(image) : {}, stored?.faces ?? null);
  } catch (err) {
    await deleteStoredImage(ctx, image);
    throw err;
  }
  if (!updated) await deleteStoredImage(ctx, image);
  else if (image) {
    await keepMedia(ctx, [image.key, image.thumbKey]);
    await deleteMedia(ctx, old);
  }
  return updated;
}
