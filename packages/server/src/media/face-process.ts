import { type ChildProcess, fork } from 'node:child_process';
import type { DetectedFace } from './face-detection.js';
import type { FaceWorkerReply, FaceWorkerRequest } from './face-worker.js';
import { workerScript } from './worker-script.js';

/*
 * The real face detector, run in processes of its own at the lowest priority (decisions 139,
 * 212): a photo's detection is a good share of a second of CPU, and in the server's process no
 * page, image or like would be answered meanwhile. A process, not a thread: ONNX Runtime cut off
 * inside its native code by a thread's termination aborts the whole process it is in, while a
 * process of its own can be killed at any moment, by the server or by a crash, and the server
 * goes on. A process is started on first use, keeps its model loaded, and takes one image at a
 * time. A second one runs only while two images are asked for at once (the scan does so while the
 * site is idle) and ends after a while without work: it holds a model's memory of its own. A
 * process that dies (out of memory, killed) fails the images it held; the next image starts a
 * new one.
 */

interface Pending {
  resolve(faces: DetectedFace[]): void;
  reject(err: Error): void;
}

interface DetectorProcess {
  child: ChildProcess;
  pending: Map<number, Pending>;
  /** Ends a process beyond the first once it has been idle for a while. */
  idleTimer: NodeJS.Timeout | null;
  ended: boolean;
}

/** At most this many processes: one per core of the machine the group runs on. */
export const MAX_FACE_PROCESSES = 2;
/** How long a process beyond the first waits for work before it ends. */
const EXTRA_PROCESS_IDLE_MS = 30_000;

/** The processes running (or starting), the first the one that stays. */
const detectors: Promise<DetectorProcess>[] = [];
let nextId = 1;
/** Every process started and not yet ended, for the server's own exit. */
const children = new Set<ChildProcess>();

async function startProcess(nice: number): Promise<DetectorProcess> {
  const child = fork(await workerScript('face-worker'), [], {
    serialization: 'advanced',
    // No flags of this process (a test runner's, the server's heap settings): a script of its own.
    execArgv: [],
    env: { ...process.env, FACE_NICE: String(nice) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.add(child);
  const started: DetectorProcess = { child, pending: new Map(), idleTimer: null, ended: false };
  let ready!: () => void;
  const isReady = new Promise<void>((resolve) => (ready = resolve));
  const ended = (err: Error) => {
    children.delete(child);
    started.ended = true;
    forget(started);
    for (const job of started.pending.values()) job.reject(err);
    started.pending.clear();
    ready();
  };
  child.on('message', (reply: FaceWorkerReply) => {
    if ('ready' in reply) return ready();
    const job = started.pending.get(reply.id);
    if (!job) return;
    started.pending.delete(reply.id);
    if (started.pending.size === 0) idle(started);
    if ('error' in reply) job.reject(new Error(reply.error));
    else job.resolve(reply.faces);
  });
  child.on('error', ended);
  child.on('exit', (code, signal) =>
    ended(new Error(`el proceso del detector de caras terminó (${signal ?? code})`)),
  );
  await isReady;
  if (started.ended) throw new Error('el proceso del detector de caras no arrancó');
  idle(started);
  return started;
}

/** Each started process's entry in `detectors`. */
const promiseOf = new WeakMap<DetectorProcess, Promise<DetectorProcess>>();

/** Drops a process from the pool (it died, or ended idle): the next image starts another. */
function forget(detector: DetectorProcess): void {
  const entry = promiseOf.get(detector);
  const at = entry ? detectors.indexOf(entry) : -1;
  if (at >= 0) detectors.splice(at, 1);
  if (detector.idleTimer) clearTimeout(detector.idleTimer);
}

/** Kills a process: whatever it was doing is lost, and nothing of it is kept anywhere. */
function kill(detector: DetectorProcess): Promise<void> {
  if (detector.ended) return Promise.resolve();
  const exited = new Promise<void>((resolve) => detector.child.once('exit', () => resolve()));
  detector.child.kill('SIGKILL');
  return exited;
}

/**
 * A process with nothing to do: it no longer keeps the server's process alive, and one beyond
 * the first ends after a while.
 */
function idle(detector: DetectorProcess): void {
  detector.child.unref();
  detector.child.channel?.unref();
  const entry = promiseOf.get(detector);
  if (!entry || entry === detectors[0]) return;
  detector.idleTimer = setTimeout(() => {
    forget(detector);
    void kill(detector);
  }, EXTRA_PROCESS_IDLE_MS);
  detector.idleTimer.unref();
}

function startEntry(nice: number): Promise<DetectorProcess> {
  const entry: Promise<DetectorProcess> = startProcess(nice).then(
    (started) => {
      promiseOf.set(started, entry);
      return started;
    },
    (err: unknown) => {
      const at = detectors.indexOf(entry);
      if (at >= 0) detectors.splice(at, 1);
      throw err;
    },
  );
  detectors.push(entry);
  return entry;
}

/** A process for one more image: an idle one, else a new one while fewer than the most, else the first. */
async function processForImage(nice: number): Promise<DetectorProcess> {
  const running = await Promise.all(detectors.map((entry) => entry.catch(() => null)));
  const free = running.find((d) => d !== null && !d.ended && d.pending.size === 0);
  if (free) return free;
  if (detectors.length < MAX_FACE_PROCESSES) return startEntry(nice);
  const busiest = running.filter((d): d is DetectorProcess => d !== null && !d.ended);
  return busiest.sort((a, b) => a.pending.size - b.pending.size)[0] ?? startEntry(nice);
}

/**
 * The faces in an image (bytes or a file's path), found in one of the detector's processes; a
 * process started for it takes `nice` as its priority (19, the lowest, unless given).
 */
export async function detectFacesOffThread(
  input: Buffer | string,
  nice = 19,
): Promise<DetectedFace[]> {
  const detector = await processForImage(nice);
  if (detector.idleTimer) clearTimeout(detector.idleTimer);
  detector.idleTimer = null;
  if (detector.ended) throw new Error('el proceso del detector de caras terminó');
  const id = nextId++;
  // A plain copy of its own: the caller's buffer may share memory with others.
  const message: FaceWorkerRequest = {
    id,
    input: typeof input === 'string' ? input : new Uint8Array(input),
  };
  return new Promise<DetectedFace[]>((resolve, reject) => {
    detector.pending.set(id, { resolve, reject });
    detector.child.ref();
    detector.child.channel?.ref();
    detector.child.send(message, (err) => {
      // The channel closed under it: the process is ending, and its end fails the image.
      if (err) detector.child.kill('SIGKILL');
    });
  });
}

/**
 * Ends every detector process (the app closes): killed at once, whatever they were doing, so the
 * images they held fail now rather than hold the shutdown for a detection at the lowest
 * priority. The next image starts a new one.
 */
export async function stopFaceProcesses(): Promise<void> {
  const running = await Promise.all(detectors.splice(0).map((entry) => entry.catch(() => null)));
  await Promise.all(
    running.map(async (detector) => {
      if (!detector) return;
      if (detector.idleTimer) clearTimeout(detector.idleTimer);
      const stopped = new Error('el detector de caras se ha detenido');
      for (const job of detector.pending.values()) job.reject(stopped);
      detector.pending.clear();
      await kill(detector);
    }),
  );
}

// A server ending without closing its apps (a test process, an exit on error) takes the
// processes with it; one killed outright leaves them without their channel, and they end
// themselves.
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});
