// The face detector's network — the SSD MobileNet v1 of @vladmandic/face-api — run by ONNX
// Runtime on the CPU (decision 212). Its weights are read from that npm package on disk and
// written as an ONNX graph in memory when the detector starts: nothing is converted ahead,
// downloaded or shipped besides the two packages.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { InferenceSession, Tensor } from 'onnxruntime-node';
import { type GraphNode, type GraphValue, onnxModel, type Weight } from './onnx-model.js';

/** One feature map's outputs, channels first ([channel][row][column]). */
export interface Head {
  /** Box encodings: 4 channels per anchor (y, x, height, width). */
  encoded: Float32Array;
  /** Class logits: 3 channels per anchor (background, face, unused). */
  logits: Float32Array;
  rows: number;
  cols: number;
}

export interface FaceNetwork {
  /**
   * Runs the network on one image, channels first (3 planes of `height`×`width` values in
   * -1..1). With `smallOnly`, it stops at its first feature map (the smallest anchors).
   */
  run(input: Float32Array, height: number, width: number, smallOnly: boolean): Promise<Head[]>;
  /** The model's anchor table, as the package holds it (fractions of its 512 square). */
  anchors: Float32Array;
}

/** A weight of the package, as the manifest describes it. */
interface ManifestWeight {
  name: string;
  shape: number[];
  dtype: string;
  quantization?: { dtype: string; scale: number; min: number };
}

/** The folder of the weight files inside the installed @vladmandic/face-api package. */
function modelDir(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
}

/**
 * The SSD's weights as float arrays with their shapes (TensorFlow's layout), read from the
 * package's manifest and binary shard: most are stored as bytes with a scale and an offset.
 */
async function readWeights(): Promise<Map<string, { shape: number[]; data: Float32Array }>> {
  const dir = modelDir();
  const manifest = JSON.parse(
    await readFile(join(dir, 'ssd_mobilenetv1_model-weights_manifest.json'), 'utf8'),
  ) as { paths: string[]; weights: ManifestWeight[] }[];
  const weights = new Map<string, { shape: number[]; data: Float32Array }>();
  for (const group of manifest) {
    const bytes = Buffer.concat(await Promise.all(group.paths.map((p) => readFile(join(dir, p)))));
    let at = 0;
    for (const w of group.weights) {
      const size = w.shape.reduce((a, b) => a * b, 1);
      const q = w.quantization;
      let data: Float32Array;
      if (q?.dtype === 'uint8') {
        data = new Float32Array(size);
        for (let i = 0; i < size; i += 1) data[i] = (bytes[at + i] as number) * q.scale + q.min;
        at += size;
      } else if (!q && w.dtype === 'float32') {
        data = new Float32Array(size);
        for (let i = 0; i < size; i += 1) data[i] = bytes.readFloatLE(at + i * 4);
        at += size * 4;
      } else {
        throw new Error(`face detector: weight ${w.name} stored as ${q?.dtype ?? w.dtype}`);
      }
      weights.set(w.name, { shape: w.shape, data });
    }
  }
  return weights;
}

/** Batch normalisation's epsilon in the model. */
const BATCH_NORM_EPSILON = 0.001;

/**
 * The network as two ONNX graphs over the same weights: the whole of it (six feature maps), and
 * its first eleven pairs with the first map's predictor only.
 */
function buildGraphs(weights: Map<string, { shape: number[]; data: Float32Array }>) {
  const w = (name: string) => {
    const t = weights.get(name);
    if (!t) throw new Error(`face detector: weight ${name} missing`);
    return t;
  };

  const build = (smallOnly: boolean) => {
    const nodes: GraphNode[] = [];
    const graphWeights: Weight[] = [
      { name: 'relu6_min', dims: [], data: new Float32Array([0]) },
      { name: 'relu6_max', dims: [], data: new Float32Array([6]) },
    ];
    let count = 0;
    /**
     * A convolution with TensorFlow's 'same' padding (the extra pixel after, as SAME_UPPER),
     * from a filter in TensorFlow's layout ([height, width, in, out], or [height, width,
     * channels, 1] when depthwise), with ReLU6 after when `relu6`.
     */
    const conv = (
      x: string,
      filter: { shape: number[]; data: Float32Array },
      bias: Float32Array,
      { stride = 1, depthwise = false, relu6 = true } = {},
    ): string => {
      const [kh, kw, ci, co] = filter.shape as [number, number, number, number];
      const outC = depthwise ? ci : co;
      const perGroup = depthwise ? 1 : ci;
      const data = new Float32Array(outC * perGroup * kh * kw);
      for (let o = 0; o < outC; o += 1) {
        for (let i = 0; i < perGroup; i += 1) {
          for (let y = 0; y < kh; y += 1) {
            for (let z = 0; z < kw; z += 1) {
              const from = depthwise ? (y * kw + z) * ci + o : ((y * kw + z) * ci + i) * co + o;
              data[((o * perGroup + i) * kh + y) * kw + z] = filter.data[from] as number;
            }
          }
        }
      }
      const id = count++;
      graphWeights.push(
        { name: `filter${id}`, dims: [outC, perGroup, kh, kw], data },
        { name: `bias${id}`, dims: [outC], data: bias },
      );
      nodes.push({
        op: 'Conv',
        inputs: [x, `filter${id}`, `bias${id}`],
        outputs: [`conv${id}`],
        attributes: {
          strides: [stride, stride],
          auto_pad: 'SAME_UPPER',
          group: depthwise ? ci : 1,
          kernel_shape: [kh, kw],
        },
      });
      if (!relu6) return `conv${id}`;
      nodes.push({
        op: 'Clip',
        inputs: [`conv${id}`, 'relu6_min', 'relu6_max'],
        outputs: [`relu${id}`],
      });
      return `relu${id}`;
    };
    const pointwise = (x: string, prefix: string, stride: number) =>
      conv(x, w(`${prefix}/weights`), w(`${prefix}/convolution_bn_offset`).data, { stride });
    // Batch normalisation folded into the depthwise filter and a bias.
    const depthwise = (x: string, prefix: string, stride: number) => {
      const gamma = w(`${prefix}/BatchNorm/gamma`).data;
      const variance = w(`${prefix}/BatchNorm/moving_variance`).data;
      const beta = w(`${prefix}/BatchNorm/beta`).data;
      const mean = w(`${prefix}/BatchNorm/moving_mean`).data;
      const filter = w(`${prefix}/depthwise_weights`);
      const channels = gamma.length;
      const k = gamma.map((g, c) => g / Math.sqrt((variance[c] as number) + BATCH_NORM_EPSILON));
      const bias = beta.map((b, c) => b - (mean[c] as number) * (k[c] as number));
      const data = filter.data.map((v, i) => v * (k[i % channels] as number));
      return conv(x, { shape: filter.shape, data }, bias, { stride, depthwise: true });
    };
    const predictor = (x: string, prefix: string) =>
      conv(x, w(`${prefix}/weights`), w(`${prefix}/biases`).data, { relu6: false });

    let x = pointwise('input', 'MobilenetV1/Conv2d_0_pointwise', 2);
    const features: string[] = [];
    const depth = smallOnly ? 11 : 13;
    for (let i = 1; i <= depth; i += 1) {
      x = depthwise(x, `MobilenetV1/Conv2d_${i}_depthwise`, [2, 4, 6, 12].includes(i) ? 2 : 1);
      x = pointwise(x, `MobilenetV1/Conv2d_${i}_pointwise`, 1);
      if (i === 11 || i === 13) features.push(x);
    }
    if (!smallOnly) {
      for (let i = 0; i < 8; i += 1) {
        x = pointwise(x, `Prediction/Conv2d_${i}_pointwise`, i % 2 === 1 ? 2 : 1);
        if (i % 2 === 1) features.push(x);
      }
    }
    const outputs: GraphValue[] = [];
    features.forEach((feature, i) => {
      const box = predictor(feature, `Prediction/BoxPredictor_${i}/BoxEncodingPredictor`);
      const cls = predictor(feature, `Prediction/BoxPredictor_${i}/ClassPredictor`);
      nodes.push({ op: 'Identity', inputs: [box], outputs: [`encoded${i}`] });
      nodes.push({ op: 'Identity', inputs: [cls], outputs: [`logits${i}`] });
      outputs.push(
        { name: `encoded${i}`, dims: [1, 'channels', 'rows', 'cols'] },
        { name: `logits${i}`, dims: [1, 'channels', 'rows', 'cols'] },
      );
    });
    return onnxModel({
      nodes,
      weights: graphWeights,
      inputs: [{ name: 'input', dims: [1, 3, 'height', 'width'] }],
      outputs,
    });
  };
  return { whole: build(false), small: build(true) };
}

/**
 * The network, loaded once by the caller. Each session computes on the calling thread alone
 * (the main thread of a detector's process, at its low priority): the scan's parallelism is its
 * processes, and a pool of threads of ONNX Runtime's own would only compete with them.
 */
export async function loadFaceNetwork(): Promise<FaceNetwork> {
  const ort = await import('onnxruntime-node');
  const weights = await readWeights();
  const graphs = buildGraphs(weights);
  const options: InferenceSession.SessionOptions = {
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
    // Warnings about the graph go nowhere useful; errors are thrown.
    logSeverityLevel: 3,
  };
  const whole = await ort.InferenceSession.create(graphs.whole, options);
  const small = await ort.InferenceSession.create(graphs.small, options);
  const anchors = weights.get('Output/extra_dim')?.data;
  if (!anchors) throw new Error('face detector: weight Output/extra_dim missing');

  return {
    anchors,
    async run(input, height, width, smallOnly) {
      const session = smallOnly ? small : whole;
      const results = await session.run({
        input: new ort.Tensor('float32', input, [1, 3, height, width]),
      });
      const heads: Head[] = [];
      for (let i = 0; results[`encoded${i}`]; i += 1) {
        const encoded = results[`encoded${i}`] as Tensor;
        const logits = results[`logits${i}`] as Tensor;
        heads.push({
          encoded: encoded.data as Float32Array,
          logits: logits.data as Float32Array,
          rows: encoded.dims[2] as number,
          cols: encoded.dims[3] as number,
        });
      }
      return heads;
    },
  };
}
