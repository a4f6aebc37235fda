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

/** Does `job`; sharp's own errors are thrown as they come (the parent words them). */
export async function runImageWork(job: ImageJob): Promise<Buffer | ImageVariants> {
  switch (job.kind) {
    case 'variants':
      // The display copy from one decode (JPEG shrink-on-load keeps even a 25 MB original
      // small), then the thumbnail and placeholder from the display copy.
      return deriveVariants(decode(job.input));
    case 'avatar':
      return decode(job.input)
        .resize(job.size, job.size, { fit: 'cover' })
        .webp({ quality: 85 })
        .toBuffer();
    case 'blurred': {
      // Each variant derived from the blurred display copy, so no variant keeps a face.
      const { data, info } = await blurredPixels(job.display, job.boxes);
      return deriveVariants(sharp(data, { raw: info }));
    }
    case 'whole-blur': {
      // A smooth image: encoded with the least effort, which costs a small share of the usual on
      // a large image and, with no detail to keep, loses nothing to see.
      const { data, info } = await wholeBlurPixels(job.small, job.width, job.height);
      return deriveVariants(sharp(data, { raw: info }), { effort: 0 });
    }
  }
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
