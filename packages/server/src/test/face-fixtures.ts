// Group photos with real faces, composed at test time from the two photographs in
// fixtures/faces/ (public domain and CC0): several faces at chosen sizes and places on a plain,
// noisy or gradient background, optionally stored turned with an EXIF orientation, with the
// expected face boxes. Nothing here is committed as an image.
//
// This file imports only node: modules and sharp, so the e2e specs can import it as it is
// (`import { groupPhoto } from '../../packages/server/src/test/face-fixtures.js'` from
// e2e/support/); it finds fixtures/faces/ by walking up from its own folder.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp, { type OverlayOptions } from 'sharp';

/** A box as fractions (0..1) of the upright image's width and height. */
export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type FaceFixture = 'astronaut' | 'camera';

/**
 * Where each fixture's face is in its 512×512 photograph, in pixels, marked by hand from the
 * hairline to the chin and from ear to ear (the camera's face is three-quarter, with the camera
 * in front of it: the harder of the two).
 */
export const FIXTURE_FACES: Record<
  FaceFixture,
  { x: number; y: number; width: number; height: number }
> = {
  astronaut: { x: 172, y: 68, width: 100, height: 120 },
  camera: { x: 182, y: 112, width: 78, height: 88 },
};

const FIXTURE_PX = 512;

/** The folder fixtures/faces/ of the repository, found upwards from this file. */
export function faceFixturesDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'fixtures', 'faces');
    if (existsSync(join(candidate, 'astronaut.png'))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('fixtures/faces/ not found above face-fixtures.ts');
    dir = parent;
  }
}

/** The bytes of one fixture photograph (PNG, 512×512). */
export function fixturePhoto(fixture: FaceFixture): Buffer {
  return readFileSync(join(faceFixturesDir(), `${fixture}.png`));
}

/** The face box of a fixture photograph as fractions of it. */
export function fixtureBox(fixture: FaceFixture): FaceBox {
  const f = FIXTURE_FACES[fixture];
  return {
    x: f.x / FIXTURE_PX,
    y: f.y / FIXTURE_PX,
    width: f.width / FIXTURE_PX,
    height: f.height / FIXTURE_PX,
  };
}

/** A face to place: its face box's top-left corner and width, in pixels of the upright photo. */
export interface PlacedFace {
  fixture: FaceFixture;
  x: number;
  y: number;
  /** Width of the face box in pixels; the head and shoulders around it are scaled alike. */
  size: number;
  /** Mirrored left to right. */
  mirror?: boolean;
}

export interface GroupPhotoOptions {
  width: number;
  height: number;
  faces: PlacedFace[];
  /** noise (default): a photo-like grain; plain: one colour; gradient: a smooth sky-to-ground. */
  background?: 'noise' | 'plain' | 'gradient';
  /**
   * EXIF orientation to store the photo with (1, 3, 6 or 8): the pixels are stored turned so
   * that a viewer applying the tag sees the composition upright. Boxes are always upright.
   */
  orientation?: 1 | 3 | 6 | 8;
  /** Seed of the background grain: the same seed gives the same bytes. */
  seed?: number;
  quality?: number;
}

export interface GroupPhoto {
  /** JPEG bytes. */
  data: Buffer;
  /** The faces' boxes in the upright photo, in the order of `faces`. */
  boxes: FaceBox[];
  /** Size of the upright photo (what a viewer sees after applying the orientation). */
  width: number;
  height: number;
}

/** Deterministic pseudo-random bytes (xorshift32), so a fixture is the same on every run. */
function grain(length: number, seed: number): Uint8Array {
  const out = new Uint8Array(length);
  let s = (seed * 2654435761) >>> 0 || 1;
  for (let i = 0; i < length; i += 1) {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    out[i] = s & 0xff;
  }
  return out;
}

/** The background as raw RGB pixels. */
async function background(
  width: number,
  height: number,
  kind: NonNullable<GroupPhotoOptions['background']>,
  seed: number,
): Promise<Buffer> {
  if (kind === 'plain') {
    return sharp({ create: { width, height, channels: 3, background: '#8a9a7b' } })
      .raw()
      .toBuffer();
  }
  if (kind === 'gradient') {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="0.3" y2="1"><stop offset="0" stop-color="#9cc3e6"/><stop offset="0.55" stop-color="#e8e2c8"/><stop offset="1" stop-color="#5b6e3a"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`;
    return sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
  }
  // Coarse blotches (a landscape seen out of focus) plus fine grain, like a camera's photo.
  const cw = Math.max(8, Math.round(width / 64));
  const ch = Math.max(8, Math.round(height / 64));
  const coarse = await sharp(Buffer.from(grain(cw * ch * 3, seed + 1)), {
    raw: { width: cw, height: ch, channels: 3 },
  })
    .resize(width, height, { kernel: 'cubic' })
    .blur(4)
    .raw()
    .toBuffer();
  const fine = grain(width * height * 3, seed + 2);
  for (let i = 0; i < coarse.length; i += 1) {
    // 70 % blotches, 30 % grain around the middle grey.
    coarse[i] = Math.round((coarse[i] as number) * 0.7 + (fine[i] as number) * 0.3);
  }
  return sharp(coarse, { raw: { width, height, channels: 3 } })
    .blur(1.2)
    .raw()
    .toBuffer();
}

/** One head-and-shoulders cut of a fixture, scaled, clipped to the canvas. */
async function placedCut(
  face: PlacedFace,
  width: number,
  height: number,
): Promise<{ overlay: OverlayOptions; box: FaceBox } | null> {
  const f = FIXTURE_FACES[face.fixture];
  const scale = face.size / f.width;
  // Around the face: half a face either side, a bit more below (neck and shoulders).
  const left = Math.max(0, Math.round(f.x - 0.6 * f.width));
  const top = Math.max(0, Math.round(f.y - 0.45 * f.height));
  const right = Math.min(FIXTURE_PX, Math.round(f.x + 1.6 * f.width));
  const bottom = Math.min(FIXTURE_PX, Math.round(f.y + 1.9 * f.height));
  const cutW = Math.round((right - left) * scale);
  const cutH = Math.round((bottom - top) * scale);
  // The face's offset inside the (possibly mirrored) cut.
  const faceLeftInCut = face.mirror ? right - (f.x + f.width) : f.x - left;
  const originX = Math.round(face.x - faceLeftInCut * scale);
  const originY = Math.round(face.y - (f.y - top) * scale);
  let cut = sharp(fixturePhoto(face.fixture))
    .removeAlpha()
    .toColourspace('srgb')
    .extract({ left, top, width: right - left, height: bottom - top });
  if (face.mirror) cut = cut.flop();
  const scaled = await cut.resize(cutW, cutH).raw().toBuffer({ resolveWithObject: true });
  // Clip to the canvas: sharp composites only what lies inside it.
  const clipLeft = Math.max(0, -originX);
  const clipTop = Math.max(0, -originY);
  const visW = Math.min(cutW - clipLeft, width - Math.max(0, originX));
  const visH = Math.min(cutH - clipTop, height - Math.max(0, originY));
  if (visW <= 0 || visH <= 0) return null;
  const visible = await sharp(scaled.data, {
    raw: { width: scaled.info.width, height: scaled.info.height, channels: scaled.info.channels },
  })
    .extract({ left: clipLeft, top: clipTop, width: visW, height: visH })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return {
    overlay: { input: visible, left: Math.max(0, originX), top: Math.max(0, originY) },
    box: {
      x: face.x / width,
      y: face.y / height,
      width: face.size / width,
      height: (f.height * scale) / height,
    },
  };
}

/**
 * A JPEG group photo: the faces placed on the background, the expected boxes as fractions of the
 * upright photo. Faces should not overlap one another (each is cut with its head and shoulders,
 * about 2.2 face widths wide and 3.4 face heights tall).
 */
export async function groupPhoto(options: GroupPhotoOptions): Promise<GroupPhoto> {
  const { width, height, faces } = options;
  const seed = options.seed ?? 1;
  const base = await background(width, height, options.background ?? 'noise', seed);
  const overlays: OverlayOptions[] = [];
  const boxes: FaceBox[] = [];
  for (const face of faces) {
    const placed = await placedCut(face, width, height);
    if (!placed) throw new Error(`face outside the photo: ${JSON.stringify(face)}`);
    overlays.push(placed.overlay);
    boxes.push(placed.box);
  }
  // Composited over an opaque base, the result may still carry an alpha channel: flattened
  // by encoding once as a lossless PNG, then turned and encoded as the JPEG.
  const upright = await sharp(base, { raw: { width, height, channels: 3 } })
    .composite(overlays)
    .png({ compressionLevel: 0 })
    .toBuffer();
  // Stored turned by the inverse of what the orientation tag asks a viewer to do.
  const orientation = options.orientation ?? 1;
  const inverse = { 1: 0, 3: 180, 6: 270, 8: 90 }[orientation];
  let out = sharp(upright).removeAlpha();
  if (inverse !== 0) out = sharp(await out.rotate(inverse).png({ compressionLevel: 0 }).toBuffer());
  const data = await out
    .jpeg({ quality: options.quality ?? 88 })
    .withMetadata({ orientation })
    .toBuffer();
  return { data, boxes, width, height };
}

/** Intersection over union of two boxes. */
export function iou(a: FaceBox, b: FaceBox): number {
  const ix = Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x));
  const iy = Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));
  const inter = ix * iy;
  const union = a.width * a.height + b.width * b.height - inter;
  return union > 0 ? inter / union : 0;
}

/**
 * How a detector's boxes match the expected ones: a truth counts as found when one box overlaps
 * it with IoU ≥ `minIou`; `duplicates` counts extra boxes on an already found face, `strays` the
 * boxes on no face.
 */
export function matchFaces(
  truth: FaceBox[],
  found: FaceBox[],
  minIou = 0.4,
): { found: number; duplicates: number; strays: number; missed: FaceBox[] } {
  const hits = truth.map(() => 0);
  let strays = 0;
  for (const box of found) {
    let best = -1;
    let bestIou = minIou;
    truth.forEach((t, i) => {
      const v = iou(t, box);
      if (v >= bestIou) {
        best = i;
        bestIou = v;
      }
    });
    if (best >= 0) hits[best] = (hits[best] as number) + 1;
    else strays += 1;
  }
  return {
    found: hits.filter((h) => h > 0).length,
    duplicates: hits.reduce((n, h) => n + Math.max(0, h - 1), 0),
    strays,
    missed: truth.filter((_, i) => hits[i] === 0),
  };
}
