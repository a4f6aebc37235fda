import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { DetectedFace } from './face-detection.js';
import type { FaceWorkerReply } from './face-worker.js';

/*
 * The real face detector, run on a thread of its own at the lowest priority (decision 103): a
 * photo's detection is seconds of WebAssembly, and on the main thread no page, image or like
 * would be answered meanwhile. The thread is started on first use, keeps its model loaded, and
 * takes one image at a time; one that dies (out of memory) fails the images it held, and the
 * next image starts a new one.
 */

interface Pending {
  resolve(faces: DetectedFace[]): void;
  reject(err: Error): void;
}

interface DetectorThread {
  worker: Worker;
  pending: Map<number, Pending>;
}

let thread: Promise<DetectorThread> | null = null;
/** The thread once started, to tell a dead one from its successor. */
let current: DetectorThread | null = null;
let nextId = 1;

/**
 * The worker's script. The built server has it beside itself (`dist/face-worker.js`); run from
 * the TypeScript sources (the tests), it is bundled once per process into the package's `.tmp/`.
 */
async function workerScript(): Promise<URL> {
  const built = new URL('./face-worker.js', import.meta.url);
  if (existsSync(built)) return built;
  const source = new URL('./face-worker.ts', import.meta.url);
  if (!existsSync(source)) throw new Error(`face-worker: no está junto a ${import.meta.url}`);
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const outDir = join(root, '.tmp');
  mkdirSync(outDir, { recursive: true });
  const outfile = join(outDir, `face-worker-${process.pid}.mjs`);
  const { build } = await import('esbuild');
  await build({
    entryPoints: [fileURLToPath(source)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    external: Object.keys(pkg.dependencies).filter((name) => name !== '@fogata/shared'),
    logLevel: 'warning',
  });
  process.on('exit', () => rmSync(outfile, { force: true }));
  return new URL(`file://${outfile}`);
}

async function startThread(): Promise<DetectorThread> {
  const worker = new Worker(await workerScript());
  const started: DetectorThread = { worker, pending: new Map() };
  const fail = (err: Error) => {
    // The next image starts a new thread.
    if (current === started) {
      current = null;
      thread = null;
    }
    for (const job of started.pending.values()) job.reject(err);
    started.pending.clear();
  };
  worker.on('message', (reply: FaceWorkerReply) => {
    const job = started.pending.get(reply.id);
    if (!job) return;
    started.pending.delete(reply.id);
    // Idle, the thread does not keep the process alive.
    if (started.pending.size === 0) worker.unref();
    if ('error' in reply) job.reject(new Error(reply.error));
    else job.resolve(reply.faces);
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`el hilo del detector de caras terminó (${code})`)));
  worker.unref();
  current = started;
  return started;
}

/** The thread, started on first use. */
function detectorThread(): Promise<DetectorThread> {
  thread ??= startThread().catch((err: unknown) => {
    thread = null;
    throw err;
  });
  return thread;
}

/** The faces in an image (bytes or a file's path), found on the detector's thread. */
export async function detectFacesOffThread(input: Buffer | string): Promise<DetectedFace[]> {
  const { worker, pending } = await detectorThread();
  const id = nextId++;
  // A copy of its own, handed over whole: the caller's buffer may share memory with others.
  const message = typeof input === 'string' ? input : new Uint8Array(input);
  return new Promise<DetectedFace[]>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker.ref();
    worker.postMessage({ id, input: message }, typeof message === 'string' ? [] : [message.buffer]);
  });
}

/** Ends the detector's thread (the app's close); an image in flight fails, the next starts one. */
export async function stopFaceThread(): Promise<void> {
  const running = current;
  current = null;
  thread = null;
  if (running) await running.worker.terminate();
}
