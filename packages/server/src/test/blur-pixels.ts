import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { paddedRegion } from '../media/copies/face-blur.js';
import { detail, greyRegion, meanDifference } from './face-pixels.js';

/*
 * Pixels of faces for the tests of what a viewer receives (the blur, decision 063): a group photo
 * composed at test time from the two fixtures with real faces, its faces' boxes, and the
 * measures that tell a blurred face from a clear one. Nothing generated is committed.
 */

const fixture = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../../../../fixtures/faces/${name}`, import.meta.url)));

/** Two people side by side, 1024×512: the astronaut on the left, the cameraman on the right. */
export function groupPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 1024, height: 512, channels: 3, background: '#808080' } })
    .composite([
      { input: fixture('astronaut.png'), left: 0, top: 0 },
      { input: fixture('camera.png'), left: 512, top: 0 },
    ])
    .png()
    .toBuffer();
}

/** The astronaut's face in groupPhoto, as fractions of its size. */
export const ASTRONAUT = { x: 0.165, y: 0.1, width: 0.125, height: 0.3 };
/** The cameraman's face in groupPhoto. */
export const CAMERAMAN = { x: 0.67, y: 0.18, width: 0.085, height: 0.2 };
/** Far from both faces (and their padding): the tripod's legs and the grass between them. */
export const AWAY = { x: 0.4, y: 0.62, width: 0.18, height: 0.33 };

type Box = typeof ASTRONAUT;

/** The inner half of a face box, in pixels of a `width`×`height` image. */
function inner(box: Box, width: number, height: number) {
  return paddedRegion(
    {
      x: box.x + box.width / 4,
      y: box.y + box.height / 4,
      width: box.width / 2,
      height: box.height / 2,
    },
    width,
    height,
  );
}

/**
 * How `received` differs from `original` (the clean copy of the same size) in `box`: the mean
 * difference of its pixels, and the detail left in it against the original's.
 */
export async function compareBox(received: Buffer, original: Buffer, box: Box) {
  const { width, height } = await sharp(original).metadata();
  const got = await sharp(received).metadata();
  if (got.width !== width || got.height !== height) {
    throw new Error(`sizes differ: ${got.width}×${got.height} vs ${width}×${height}`);
  }
  const region = inner(box, width ?? 0, height ?? 0);
  const a = await greyRegion(received, region);
  const b = await greyRegion(original, region);
  return {
    difference: meanDifference(a, b),
    detail: detail(a, region.width),
    originalDetail: detail(b, region.width),
  };
}

/** Whether the face in `box` is hidden in `received`: much changed, its detail gone. */
export async function isBlurred(received: Buffer, original: Buffer, box: Box): Promise<boolean> {
  const c = await compareBox(received, original, box);
  return c.difference > 8 && c.detail < c.originalDetail / 3;
}

/** Whether `received` shows `box` as the original does (but for compression). */
export async function isClear(received: Buffer, original: Buffer, box: Box): Promise<boolean> {
  const c = await compareBox(received, original, box);
  return c.difference < 3;
}

/** The bytes of a data: URL (a placeholder). */
export function dataUrlBytes(url: string): Buffer {
  const match = /^data:image\/webp;base64,(.+)$/.exec(url);
  if (!match?.[1]) throw new Error(`not a WebP data: URL: ${url.slice(0, 40)}`);
  return Buffer.from(match[1], 'base64');
}
