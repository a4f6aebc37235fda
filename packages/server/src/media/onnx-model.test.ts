import { InferenceSession, Tensor } from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { onnxModel } from './onnx-model.js';

/** Runs a one-convolution model on `input` (one channel, `side`×`side`). */
async function runConv(
  input: number[],
  side: number,
  attributes: Record<string, number | number[] | string>,
  filter: number[],
  bias: number,
) {
  const k = Math.sqrt(filter.length);
  const model = onnxModel({
    nodes: [
      { op: 'Conv', inputs: ['x', 'w', 'b'], outputs: ['conv'], attributes },
      { op: 'Clip', inputs: ['conv', 'lo', 'hi'], outputs: ['y'] },
    ],
    weights: [
      { name: 'w', dims: [1, 1, k, k], data: Float32Array.from(filter) },
      { name: 'b', dims: [1], data: Float32Array.from([bias]) },
      { name: 'lo', dims: [], data: Float32Array.from([0]) },
      { name: 'hi', dims: [], data: Float32Array.from([6]) },
    ],
    inputs: [{ name: 'x', dims: [1, 1, 'rows', 'cols'] }],
    outputs: [{ name: 'y', dims: [1, 1, 'rows', 'cols'] }],
  });
  const session = await InferenceSession.create(model, { intraOpNumThreads: 1 });
  const out = await session.run({
    x: new Tensor('float32', Float32Array.from(input), [1, 1, side, side]),
  });
  const y = out.y as Tensor;
  return { dims: y.dims, values: Array.from(y.data as Float32Array) };
}

describe('onnxModel', () => {
  it('writes a graph ONNX Runtime runs: a 3×3 convolution with stride 2, SAME_UPPER padding, bias and ReLU6', async () => {
    // 4×4 input 1..16; an all-ones filter sums each 3×3 window. TensorFlow's 'same' with stride
    // 2 on 4 pixels pads one after (none before): windows start at 0 and 2, the second reads
    // the padding.
    const input = Array.from({ length: 16 }, (_, i) => i + 1);
    const { dims, values } = await runConv(
      input,
      4,
      { kernel_shape: [3, 3], strides: [2, 2], auto_pad: 'SAME_UPPER', group: 1 },
      Array(9).fill(0.1),
      -3,
    );
    expect(dims).toEqual([1, 1, 2, 2]);
    // Window sums: rows 0-2 × cols 0-2 = 54; × cols 2-3 = 45; rows 2-3 × cols 0-2 = 72; × cols
    // 2-3 = 54 (padding before, SAME_LOWER, would give 14, 30, 57 and 99). ×0.1, then −3.
    const expected = [2.4, 1.5, 4.2, 2.4];
    for (const [i, v] of values.entries()) expect(v).toBeCloseTo(expected[i] as number, 5);
  });

  it('keeps integer lists, strings and free dimensions as written', async () => {
    const { dims, values } = await runConv(
      [1, 2, 3, 4, 5, 6, 7, 8, 9],
      3,
      { kernel_shape: [1, 1], strides: [1, 1], auto_pad: 'SAME_UPPER', group: 1 },
      [2],
      0.5,
    );
    expect(dims).toEqual([1, 1, 3, 3]);
    expect(values).toEqual([2.5, 4.5, 6, 6, 6, 6, 6, 6, 6]);
  });

  it('refuses a negative or fractional integer instead of writing a broken model', () => {
    expect(() =>
      onnxModel({
        nodes: [{ op: 'Identity', inputs: ['x'], outputs: ['y'] }],
        weights: [],
        inputs: [{ name: 'x', dims: [-1] }],
        outputs: [{ name: 'y', dims: [1] }],
      }),
    ).toThrow('onnx: -1 no es válido');
  });
});
