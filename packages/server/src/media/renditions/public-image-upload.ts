import { MSG } from '@fogata/shared';
import { readGroupSettings } from '../../db/group-settings.js';
import { AppError } from '../../lib/app-error.js';
import { toBlurredVariants } from '../copies/face-blur.js';
import {
  type FaceSearch,
  type FaceSearchContext,
  searchFaces,
  UNSEARCHED_FACE_ID,
} from '../face-search.js';
import { type ImageVariants, toImageVariants } from '../image-pipeline.js';
import {
  deleteMedia,
  keepMedia,
  type MediaContext,
  markForDeletion,
  type StoredImage,
  saveMedia,
  storeImageVariants,
} from '../media-files.js';
import { newMediaKey } from '../storage/storage.js';
import type { UploadedFile } from '../upload.js';
import { PRIVATE_KEY_PREFIX } from '../url-signer.js';

/**
 * A public image whose clean display copy is also kept PRIVATE (news and experiences, under image
 * consent, decision 085): the public copy may later be replaced by one with faces blurred, and
 * the clean bytes must then be at no public URL.
 */
export interface StoredPublicImage extends StoredImage {
  originalKey: string | null;
  /**
   * Which faces the public copy blurs, as `image_blur_set`: '' none; '*' every face found at the
   * upload, before they had ids (the first recheck gives it its exact set and a new URL).
   */
  blurSet: string;
}

/** The blur set of a public copy made before its faces had ids: never equal to a real one. */
export const BLURRED_BEFORE_IDS = '*';

/** Where the private original of a public image in `folder` goes. */
export function originalFolder(folder: string): string {
  return `${PRIVATE_KEY_PREFIX}${folder}`;
}

/** The keys of a stored public image, its original included. */
function keysOf(image: StoredPublicImage): string[] {
  return [image.key, image.thumbKey, ...(image.originalKey ? [image.originalKey] : [])];
}

/**
 * Stores `variants` publicly and, with `keepOriginal`, the display copy privately too. With
 * `publicCopy`, that is what goes public instead (the faces blurred), the original staying private.
 */
async function storeVariants(
  ctx: MediaContext,
  folder: string,
  variants: ImageVariants,
  keepOriginal: boolean,
  publicCopy: { variants: ImageVariants; blurSet: string } | null = null,
): Promise<StoredPublicImage> {
  const stored = await storeImageVariants(ctx, folder, publicCopy?.variants ?? variants);
  const blurSet = publicCopy?.blurSet ?? '';
  if (!keepOriginal) return { ...stored, originalKey: null, blurSet };
  const originalKey = newMediaKey(originalFolder(folder), 'webp');
  try {
    await saveMedia(ctx, [
      { key: originalKey, data: variants.display.data, contentType: 'image/webp' },
    ]);
  } catch (err) {
    await deleteMedia(ctx, [stored.key, stored.thumbKey], err);
    throw err;
  }
  return { ...stored, originalKey, blurSet };
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

/** How an image is stored: its faces looked for (news, experiences), its original kept private. */
export interface PublicImageOptions {
  faces?: boolean;
  keepOriginal?: boolean;
}

/** What the public helpers need of the app: media, the detector, and the database's settings. */
export type PublicImageContext = MediaContext &
  FaceSearchContext & { db?: { kysely: Parameters<typeof readGroupSettings>[0] } };

/**
 * The public copy of an image with faces, while image consent applies: every face found blurred
 * (none is reviewed yet), or the whole image when the detector failed on it (it is not searched:
 * decision 099); null when no face was found.
 */
async function blurredPublicCopy(
  display: Buffer,
  faces: FaceSearch,
): Promise<{ variants: ImageVariants; blurSet: string } | null> {
  if (!('found' in faces)) {
    const whole = { x: 0, y: 0, width: 1, height: 1 };
    return {
      variants: await toBlurredVariants(display, [whole]),
      blurSet: String(UNSEARCHED_FACE_ID),
    };
  }
  if (faces.found.length === 0) return null;
  return {
    variants: await toBlurredVariants(display, faces.found),
    blurSet: BLURRED_BEFORE_IDS,
  };
}

/**
 * Stores `file`, with its faces when `options.faces` asks for them (else `faces` is null). A
 * public copy with faces found, while image consent applies, goes out with every face blurred
 * (none is reviewed yet), or blurred whole when they could not be looked for: an immutable
 * public URL must never have held the clean bytes.
 */
async function storeWithOptions(
  ctx: PublicImageContext,
  folder: string,
  file: UploadedFile,
  options: PublicImageOptions,
): Promise<{ image: StoredPublicImage; faces: FaceSearch | null }> {
  if (file.tooLarge) throw new AppError(413, MSG.imageTooLarge);
  const variants = await toImageVariants(file.path);
  const keepOriginal = options.keepOriginal ?? false;
  if (!options.faces) {
    return { image: await storeVariants(ctx, folder, variants, keepOriginal), faces: null };
  }
  const faces = await searchFaces(ctx, variants.display.data, file.filename);
  const enforced = ctx.db ? (await readGroupSettings(ctx.db.kysely)).image_consent_enforced : true;
  const publicCopy =
    keepOriginal && enforced ? await blurredPublicCopy(variants.display.data, faces) : null;
  return { image: await storeVariants(ctx, folder, variants, keepOriginal, publicCopy), faces };
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
    // Only news and experiences keep an original, and the faces their public copy blurs.
    ...(image.originalKey
      ? { image_original_key: image.originalKey, image_blur_set: image.blurSet }
      : {}),
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
 * Stores `file` in `folder`, then inserts the row with its image columns (and, with `faces`, the
 * faces found, for `insert` to write in the row's transaction); if the insert fails, the new
 * files are removed, so a failed create leaves neither a row nor a file. The files are journaled
 * until the row is in (a crash in between leaves them to reconciliation).
 */
export async function insertWithImage<T>(
  ctx: PublicImageContext,
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
  await keepMedia(ctx, keysOf(image));
  return result;
}

/**
 * Stores `file` (when one came) in `folder`, then updates the row, with the new image columns or
 * none (the image is kept), and with `faces`, the faces found in the new image (null: no new
 * image, or faces not asked for). `update` answers whether the row was still there. When it
 * fails or the row is gone, the new files are removed; when a new image went in, the files of
 * `previous` are. The files of `previous` are journaled before the row changes; if the update
 * fails they stay journaled, and reconciliation keeps them (a row still points to them).
 */
export async function updateWithImage(
  ctx: PublicImageContext,
  folder: string,
  file: UploadedFile | undefined,
  previous: {
    image_key: string | null;
    image_thumb_key: string | null;
    image_original_key?: string | null;
  },
  update: (
    columns: ImageColumns | Record<string, never>,
    faces: FaceSearch | null,
  ) => Promise<boolean>,
  options: PublicImageOptions = {},
): Promise<boolean> {
  const stored = file ? await storeWithOptions(ctx, folder, file, options) : null;
  const image = stored?.image ?? null;
  const old = [previous.image_key, previous.image_thumb_key, previous.image_original_key];
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
    await keepMedia(ctx, keysOf(image));
    await deleteMedia(ctx, old);
  }
  return updated;
}
