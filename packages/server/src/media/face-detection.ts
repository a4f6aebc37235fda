// Where the faces are in a photo, so that image consent can blur the ones it must.
//
// Boxes only (decision 065): no landmarks, no descriptors, no embeddings, no age, gender or
// expression — nothing that could identify or profile a child. The detector is the SSD MobileNet
// v1 of @vladmandic/face-api, whose weights ship inside that npm package; only its weight files
// are used, read from disk, and run by ONNX Runtime on the CPU (`face-network.ts`, decisions 066,
// 212).
// Its face recognition, landmark, age/gender and expression weights sit unused in the package and
// are never loaded.
//
// Group photos (decisions 067, 194, 211): a pass over a 256 px copy of the whole photo finds the large
// faces, then a pass over a 1024 px copy, read only at the network's smallest anchors, finds the
// small ones (a 100 px face in a 4000 px photo is 26 px there); the boxes of both passes are
// merged so that one face gives one box.
import sharp from 'sharp';
import { type FaceNetwork, loadFaceNetwork } from './face-network.js';
import { asImageError, MAX_INPUT_PIXELS } from './image-pipeline.js';

/** A face found in an image: its box as fractions (0..1) of the image's width and height. */
export interface DetectedFace {
  x: number;
  y: number;
  width: number;
  height: number;
  score: number;
}

/**
 * Which detector found a photo's faces (model and passes): kept beside the boxes, it tells which
 * photos a changed detector should scan again.
 */
export const FACE_DETECTOR = 'face-api-1.7.15/ssd-mobilenet-v1/256+1024-small-detail/0.4';

/** The square the network was trained on; an image this small is one pass. */
const INPUT = 512;
/**
 * The long side of the whole-photo pass's copy: its faces are the large ones, too large for the
 * fine pass's anchors. At this size a face of a fifth of the photo still fits the network's
 * anchors well; at a larger size such a face fell between the two passes (decision 211).
 */
const COARSE_LONG_SIDE = 256;
/** The long side of the finer pass's copy; two passes in all. */
const FINE_LONG_SIDE = 1024;
/**
 * Scores below this are not faces (below face-api's 0.5: a small three-quarter face scores
 * just under it at some places in the photo, while what is no face scores far lower; decision 194).
 */
const MIN_SCORE = 0.4;
/** Two boxes overlapping more than this (intersection over union) are one face. */
const SAME_FACE_IOU = 0.3;
/** A box whose area lies this much inside a better box is the same face seen at another scale. */
const SAME_FACE_INSIDE = 0.6;
/**
 * A copy's height is rounded up to a multiple of this with black rows, as the detector's recall
 * was measured (decisions 194, 211): the network shrinks its input eightfold before its first
 * feature maps.
 */
const INPUT_ROWS_STEP = 8;

/** Side of the blocks the finer copy is judged by, in its pixels. */
const DETAIL_BLOCK = 16;
/**
 * The least step in brightness (0..255) between two neighbouring pixels that makes a block
 * worth a look: eyes, brows, mouth and hairline make larger ones even in a dim photo, while a
 * clear sky, snow or a plain wall, and the grain of their compression, stay under it.
 */
const DETAIL_STEP = 4;
/** Context kept around the blocks with detail, in the finer copy's pixels. */
const DETAIL_MARGIN = 48;

/** A box in pixels of one pass's copy. */
interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
  score: number;
}

/**
 * The anchors of one feature map: the distance between their centres in input pixels, and the
 * height and width of each anchor of a cell in pixels. The model's anchors are fixed for a
 * 512×512 input; kept in pixels, they hold for any input the network is run on.
 */
interface AnchorLayer {
  stride: number;
  sizes: { height: number; width: number }[];
}

/** Grid side and anchors per cell of the six feature maps of a 512×512 input. */
const FEATURE_GRIDS = [32, 16, 8, 4, 2, 1];
const ANCHORS_PER_CELL = [3, 6, 6, 6, 6, 6];

/** The model's anchor table (fractions of the 512 square, cell by cell) as pixel sizes per layer. */
function anchorLayers(table: Float32Array): AnchorLayer[] {
  let at = 0;
  return FEATURE_GRIDS.map((grid, k) => {
    const count = ANCHORS_PER_CELL[k] as number;
    // Every cell of a layer has the same anchors; the first cell's give their sizes.
    const sizes = Array.from({ length: count }, (_, j) => {
      const a = (at + j) * 4;
      return {
        height: ((table[a + 2] as number) - (table[a] as number)) * INPUT,
        width: ((table[a + 3] as number) - (table[a + 1] as number)) * INPUT,
      };
    });
    at += grid * grid * count;
    return { stride: INPUT / grid, sizes };
  });
}

/** The network and its anchors in pixels, worked out once. */
interface LoadedNetwork {
  net: FaceNetwork;
  layers: AnchorLayer[];
}

let network: Promise<LoadedNetwork> | undefined;

/** The network, loaded once per process on first use; a failed load is tried again next time. */
function loadNetwork(): Promise<LoadedNetwork> {
  network ??= loadFaceNetwork().then(
    (net) => ({ net, layers: anchorLayers(net.anchors) }),
    (err: unknown) => {
      network = undefined;
      throw err;
    },
  );
  return network;
}

/**
 * The boxes the network found in one input, in its pixels: the anchors that scored, decoded by
 * the SSD box coder of the TensorFlow Object Detection API (scales 10, 10, 5, 5), anchors centred
 * on their cell. The outputs are channels first: anchor `j` of a cell has box channels 4j..4j+3
 * and class channels 3j..3j+2, of which 3j+1 is "face".
 */
async function runNetwork(
  { net, layers }: LoadedNetwork,
  input: Float32Array,
  height: number,
  width: number,
  smallOnly: boolean,
): Promise<Box[]> {
  const heads = await net.run(input, height, width, smallOnly);
  const found: Box[] = [];
  for (const [k, head] of heads.entries()) {
    const layer = layers[k] as AnchorLayer;
    const plane = head.rows * head.cols;
    for (const [j, size] of layer.sizes.entries()) {
      const faceLogits = (j * 3 + 1) * plane;
      const box = j * 4 * plane;
      for (let cell = 0; cell < plane; cell += 1) {
        const score = 1 / (1 + Math.exp(-(head.logits[faceLogits + cell] as number)));
        if (score < MIN_SCORE) continue;
        const ay = (Math.floor(cell / head.cols) + 0.5) * layer.stride;
        const ax = ((cell % head.cols) + 0.5) * layer.stride;
        const at = (q: number) => head.encoded[box + q * plane + cell] as number;
        const cy = ay + (at(0) / 10) * size.height;
        const cx = ax + (at(1) / 10) * size.width;
        const h = Math.exp(at(2) / 5) * size.height;
        const wd = Math.exp(at(3) / 5) * size.width;
        found.push({ x: cx - wd / 2, y: cy - h / 2, width: wd, height: h, score });
      }
    }
  }
  return found;
}

/** One pass of the network over a copy of the photo. */
interface Pass {
  /** RGB pixels of the copy. */
  pixels: Buffer;
  width: number;
  height: number;
  /** Each side is padded with black up to this many pixels. */
  pad: number;
  /**
   * Only the first feature map, whose anchors are the smallest: the faces the deeper maps fit are
   * large enough for the whole-photo pass, and those layers are work it need not repeat.
   */
  smallOnly: boolean;
  /** The part of the copy the network sees (all of it unless given). */
  area?: Area;
}

/** A rectangle of a copy, in its pixels. */
interface Area {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The part of a copy (RGB pixels) that holds any detail: the rectangle around every block where
 * neighbouring pixels differ by DETAIL_STEP or more, with a margin; null when it is flat all
 * over. A face is never flat, so what lies outside cannot hold one.
 */
function detailedArea(pixels: Buffer, width: number, height: number): Area | null {
  const luma = (at: number) =>
    (pixels[at] as number) + 2 * (pixels[at + 1] as number) + (pixels[at + 2] as number);
  // In the units of luma(): four times the brightness.
  const step = 4 * DETAIL_STEP;
  let left = width;
  let top = height;
  let right = -1;
  let bottom = -1;
  for (let by = 0; by < height; by += DETAIL_BLOCK) {
    for (let bx = 0; bx < width; bx += DETAIL_BLOCK) {
      // A block already inside the rectangle changes nothing.
      if (bx >= left && bx + DETAIL_BLOCK <= right && by >= top && by + DETAIL_BLOCK <= bottom) {
        continue;
      }
      let detail = false;
      for (let y = by; y < Math.min(by + DETAIL_BLOCK, height) && !detail; y += 1) {
        for (let x = bx; x < Math.min(bx + DETAIL_BLOCK, width); x += 1) {
          const at = (y * width + x) * 3;
          const here = luma(at);
          if (
            (x + 1 < width && Math.abs(luma(at + 3) - here) >= step) ||
            (y + 1 < height && Math.abs(luma(at + width * 3) - here) >= step)
          ) {
            detail = true;
            break;
          }
        }
      }
      if (!detail) continue;
      left = Math.min(left, bx);
      top = Math.min(top, by);
      right = Math.max(right, Math.min(bx + DETAIL_BLOCK, width));
      bottom = Math.max(bottom, Math.min(by + DETAIL_BLOCK, height));
    }
  }
  if (right < 0) return null;
  const x0 = Math.max(0, left - DETAIL_MARGIN);
  const y0 = Math.max(0, top - DETAIL_MARGIN);
  return {
    left: x0,
    top: y0,
    width: Math.min(width, right + DETAIL_MARGIN) - x0,
    height: Math.min(height, bottom + DETAIL_MARGIN) - y0,
  };
}

/**
 * The faces in one copy of the photo, in its pixels. The network runs on the whole copy at once:
 * it is convolutional, so a copy costs what its pixels cost, where overlapping tiles pay for
 * their overlaps again and cut the faces on their edges.
 */
async function detectInCopy(net: LoadedNetwork, pass: Pass): Promise<Box[]> {
  const { pixels } = pass;
  const { left, top, width, height } = pass.area ?? {
    left: 0,
    top: 0,
    width: pass.width,
    height: pass.height,
  };
  const inW = Math.max(pass.pad, width);
  const inH = Math.ceil(Math.max(pass.pad, height) / INPUT_ROWS_STEP) * INPUT_ROWS_STEP;
  // Values scaled to -1..1 as the network was trained, one plane per colour, the part past the
  // photo's edge left black (-1).
  const plane = inW * inH;
  const input = new Float32Array(plane * 3).fill(-1);
  for (let row = 0; row < height; row += 1) {
    const from = ((top + row) * pass.width + left) * 3;
    const to = row * inW;
    for (let col = 0; col < width; col += 1) {
      const at = from + col * 3;
      input[to + col] = (pixels[at] as number) / 127.5 - 1;
      input[plane + to + col] = (pixels[at + 1] as number) / 127.5 - 1;
      input[2 * plane + to + col] = (pixels[at + 2] as number) / 127.5 - 1;
    }
  }
  const boxes = await runNetwork(net, input, inH, inW, pass.smallOnly);
  const found: Box[] = [];
  for (const box of boxes) {
    const x0 = Math.max(0, box.x);
    const y0 = Math.max(0, box.y);
    const x1 = Math.min(width, box.x + box.width);
    const y1 = Math.min(height, box.y + box.height);
    if (x1 - x0 < 2 || y1 - y0 < 2) continue;
    found.push({ x: left + x0, y: top + y0, width: x1 - x0, height: y1 - y0, score: box.score });
  }
  return found;
}

/** Area shared by two boxes. */
function overlap(a: FaceLike, b: FaceLike): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

type FaceLike = Pick<DetectedFace, 'x' | 'y' | 'width' | 'height'>;

/**
 * One box per face: the best-scoring box of a group wins; another box is the same face when it
 * overlaps it (IoU) or lies mostly inside it or around it (the same face at another scale).
 */
export function mergeFaces<T extends FaceLike & { score: number }>(boxes: T[]): T[] {
  const kept: T[] = [];
  for (const box of [...boxes].sort((a, b) => b.score - a.score)) {
    const same = kept.some((k) => {
      const inter = overlap(k, box);
      if (inter === 0) return false;
      const areaK = k.width * k.height;
      const areaB = box.width * box.height;
      return (
        inter / (areaK + areaB - inter) > SAME_FACE_IOU ||
        inter > SAME_FACE_INSIDE * Math.min(areaK, areaB)
      );
    });
    if (!same) kept.push(box);
  }
  return kept;
}

/** The photo's pixels, upright (EXIF orientation applied), at most `longSide` on the longer side. */
async function uprightCopy(input: Buffer | string, longSide: number) {
  return sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize(longSide, longSide, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
}

async function detect(input: Buffer | string): Promise<DetectedFace[]> {
  const net = await loadNetwork();
  // The finer copy first (JPEG shrink-on-load keeps a 50 MP decode small), the coarse one from it.
  // An unreadable image or one over the pixel limit is the same 400 as for its variants.
  const fine = await uprightCopy(input, FINE_LONG_SIDE).catch((err: unknown) => {
    throw asImageError(err);
  });
  const { width, height } = fine.info;
  const passes: Pass[] = [];
  if (Math.max(width, height) > INPUT) {
    const coarse = await sharp(fine.data, { raw: { width, height, channels: 3 } })
      .resize(COARSE_LONG_SIDE, COARSE_LONG_SIDE, { fit: 'inside' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const side = Math.max(coarse.info.width, coarse.info.height);
    passes.push({
      pixels: coarse.data,
      width: coarse.info.width,
      height: coarse.info.height,
      pad: side,
      smallOnly: false,
    });
    // The finer pass only where the copy has detail: a flat sky or wall cannot hold a face.
    const area = detailedArea(fine.data, width, height);
    if (area) passes.push({ pixels: fine.data, width, height, pad: 0, smallOnly: true, area });
  } else {
    // A small image: one pass of the whole network, as the model was trained (a 512 square).
    passes.push({ pixels: fine.data, width, height, pad: INPUT, smallOnly: false });
  }
  const all: DetectedFace[] = [];
  for (const pass of passes) {
    for (const box of await detectInCopy(net, pass)) {
      all.push({
        x: box.x / pass.width,
        y: box.y / pass.height,
        width: box.width / pass.width,
        height: box.height / pass.height,
        score: box.score,
      });
    }
  }
  return mergeFaces(all).map((f) => ({
    x: clamp01(f.x),
    y: clamp01(f.y),
    width: Math.min(f.width, 1 - clamp01(f.x)),
    height: Math.min(f.height, 1 - clamp01(f.y)),
    score: Math.round(f.score * 1000) / 1000,
  }));
}

function clamp01(v: number): number {
  return Math.min(1, Math.max(0, v));
}

/** Detections run one at a time in the process: each holds a decoded copy and the network's memory. */
let queue: Promise<unknown> = Promise.resolve();

/** The faces in an image (bytes or a file path), boxes in the oriented image's frame. */
export function detectFaces(input: Buffer | string): Promise<DetectedFace[]> {
  const run = queue.then(
    () => detect(input),
    () => detect(input),
  );
  queue = run.catch(() => undefined);
  return run;
}
