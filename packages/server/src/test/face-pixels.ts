import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { paddedRegion } from '../media/copies/face-blur.js';

/*
 * A picture with a real face, and the pixel comparisons that tell a blurred face from a clear one
 * (image consent): for the tests of public images and of the digest's covers.
 */

const astronaut = readFileSync(
  fileURLToPath(new URL('../../../../fixtures/faces/astronaut.png', import.meta.url)),
);

/** The composed picture's size: the 512 px astronaut at (64, 64) on a 1024×640 field. */
export const COMPOSED_WIDTH = 1024;
export const COMPOSED_HEIGHT = 640;
const W = COMPOSED_WIDTH;
const H = COMPOSED_HEIGHT;

/** Around the astronaut's face (face-blur.test's box in the 512 px picture), placed at (64, 64). */
export const COMPOSED_FACE = {
  x: (64 + 0.33 * 512) / W,
  y: (64 + 0.1 * 512) / H,
  width: (0.25 * 512) / W,
  height: (0.3 * 512) / H,
};

/** A group-photo-like image: the astronaut on a smoothly shaded field, as PNG. */
export async function composedFacePicture(): Promise<Buffer> {
  const field = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y += 1) {
    for (let x = 0; x < W; x += 1) {
      const v = Math.round((200 * x) / W);
      field.set([v, Math.round((200 * y) / H), 255 - v], (y * W + x) * 3);
    }
  }
  return sharp(field, { raw: { width: W, height: H, channels: 3 } })
    .composite([{ input: astronaut, left: 64, top: 64 }])
    .png()
    .toBuffer();
}

/** A region in whole pixels of an image of `width`×`height`. */
type Region = ReturnType<typeof paddedRegion>;

/** The inner half of the face box (all face), in whole pixels of an image of that size. */
export function innerFace(width: number, height: number): Region {
  const f = COMPOSED_FACE;
  return paddedRegion(
    { x: f.x + f.width / 4, y: f.y + f.height / 4, width: f.width / 2, height: f.height / 2 },
    width,
    height,
  );
}

/** Far from the face: the field's lower right, in whole pixels of an image of that size. */
export function farCorner(width: number, height: number): Region {
  return {
    left: Math.round(width * 0.8),
    top: Math.round(height * 0.7),
    width: Math.round(width * 0.15),
    height: Math.round(height * 0.23),
  };
}

/** Grey pixels of `image` in a region, after resizing it to `width` px wide when given. */
export async function greyRegion(image: Buffer, region: Region, width?: number): Promise<Buffer> {
  const pipeline = sharp(image);
  const sized = width ? sharp(await pipeline.resize({ width }).png().toBuffer()) : pipeline;
  return sized.greyscale().extract(region).raw().toBuffer();
}

export function meanDifference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return sum / a.length;
}

/** The mean absolute difference between neighbours: how much detail a region holds. */
export function detail(pixels: Buffer, width: number): number {
  let sum = 0;
  let n = 0;
  for (let i = 0; i + 1 < pixels.length; i += 1) {
    if ((i + 1) % width === 0) continue;
    sum += Math.abs((pixels[i] ?? 0) - (pixels[i + 1] ?? 0));
    n += 1;
  }
  return sum / n;
}

/**
 * Whether `received` shows the face of `original` (the composed picture) blurred or clear, both
 * compared at `received`'s size; fails when the picture away from the face changed.
 */
export async function faceStateIn(
  original: Buffer,
  received: Buffer,
): Promise<{
  state: 'blurred' | 'clear' | 'unclear';
  far: number;
  inFace: number;
  detail: number;
}> {
  const { width = 0, height = 0 } = await sharp(received).metadata();
  const inner = innerFace(width, height);
  const corner = farCorner(width, height);
  const before = await greyRegion(original, inner, width);
  const after = await greyRegion(received, inner);
  const far = meanDifference(
    await greyRegion(original, corner, width),
    await greyRegion(received, corner),
  );
  const inFace = meanDifference(before, after);
  const left = detail(after, inner.width);
  const beforeDetail = detail(before, inner.width);
  // Blurred: a third of the detail or less, and far from the face (a real blur leaves a small
  // fraction and differs widely, so the bounds sit well between). Clear: the detail kept and
  // close to it but for compression.
  const state =
    left < beforeDetail / 3 && inFace > 15
      ? 'blurred'
      : left > beforeDetail * 0.6 && inFace < 10
        ? 'clear'
        : 'unclear';
  return { state, far, inFace, detail: left };
}
