// Where the faces are in a photo, so that image consent can blur the ones it must.
//
// Boxes only (decision 065): no landmarks, no descriptors, no embeddings, no age, gender or
// expression — nothing that could identify or profile a child. The detector is the SSD MobileNet v1
// of @vladmandic/face-api, whose weights ship inside that npm package; only its weight files are
// used, read from disk here, and run on TensorFlow.js' WebAssembly backend (decision 066). Its
// face recognition, landmark, age/gender and expression weights sit unused in the package and are
// never loaded.
//
// Group photos (decisions 067, 194, 211): a pass over a 256 px copy of the whole photo finds the large
// faces, then a pass over a 1024 px copy, read only at the network's smallest anchors, finds the
// small ones (a 100 px face in a 4000 px photo is 26 px there); the boxes of both passes are
// merged so that one face gives one box.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as TF from '@tensorflow/tfjs-core';
import sharp from 'sharp';
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
/** The stem (the first layer and MobileNet's first four pairs) shrinks its input this much. */
const STEM_STRIDE = 8;
const STEM_PAIRS = 4;
/** Rows of input per band of the stem, and rows read beyond each edge (more than its reach). */
const STEM_BAND = 384;
const STEM_HALO = 32;

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

type Tf = typeof TF;

/** A convolution's filter and bias (a type, not an interface: tf.tidy may return it). */
type Conv = {
  filter: TF.Tensor4D;
  bias: TF.Tensor1D;
};

interface Detector {
  tf: Tf;
  /**
   * Runs the network on one [1, height, width, 3] tensor of -1..1 values (any size; the anchors
   * follow it). With `smallOnly`, the network stops at its first feature map, whose anchors are
   * the smallest: the faces the deeper layers' anchors fit are large enough for the whole-photo
   * pass, and those layers are work it need not repeat. Boxes in pixels of the input.
   */
  run(input: TF.Tensor4D, smallOnly: boolean): Promise<Box[]>;
}

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

let detector: Promise<Detector> | undefined;

/** The model, loaded once per process on first use; a failed load is tried again next time. */
function loadDetector(): Promise<Detector> {
  detector ??= createDetector().catch((err: unknown) => {
    detector = undefined;
    throw err;
  });
  return detector;
}

/** The folder of the weight files inside the installed @vladmandic/face-api package. */
function modelDir(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
}

/**
 * The SSD's weights as named tensors, read from disk: the package's manifest lists the binary
 * shards and how each weight is quantised (Node's fetch cannot read file:// URLs, and nothing is
 * ever fetched from the network).
 */
async function readWeights(tf: Tf): Promise<TF.NamedTensorMap> {
  const dir = modelDir();
  const manifest = JSON.parse(
    await readFile(join(dir, 'ssd_mobilenetv1_model-weights_manifest.json'), 'utf8'),
  ) as TF.io.WeightsManifestConfig;
  const tensors: TF.NamedTensorMap = {};
  for (const group of manifest) {
    const shards = await Promise.all(group.paths.map((p) => readFile(join(dir, p))));
    const bytes = Buffer.concat(shards);
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    Object.assign(tensors, tf.io.decodeWeights(buffer as ArrayBuffer, group.weights));
  }
  return tensors;
}

async function createDetector(): Promise<Detector> {
  const tf: Tf = await import('@tensorflow/tfjs-core');
  await import('@tensorflow/tfjs-backend-wasm');
  // The .wasm binary is read from the package's folder on disk (Emscripten under Node).
  if (!(await tf.setBackend('wasm'))) throw new Error('TensorFlow.js: wasm backend unavailable');
  await tf.ready();
  tf.enableProdMode();
  const weights = await readWeights(tf);
  const w = (name: string) => {
    const t = weights[name];
    if (!t) throw new Error(`face detector: weight ${name} missing`);
    return t;
  };

  // Batch normalisation folded into the depthwise filters and a bias, so each layer is one
  // fused WebAssembly call (convolution, bias, ReLU6) instead of four.
  const conv = (prefix: string): Conv => ({
    filter: w(`${prefix}/weights`) as TF.Tensor4D,
    bias: w(`${prefix}/convolution_bn_offset`) as TF.Tensor1D,
  });
  const depthwise = (prefix: string): Conv =>
    tf.tidy(() => {
      const k = tf.div(
        w(`${prefix}/BatchNorm/gamma`),
        tf.sqrt(tf.add(w(`${prefix}/BatchNorm/moving_variance`), 0.001)),
      );
      const filter = w(`${prefix}/depthwise_weights`) as TF.Tensor4D;
      return {
        filter: tf.mul(filter, tf.reshape(k, [1, 1, -1, 1])) as TF.Tensor4D,
        bias: tf.sub(
          w(`${prefix}/BatchNorm/beta`),
          tf.mul(w(`${prefix}/BatchNorm/moving_mean`), k),
        ),
      } as Conv;
    });
  const predictor = (prefix: string): Conv => ({
    filter: w(`${prefix}/weights`) as TF.Tensor4D,
    bias: w(`${prefix}/biases`) as TF.Tensor1D,
  });

  const first = conv('MobilenetV1/Conv2d_0_pointwise');
  const pairs = Array.from({ length: 13 }, (_, i) => ({
    depthwise: depthwise(`MobilenetV1/Conv2d_${i + 1}_depthwise`),
    pointwise: conv(`MobilenetV1/Conv2d_${i + 1}_pointwise`),
    stride: [2, 4, 6, 12].includes(i + 1) ? 2 : 1,
  }));
  const extra = Array.from({ length: 8 }, (_, i) => ({
    conv: conv(`Prediction/Conv2d_${i}_pointwise`),
    stride: i % 2 === 1 ? 2 : 1,
  }));
  const boxPredictors = Array.from({ length: 6 }, (_, i) => ({
    box: predictor(`Prediction/BoxPredictor_${i}/BoxEncodingPredictor`),
    cls: predictor(`Prediction/BoxPredictor_${i}/ClassPredictor`),
  }));
  const anchors = anchorLayers((await w('Output/extra_dim').data()) as Float32Array);
  // What was folded (and the anchors, now plain numbers) is not needed any more.
  for (const [name, tensor] of Object.entries(weights)) {
    if (/BatchNorm|depthwise_weights|extra_dim/.test(name)) tensor.dispose();
  }

  const relu6 = (x: TF.Tensor4D, c: Conv, stride: number) =>
    tf.fused.conv2d({
      x,
      filter: c.filter,
      strides: stride,
      pad: 'same',
      bias: c.bias,
      activation: 'relu6',
    });

  /** One feature map's outputs: box encodings and face scores, its grid's height and width. */
  interface Head {
    encoded: TF.Tensor;
    scores: TF.Tensor;
    rows: number;
    cols: number;
  }

  /** One depthwise and pointwise pair of MobileNet (its input is kept). */
  const block = (x: TF.Tensor4D, i: number): TF.Tensor4D => {
    const pair = pairs[i] as (typeof pairs)[number];
    const depthwiseOut = tf.fused.depthwiseConv2d({
      x,
      filter: pair.depthwise.filter,
      strides: pair.stride,
      pad: 'same',
      bias: pair.depthwise.bias,
      activation: 'relu6',
    });
    const out = relu6(depthwiseOut, pair.pointwise, 1);
    depthwiseOut.dispose();
    return out;
  };

  /** The first layers, down to 1/8 of the input, on its rows `from` to `to` (the input is kept). */
  const stemRows = (input: TF.Tensor4D, from: number, to: number): TF.Tensor4D => {
    let x =
      from === 0 && to === input.shape[1]
        ? relu6(input, first, 2)
        : tf.tidy(() => relu6(tf.slice(input, [0, from, 0, 0], [1, to - from, -1, -1]), first, 2));
    for (let i = 0; i < STEM_PAIRS; i += 1) {
      const out = block(x, i);
      x.dispose();
      x = out;
    }
    return x;
  };

  /**
   * The first layers, which work on the largest maps, over bands of the input's rows: a large
   * copy at once would hold its widest layers whole in the WebAssembly memory, which never
   * shrinks. Each band reads the rows around it that its edge's outputs depend on, and keeps
   * only its own rows of output, so the result is the same as at once (the input's height is a
   * multiple of the stem's stride, so every band is cut where the whole would be).
   */
  const stem = (input: TF.Tensor4D): TF.Tensor4D => {
    const height = input.shape[1];
    // No larger than the model's own square: at once, as the model was run.
    if (height * input.shape[2] <= INPUT * INPUT || height <= STEM_BAND + 2 * STEM_HALO) {
      return stemRows(input, 0, height);
    }
    const bands: TF.Tensor4D[] = [];
    try {
      for (let top = 0; top < height; top += STEM_BAND) {
        const bottom = Math.min(height, top + STEM_BAND);
        const from = Math.max(0, top - STEM_HALO);
        const out = stemRows(input, from, Math.min(height, bottom + STEM_HALO));
        const skip = (top - from) / STEM_STRIDE;
        const rows = (bottom - top) / STEM_STRIDE;
        bands.push(tf.slice(out, [0, skip, 0, 0], [1, rows, -1, -1]));
        out.dispose();
      }
      return tf.concat(bands, 1);
    } finally {
      for (const band of bands) band.dispose();
    }
  };

  // Each layer's input is freed as soon as the next is computed (one tf.tidy around the whole
  // network would hold every layer's output to the end, several times the memory). The feature
  // maps the box predictors read are kept until then.
  const forward = (input: TF.Tensor4D, smallOnly: boolean): Head[] => {
    const features: TF.Tensor4D[] = [];
    const next = (x: TF.Tensor4D, layer: (x: TF.Tensor4D) => TF.Tensor4D) => {
      const out = layer(x);
      if (!features.includes(x)) x.dispose();
      return out;
    };
    try {
      let x = stem(input);
      const depth = smallOnly ? 11 : pairs.length;
      for (let i = STEM_PAIRS; i < depth; i += 1) {
        x = next(x, (t) => block(t, i));
        if (i + 1 === 11 || i + 1 === 13) features.push(x);
      }
      if (!smallOnly) {
        extra.forEach((layer, i) => {
          x = next(x, (t) => relu6(t, layer.conv, layer.stride));
          if (i % 2 === 1) features.push(x);
        });
      }
      return features.map((feature, i) =>
        tf.tidy(() => {
          const p = boxPredictors[i] as (typeof boxPredictors)[number];
          const linear = (c: Conv) =>
            tf.fused.conv2d({
              x: feature,
              filter: c.filter,
              strides: 1,
              pad: 'same',
              bias: c.bias,
            });
          // Column 1 is "face" (0 is background, 2 unused).
          const classes = tf.reshape(linear(p.cls), [-1, 3]);
          return {
            encoded: tf.reshape(linear(p.box), [-1, 4]),
            scores: tf.sigmoid(tf.slice(classes, [0, 1], [-1, 1])),
            rows: feature.shape[1],
            cols: feature.shape[2],
          };
        }),
      );
    } finally {
      for (const f of features) f.dispose();
    }
  };

  return {
    tf,
    async run(input, smallOnly) {
      const heads = forward(input, smallOnly);
      try {
        const found: Box[] = [];
        for (const [k, head] of heads.entries()) {
          const layer = anchors[k] as AnchorLayer;
          const enc = (await head.encoded.data()) as Float32Array;
          const scores = (await head.scores.data()) as Float32Array;
          const perCell = layer.sizes.length;
          // Decoded in plain code, only for the anchors that scored: the SSD box coder of the
          // TensorFlow Object Detection API (scales 10, 10, 5, 5), anchors centred on their cell.
          for (let i = 0; i < scores.length; i += 1) {
            const score = scores[i] as number;
            if (score < MIN_SCORE) continue;
            const cell = Math.floor(i / perCell);
            const size = layer.sizes[i % perCell] as AnchorLayer['sizes'][number];
            const ay = (Math.floor(cell / head.cols) + 0.5) * layer.stride;
            const ax = ((cell % head.cols) + 0.5) * layer.stride;
            const a = i * 4;
            const cy = ay + ((enc[a] as number) / 10) * size.height;
            const cx = ax + ((enc[a + 1] as number) / 10) * size.width;
            const h = Math.exp((enc[a + 2] as number) / 5) * size.height;
            const wd = Math.exp((enc[a + 3] as number) / 5) * size.width;
            found.push({ x: cx - wd / 2, y: cy - h / 2, width: wd, height: h, score });
          }
        }
        return found;
      } finally {
        for (const head of heads) {
          head.encoded.dispose();
          head.scores.dispose();
        }
      }
    },
  };
}

/** One pass of the network over a copy of the photo. */
interface Pass {
  /** RGB pixels of the copy. */
  pixels: Buffer;
  width: number;
  height: number;
  /** Each side is padded with black up to this many pixels. */
  pad: number;
  /** Only the first feature map (the smallest anchors): see Detector.run. */
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
async function detectInCopy(d: Detector, pass: Pass): Promise<Box[]> {
  const { pixels } = pass;
  const { left, top, width, height } = pass.area ?? {
    left: 0,
    top: 0,
    width: pass.width,
    height: pass.height,
  };
  const { tf } = d;
  const inW = Math.max(pass.pad, width);
  // Black rows up to a multiple of the stem's stride: its bands then cut where the whole would.
  const inH = Math.ceil(Math.max(pass.pad, height) / STEM_STRIDE) * STEM_STRIDE;
  // Values scaled to -1..1 as the network was trained, the part past the photo's edge left
  // black (-1). Filled in plain code, so the photo never becomes a tensor of its own.
  const input = new Float32Array(inW * inH * 3).fill(-1);
  for (let row = 0; row < height; row += 1) {
    const from = ((top + row) * pass.width + left) * 3;
    const to = row * inW * 3;
    for (let i = 0; i < width * 3; i += 1) input[to + i] = (pixels[from + i] as number) / 127.5 - 1;
  }
  const tensor = tf.tensor4d(input, [1, inH, inW, 3]);
  let boxes: Box[];
  try {
    boxes = await d.run(tensor, pass.smallOnly);
  } finally {
    tensor.dispose();
  }
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
  const d = await loadDetector();
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
    for (const box of await detectInCopy(d, pass)) {
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

/** Detections run one at a time in the whole process: each holds a decoded copy and the network's memory. */
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
