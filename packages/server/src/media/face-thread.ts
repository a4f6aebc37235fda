import { Worker } from 'node:worker_threads';
import type { DetectedFace } from './face-detection.js';
import type { FaceWorkerReply, FaceWorkerRequest } from './face-worker.js';
import { lowerImageThreads } from './image-threads.js';
import { workerScript } from './worker-script.js';

/*
 * The real face detector, run on threads of its own at the lowest priority (decision 139): a
 * photo's detection is a good share of a second of CPU, and on the main thread no page, image or
 * like would be answered meanwhile. A thread is started on first use, keeps its model loaded, and
 * takes one image at a time. A second one runs only while two images are asked for at once (the
 * scan does so while the site is idle) and ends after a while without work: it holds a model's
 * memory of its own. A thread that dies (out of memory) fails the images it held; the next image
 * starts a new one.
 */

interface Pending {
  resolve(faces: DetectedFace[]): void;
  reject(err: Error): void;
}

interface DetectorThread {
  worker: Worker;
  pending: Map<number, Pending>;
  /** Ends a thread beyond the first once it has been idle for a while. */
  idleTimer: NodeJS.Timeout | null;
}

/** At most this many threads: one per core of the machine the group runs on. */
export const MAX_FACE_THREADS = 2;
/** How long a thread beyond the first waits for work before it ends. */
const EXTRA_THREAD_IDLE_MS = 30_000;

/** The threads running (or starting), the first the one that stays. */
const threads: Promise<DetectorThread>[] = [];
let nextId = 1;

async function startThread(nice: number): Promise<DetectorThread> {
  const worker = new Worker(await workerScript('face-worker'), { workerData: { nice } });
  const started: DetectorThread = { worker, pending: new Map(), idleTimer: null };
  const fail = (err: Error) => {
    forget(started);
    for (const job of started.pending.values()) job.reject(err);
    started.pending.clear();
  };
  worker.on('message', (reply: FaceWorkerReply) => {
    const job = started.pending.get(reply.id);
    if (!job) return;
    started.pending.delete(reply.id);
    if (started.pending.size === 0) idle(started);
    if ('error' in reply) job.reject(new Error(reply.error));
    else job.resolve(reply.faces);
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`el hilo del detector de caras terminó (${code})`)));
  worker.unref();
  return started;
}

/** Each started thread's entry in `threads`. */
const promiseOf = new WeakMap<DetectorThread, Promise<DetectorThread>>();

/** Drops a thread from the pool (it died, or ended idle): the next image starts another. */
function forget(thread: DetectorThread): void {
  const entry = promiseOf.get(thread);
  const at = entry ? threads.indexOf(entry) : -1;
  if (at >= 0) threads.splice(at, 1);
  if (thread.idleTimer) clearTimeout(thread.idleTimer);
}

/**
 * A thread with nothing to do: it no longer keeps the process alive, and one beyond the first
 * ends after a while.
 */
function idle(thread: DetectorThread): void {
  thread.worker.unref();
  const entry = promiseOf.get(thread);
  if (entry === threads[0]) return;
  thread.idleTimer = setTimeout(() => {
    forget(thread);
    void endThread(thread);
  }, EXTRA_THREAD_IDLE_MS);
  thread.idleTimer.unref();
}

function startEntry(nice: number): Promise<DetectorThread> {
  const entry: Promise<DetectorThread> = startThread(nice).then(
    (started) => {
      promiseOf.set(started, entry);
      return started;
    },
    (err: unknown) => {
      const at = threads.indexOf(entry);
      if (at >= 0) threads.splice(at, 1);
      throw err;
    },
  );
  threads.push(entry);
  return entry;
}

/** A thread for one more image: an idle one, else a new one while fewer than the most, else the first. */
async function threadForImage(nice: number): Promise<DetectorThread> {
  const running = await Promise.all(threads.map((entry) => entry.catch(() => null)));
  const free = running.find((t) => t !== null && t.pending.size === 0);
  if (free) return free;
  if (threads.length < MAX_FACE_THREADS) return startEntry(nice);
  const busiest = running.filter((t) => t !== null);
  return busiest.sort((a, b) => a.pending.size - b.pending.size)[0] ?? startEntry(nice);
}

/**
 * The faces in an image (bytes or a file's path), found on one of the detector's threads; a
 * thread started for it takes `nice` as its priority (19, the lowest, unless given).
 */
export async function detectFacesOffThread(
  input: Buffer | string,
  nice = 19,
): Promise<DetectedFace[]> {
  const thread = await threadForImage(nice);
  if (thread.idleTimer) clearTimeout(thread.idleTimer);
  thread.idleTimer = null;
  const id = nextId++;
  // A copy of its own, handed over whole: the caller's buffer may share memory with others.
  const message = typeof input === 'string' ? input : new Uint8Array(input);
  const faces = new Promise<DetectedFace[]>((resolve, reject) => {
    thread.pending.set(id, { resolve, reject });
    thread.worker.ref();
    thread.worker.postMessage(
      { id, input: message },
      typeof message === 'string' ? [] : [message.buffer],
    );
  });
  // The detector decodes the photo with sharp in this process: the libvips threads that decoding
  // started go below the pages.
  return faces.finally(lowerImageThreads);
}

/**
 * How long a thread told to end may take before it is terminated: one pass of the network, at
 * the lowest priority on a machine whose cores are busy, is far less.
 */
const THREAD_END_CEILING_MS = 30_000;

/**
 * Ends a thread: it finishes the pass under way and ends itself. A thread is terminated from
 * here only past a generous ceiling: terminating one inside ONNX Runtime's native code aborts
 * the whole process (decision 212).
 */
async function endThread(thread: DetectorThread): Promise<void> {
  const exited = new Promise<void>((resolve) => thread.worker.once('exit', () => resolve()));
  thread.worker.ref();
  thread.worker.postMessage({ stop: true } satisfies FaceWorkerRequest);
  let ceiling: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    ceiling = setTimeout(() => resolve('late'), THREAD_END_CEILING_MS);
  });
  try {
    if ((await Promise.race([exited, late])) === 'late') await thread.worker.terminate();
  } finally {
    clearTimeout(ceiling);
  }
}

/**
 * Ends every detector thread (the app closes): the images they held fail at once, rather than
 * hold the shutdown for a detection at the lowest priority; each thread ends after the pass under
 * way. The next image starts a new one.
 */
export async function stopFaceThreads(): Promise<void> {
  const running = await Promise.all(threads.splice(0).map((entry) => entry.catch(() => null)));
  await Promise.all(
    running.map(async (thread) => {
      if (!thread) return;
      if (thread.idleTimer) clearTimeout(thread.idleTimer);
      const stopped = new Error('el detector de caras se ha detenido');
      for (const job of thread.pending.values()) job.reject(stopped);
      thread.pending.clear();
      await endThread(thread);
    }),
  );
}
