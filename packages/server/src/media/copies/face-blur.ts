import sharp from 'sharp';
import { type ImageJobPriority, runImageJob } from '../image-child.js';
import type { ImageVariants } from '../image-variants.js';

/*
 * The blur that hides a face in what is served (decision 063). Irreversible by construction: the
 * region is first shrunk to a few pixels — what is left holds no features to recover — then grown
 * back smooth and blurred, so it reads as a soft patch, not as a mosaic that invites
 * "unpixelating". The region is padded well beyond the detector's box, which may be tight or a
 * little off, to take in hair, ears and chin.
 */

/** A box as fractions (0..1) of the image's width and height. */
export interface BlurBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** How far beyond the box the blur reaches, on each side, as a share of the box's size. */
export const BLUR_PADDING = 0.5;

/**
 * Beyond this blur radius, the patch is smoothed at a smaller scale and grown back. A Gaussian's
 * cost grows with its radius, and a patch smoothed over this many of its pixels has nothing left
 * that growing it back linearly would show: every face of a photo is cheap to blur (decision 208).
 */
const MAX_FULL_SIZE_SIGMA = 4;

/** Across its width, the region keeps this many pixels of information at most. */
const CELLS_ACROSS = 6;

/** `value` without the last bits of floating-point noise (0.3 × 1000 is 299.99999999999994). */
function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** A box padded by BLUR_PADDING and clamped to a `width`×`height` image, in whole pixels. */
export function paddedRegion(box: BlurBox, width: number, height: number) {
  const left = Math.max(0, Math.floor(round((box.x - box.width * BLUR_PADDING) * width)));
  const top = Math.max(0, Math.floor(round((box.y - box.height * BLUR_PADDING) * height)));
  const right = Math.min(width, Math.ceil(round((box.x + box.width * (1 + BLUR_PADDING)) * width)));
  const bottom = Math.min(
    height,
    Math.ceil(round((box.y + box.height * (1 + BLUR_PADDING)) * height)),
  );
  return { left, top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) };
}

/** Raw pixels of a `width`×`height` image with `channels` channels. */
interface RawSize {
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

/**
 * The soft patch that covers a `region.width`×`region.height` region, grown from its few cells
 * (`tiny`, raw pixels of size `cells`): grown back smooth and blurred, raw pixels of the region's
 * size with the cells' channels.
 */
async function softPatch(
  tiny: Buffer,
  cells: RawSize,
  region: { width: number; height: number },
): Promise<Buffer> {
  const sigma = Math.max(2, Math.min(region.width, region.height) / 8);
  // A large region (a whole photo not searched yet) is smoothed at a fraction of its size and
  // grown back: the same soft patch, since it holds a few cells of information, without a
  // blur whose cost grows with its radius (seconds of a core for a whole photo).
  const scale = Math.max(1, Math.floor(sigma / MAX_FULL_SIZE_SIGMA));
  const smoothed = await sharp(tiny, { raw: cells })
    .resize(Math.ceil(region.width / scale), Math.ceil(region.height / scale), {
      fit: 'fill',
      kernel: 'cubic',
    })
    .blur(sigma / scale)
    .raw()
    .toBuffer({ resolveWithObject: true });
  // Grown back linearly: smoothed over dozens of its pixels, it has no edge for a finer kernel to
  // keep, and a cubic one costs far more on a whole photo.
  return scale === 1
    ? smoothed.data
    : sharp(smoothed.data, { raw: smoothed.info })
        .resize(region.width, region.height, { fit: 'fill', kernel: 'linear' })
        .raw()
        .toBuffer();
}

/** `image` (encoded bytes) with every box blurred, as raw RGB pixels and their size. */
export async function blurredPixels(image: Buffer, boxes: readonly BlurBox[]) {
  const { data, info } = await sharp(image)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const patches = await Promise.all(
    boxes.map(async (box) => {
      const region = paddedRegion(box, info.width, info.height);
      const cellsDown = Math.max(1, Math.round((CELLS_ACROSS * region.height) / region.width));
      const cells = {
        width: Math.min(CELLS_ACROSS, region.width),
        height: Math.min(cellsDown, region.height),
        channels: info.channels,
      };
      const tiny = await sharp(data, { raw: info })
        .extract(region)
        .resize(cells.width, cells.height, { fit: 'fill', kernel: 'cubic' })
        .raw()
        .toBuffer();
      return { patch: await softPatch(tiny, cells, region), region };
    }),
  );
  // Each patch laid over its region row by row, in the boxes' order (a later one over an earlier
  // one where they overlap): a plain copy of bytes, where a composite of the whole photo would
  // convert every pixel of it and back (decision 208).
  const channels = info.channels;
  for (const { patch, region } of patches) {
    const rowBytes = region.width * channels;
    for (let row = 0; row < region.height; row += 1) {
      const to = ((region.top + row) * info.width + region.left) * channels;
      patch.copy(data, to, row * rowBytes, (row + 1) * rowBytes);
    }
  }
  return { data, info };
}

/**
 * The display copy, thumbnail and placeholder of `display` (a stored display copy's bytes) with
 * `boxes` blurred: each derived from the blurred display copy, so no variant keeps a face.
 * Made in the image process; `priority` places it among the other image jobs.
 */
export function toBlurredVariants(
  display: Buffer,
  boxes: readonly BlurBox[],
  priority?: ImageJobPriority,
): Promise<ImageVariants> {
  return runImageJob<ImageVariants>({ kind: 'blurred', display, boxes }, priority);
}

/**
 * The pixels of an image blurred whole (one whose faces were not looked for yet), `width`×`height`
 * like its display copy, made from a small copy of the same image (`small`: its thumbnail's
 * bytes). Blurred whole, the image keeps only its few cells of information, which a small copy
 * holds as well as the display copy: the same soft patch as `blurredPixels` over the whole display
 * copy, without decoding it.
 */
export async function wholeBlurPixels(small: Buffer, width: number, height: number) {
  const cellsDown = Math.max(1, Math.round((CELLS_ACROSS * height) / width));
  const { data: tiny, info } = await sharp(small)
    .removeAlpha()
    .resize(Math.min(CELLS_ACROSS, width), Math.min(cellsDown, height), {
      fit: 'fill',
      kernel: 'cubic',
    })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const cells = { width: info.width, height: info.height, channels: info.channels };
  const data = await softPatch(tiny, cells, { width, height });
  return { data, info: { width, height, channels: cells.channels } };
}

/**
 * The display copy, thumbnail and placeholder of an image blurred whole, from its thumbnail
 * (`wholeBlurPixels`), encoded with the least effort: a smooth image loses nothing to see by it.
 * Made in the image process; `priority` places it among the other image jobs.
 */
export function toWholeBlurVariants(
  small: Buffer,
  width: number,
  height: number,
  priority?: ImageJobPriority,
): Promise<ImageVariants> {
  return runImageJob<ImageVariants>({ kind: 'whole-blur', small, width, height }, priority);
}
