import { MSG, SERVER_ERRORS } from '@fogata/shared';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import sharp, { type Sharp } from 'sharp';
import { AppError } from '../lib/app-error.js';
import { type TurnPriority, Turns } from '../lib/turns.js';
import { lowerImageThreads } from './image-threads.js';

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
 * How soon an image job is wanted: `urgent` for someone waiting on screen (a family's page asking
 * for a copy not made yet), so a page never waits behind a camp's worth of uploads.
 */
export type ImageJobPriority = TurnPriority;

/**
 * Image decoding runs one at a time in the whole process, whatever the number of uploads in
 * flight: a 50-megapixel photo takes ~150 MB decoded, and the machine may be small. The waiting
 * jobs start in order, the urgent ones first.
 */
const imageJobs = new Turns(1);

/** How many image jobs wait for their turn (the one running aside). */
export function waitingImageJobs(): number {
  return imageJobs.waitingCount;
}

function oneAtATime<T>(task: () => Promise<T>, priority?: ImageJobPriority): Promise<T> {
  return imageJobs.run(async () => {
    lowerImageThreads();
    try {
      return await task();
    } finally {
      lowerImageThreads();
    }
  }, priority);
}

/** An image given as its bytes or as the path of a file holding them (an upload's temp file). */
export type ImageInput = Buffer | string;

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

/**
 * A decoder over `input` with orientation applied. sharp writes no metadata (EXIF, GPS, XMP,
 * IPTC, comments) unless asked, and converts to sRGB: every output below is clean.
 */
function decode(input: ImageInput) {
  return sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
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
function encodeVariants(input: ImageInput): Promise<ImageVariants> {
  return deriveVariants(decode(input));
}

/**
 * The variants of an image already decoded into `pipeline` (a blurred display copy): its own
 * copy of `toImageVariants`' recipe, run one at a time like every decode.
 */
export function toVariantsFromDisplay(
  pipeline: Sharp,
  priority?: ImageJobPriority,
): Promise<ImageVariants> {
  return oneAtATime(() => deriveVariants(pipeline), priority);
}

/**
 * The variants of a smooth image (a photo blurred whole) in `pipeline`: encoded with the least
 * effort, which costs a small share of the usual on a large image and, with no detail to keep,
 * loses nothing to see.
 */
export function toSmoothVariants(
  pipeline: Sharp,
  priority?: ImageJobPriority,
): Promise<ImageVariants> {
  return oneAtATime(() => deriveVariants(pipeline, { effort: 0 }), priority);
}

async function deriveVariants(
  pipeline: Sharp,
  encoding: { effort?: number } = {},
): Promise<ImageVariants> {
  const display = await pipeline
    .resize(DISPLAY_MAX_PX, DISPLAY_MAX_PX, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 82, ...encoding })
    .toBuffer({ resolveWithObject: true });
  const thumb = await sharp(display.data)
    .resize(THUMB_MAX_PX, THUMB_MAX_PX, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 75, ...encoding })
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
