// An ONNX model written as bytes: the few protobuf messages a graph of convolutions needs (nodes,
// their attributes, float weights, inputs and outputs), so that the face network can be handed to
// ONNX Runtime straight from the weights in @vladmandic/face-api (decision 212) — no converted
// model file is shipped or downloaded, and no protobuf library is needed for five messages.
//
// Field numbers are those of onnx.proto (ModelProto, GraphProto, NodeProto, AttributeProto,
// TensorProto, ValueInfoProto).

/** A protobuf message being written: its fields in order, as bytes. */
class Message {
  private readonly parts: Uint8Array[] = [];
  private length = 0;

  private push(bytes: Uint8Array): void {
    this.parts.push(bytes);
    this.length += bytes.length;
  }

  private varint(value: number): void {
    const out: number[] = [];
    let v = value;
    while (v >= 0x80) {
      out.push((v % 0x80) | 0x80);
      v = Math.floor(v / 0x80);
    }
    out.push(v);
    this.push(Uint8Array.from(out));
  }

  /** A non-negative integer field (int32, int64 or enum). */
  int(field: number, value: number): this {
    if (!Number.isSafeInteger(value) || value < 0) throw new Error(`onnx: ${value} no es válido`);
    this.varint(field * 8);
    this.varint(value);
    return this;
  }

  bytes(field: number, value: Uint8Array): this {
    this.varint(field * 8 + 2);
    this.varint(value.length);
    this.push(value);
    return this;
  }

  string(field: number, value: string): this {
    return this.bytes(field, new TextEncoder().encode(value));
  }

  message(field: number, value: Message): this {
    return this.bytes(field, value.toBytes());
  }

  toBytes(): Uint8Array {
    const out = new Uint8Array(this.length);
    let at = 0;
    for (const part of this.parts) {
      out.set(part, at);
      at += part.length;
    }
    return out;
  }
}

/** An attribute of a node: an integer, a list of integers or a string. */
export type Attribute = number | readonly number[] | string;

/** One operator of the graph. */
export interface GraphNode {
  op: string;
  inputs: readonly string[];
  outputs: readonly string[];
  attributes?: Record<string, Attribute>;
}

/** A float32 weight of the graph, row-major in `dims`. */
export interface Weight {
  name: string;
  dims: readonly number[];
  data: Float32Array;
}

/** An input or output of the graph: float32, each dimension fixed or named (free). */
export interface GraphValue {
  name: string;
  dims: readonly (number | string)[];
}

// AttributeProto.AttributeType and TensorProto.DataType values used here.
const ATTRIBUTE_INT = 2;
const ATTRIBUTE_STRING = 3;
const ATTRIBUTE_INTS = 7;
const FLOAT = 1;
/** The ONNX file format and operator set the graph is written for. */
const IR_VERSION = 8;
const OPSET = 13;

function attribute(name: string, value: Attribute): Message {
  const m = new Message().string(1, name);
  if (typeof value === 'string') return m.string(4, value).int(20, ATTRIBUTE_STRING);
  if (typeof value === 'number') return m.int(3, value).int(20, ATTRIBUTE_INT);
  for (const v of value) m.int(8, v);
  return m.int(20, ATTRIBUTE_INTS);
}

function nodeMessage(node: GraphNode): Message {
  const m = new Message();
  for (const input of node.inputs) m.string(1, input);
  for (const output of node.outputs) m.string(2, output);
  m.string(3, node.outputs[0] ?? node.op).string(4, node.op);
  for (const [name, value] of Object.entries(node.attributes ?? {})) {
    m.message(5, attribute(name, value));
  }
  return m;
}

function weightMessage(weight: Weight): Message {
  const m = new Message();
  for (const d of weight.dims) m.int(1, d);
  // raw_data is little-endian, as Float32Array is on every machine Fogata runs on.
  const { buffer, byteOffset, byteLength } = weight.data;
  return m
    .int(2, FLOAT)
    .string(8, weight.name)
    .bytes(9, new Uint8Array(buffer, byteOffset, byteLength));
}

function valueMessage(value: GraphValue): Message {
  const shape = new Message();
  for (const d of value.dims) {
    shape.message(1, typeof d === 'number' ? new Message().int(1, d) : new Message().string(2, d));
  }
  const tensorType = new Message().int(1, FLOAT).message(2, shape);
  return new Message().string(1, value.name).message(2, new Message().message(1, tensorType));
}

/** The bytes of a model holding one graph, as ONNX Runtime's InferenceSession takes them. */
export function onnxModel(graph: {
  nodes: readonly GraphNode[];
  weights: readonly Weight[];
  inputs: readonly GraphValue[];
  outputs: readonly GraphValue[];
}): Uint8Array {
  const g = new Message();
  for (const node of graph.nodes) g.message(1, nodeMessage(node));
  g.string(2, 'fogata');
  for (const weight of graph.weights) g.message(5, weightMessage(weight));
  for (const input of graph.inputs) g.message(11, valueMessage(input));
  for (const output of graph.outputs) g.message(12, valueMessage(output));
  const opset = new Message().string(1, '').int(2, OPSET);
  return new Message().int(1, IR_VERSION).message(8, opset).message(7, g).toBytes();
}
