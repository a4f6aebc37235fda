import sharp, { type Sharp } from 'sharp';
import { type BlurBox, blurredPixels, wholeBlurPixels } from './copies/face-blur.js';
import {
  DISPLAY_MAX_PX,
  type ImageInput,
  type ImageVariants,
  MAX_INPUT_PIXELS,
  PLACEHOLDER_PX,
  THUMB_MAX_PX,
} from './image-variants.js';

/*
 * The pixel work of the image pipeline: what runs in the image process (`image-worker.ts`), one
 * job at a time. Each job is plain data (bytes, a file's path, boxes), so it crosses between the
 * processes whole.
 */

// Every upload is a new image: libvips' operation cache would only hold memory (up to 50 MB of
// decoded pixels) for nothing on a small machine.
sharp.cache(false);

/** A job for the image process, and what it answers. */
export type ImageJob =
  /** The variants of an image, decoded once. */
  | { kind: 'variants'; input: ImageInput }
  /** A square WebP avatar of `size` pixels. */
  | { kind: 'avatar'; input: ImageInput; size: number }
  /** The variants of `display` (a stored display copy) with `boxes` blurred. */
  | { kind: 'blurred'; display: Buffer; boxes: readonly BlurBox[] }
  /** The variants of an image blurred whole, `width`×`height`, from `small` (its thumbnail). */
  | { kind: 'whole-blur'; small: Buffer; width: number; height: number };

/**
 * A decoder over `input` with orientation applied. sharp writes no metadata (EXIF, GPS, XMP,
 * IPTC, comments) unless asked, and converts to sRGB: every output below is clean.
 */
function decode(input: ImageInput) {
  return sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
}

/**
 * How hard WebP works to make the display copy small. libwebp's default (4) spends much more CPU
 * than 2 on a 1920 px copy for a slightly smaller file, and every upload and every blurred copy
 * encodes one (decision 201).
 */
export const DISPLAY_WEBP_EFFORT = 2;

/** Does `job`; sharp's own errors are thrown as they come (the parent words them). */
export async function runImageWork(job: ImageJob): Promise<Buffer | ImageVariants> {
  switch (job.kind) {
    case 'variants':
      // The photo decoded once, straight to the display copy's size (JPEG shrink-on-load keeps
      // even a 25 MB original small); every variant is made from those pixels.
      return deriveVariants(await rawPixels(decode(job.input)));
    case 'avatar':
      return decode(job.input)
        .resize(job.size, job.size, { fit: 'cover' })
        .webp({ quality: 85 })
        .toBuffer();
    case 'blurred':
      // Each variant derived from the blurred display copy, so no variant keeps a face.
      return deriveVariants(await blurredPixels(job.display, job.boxes));
    case 'whole-blur':
      // A smooth image: encoded with the least effort, which costs a small share of the usual on
      // a large image and, with no detail to keep, loses nothing to see.
      return deriveVariants(await wholeBlurPixels(job.small, job.width, job.height), {
        effort: 0,
      });
  }
}

/** Raw pixels and their size, as `deriveVariants` takes them. */
interface RawImage {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

/** The decoded image at most the display copy's size, as raw pixels: the only decode of a job. */
async function rawPixels(pipeline: Sharp): Promise<RawImage> {
  const { data, info } = await pipeline
    .resize(DISPLAY_MAX_PX, DISPLAY_MAX_PX, { fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, info: { width: info.width, height: info.height, channels: info.channels } };
}

/**
 * The display copy, thumbnail and placeholder of `image` (raw pixels): the display copy encoded
 * from them, the thumbnail shrunk from them, the placeholder from the thumbnail's pixels. No
 * encoded variant is decoded again, and raw pixels carry no metadata.
 */
async function deriveVariants(
  image: RawImage,
  encoding: { effort?: number } = {},
): Promise<ImageVariants> {
  const raw = { raw: image.info };
  const display = await sharp(image.data, raw)
    .resize(DISPLAY_MAX_PX, DISPLAY_MAX_PX, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 82, effort: DISPLAY_WEBP_EFFORT, ...encoding })
    .toBuffer({ resolveWithObject: true });
  const small = await sharp(image.data, raw)
    .resize(THUMB_MAX_PX, THUMB_MAX_PX, { fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const smallRaw = {
    raw: { width: small.info.width, height: small.info.height, channels: small.info.channels },
  };
  const thumb = await sharp(small.data, smallRaw)
    .webp({ quality: 75, ...encoding })
    .toBuffer({ resolveWithObject: true });
  const tiny = await sharp(small.data, smallRaw)
    .resize(PLACEHOLDER_PX, PLACEHOLDER_PX, { fit: 'inside' })
    .webp({ quality: 40 })
    .toBuffer();
  return {
    display: { data: display.data, width: display.info.width, height: display.info.height },
    thumb: { data: thumb.data, width: thumb.info.width, height: thumb.info.height },
    placeholder: `data:image/webp;base64,${tiny.toString('base64')}`,
  };
}
