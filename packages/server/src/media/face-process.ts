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
  /** Settles once its model is loaded, or once it has ended before that. */
  ready: Promise<void>;
  pending: Map<number, Pending>;
  /** Ends a process beyond the first once it has been idle for a while. */
  idleTimer: NodeJS.Timeout | null;
  ended: boolean;
}

/** At most this many processes: one per core of the machine the group runs on. */
export const MAX_FACE_PROCESSES = 2;
/** How long a process beyond the first waits for work before it ends. */
const EXTRA_PROCESS_IDLE_MS = 30_000;

/** The processes running (or loading their model), the first the one that stays. */
const detectors: DetectorProcess[] = [];
let nextId = 1;
/** Every process started and not yet ended, for the server's own exit. */
const children = new Set<ChildProcess>();

/** Starts a process and puts it in the pool at once, so a second image asked for meanwhile sees it. */
function startProcess(script: URL, nice: number): DetectorProcess {
  const child = fork(script, [], {
    serialization: 'advanced',
    // No flags of this process (a test runner's, the server's heap settings): a script of its own.
    execArgv: [],
    env: { ...process.env, FACE_NICE: String(nice) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.add(child);
  let ready!: () => void;
  const detector: DetectorProcess = {
    child,
    ready: new Promise<void>((resolve) => (ready = resolve)),
    pending: new Map(),
    idleTimer: null,
    ended: false,
  };
  const ended = (err: Error) => {
    children.delete(child);
    detector.ended = true;
    drop(detector);
    for (const job of detector.pending.values()) job.reject(err);
    detector.pending.clear();
    ready();
  };
  child.on('message', (reply: FaceWorkerReply) => {
    if ('ready' in reply) return ready();
    const job = detector.pending.get(reply.id);
    if (!job) return;
    detector.pending.delete(reply.id);
    if (detector.pending.size === 0) idle(detector);
    if ('error' in reply) job.reject(new Error(reply.error));
    else job.resolve(reply.faces);
  });
  child.on('error', ended);
  child.on('exit', (code, signal) =>
    ended(new Error(`el proceso del detector de caras terminó (${signal ?? code})`)),
  );
  detectors.push(detector);
  return detector;
}

/** Drops a process from the pool (it died, or ended idle): the next image starts another. */
function drop(detector: DetectorProcess): void {
  const at = detectors.indexOf(detector);
  if (at >= 0) detectors.splice(at, 1);
  if (detector.idleTimer) clearTimeout(detector.idleTimer);
  detector.idleTimer = null;
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
  if (detector === detectors[0]) return;
  detector.idleTimer = setTimeout(() => {
    drop(detector);
    void kill(detector);
  }, EXTRA_PROCESS_IDLE_MS);
  detector.idleTimer.unref();
}

/** A process for one more image: an idle one, else a new one while fewer than the most, else the least busy. */
function processForImage(script: URL, nice: number): DetectorProcess {
  const free = detectors.find((detector) => detector.pending.size === 0);
  if (free) return free;
  if (detectors.length < MAX_FACE_PROCESSES) return startProcess(script, nice);
  return detectors.reduce((least, d) => (d.pending.size < least.pending.size ? d : least));
}

/**
 * The faces in an image (bytes or a file's path), found in one of the detector's processes; a
 * process started for it takes `nice` as its priority (19, the lowest, unless given).
 */
export async function detectFacesOffThread(
  input: Buffer | string,
  nice = 19,
): Promise<DetectedFace[]> {
  const script = await workerScript('face-worker');
  // From here to the image's place in a process, nothing waits: two images asked for at once
  // each see the other's.
  const detector = processForImage(script, nice);
  if (detector.idleTimer) clearTimeout(detector.idleTimer);
  detector.idleTimer = null;
  const id = nextId++;
  const faces = new Promise<DetectedFace[]>((resolve, reject) =>
    detector.pending.set(id, { resolve, reject }),
  );
  // Its end (the process died while loading, or was stopped) may come before anyone awaits it.
  faces.catch(() => {});
  detector.child.ref();
  detector.child.channel?.ref();
  await detector.ready;
  if (detector.ended) return faces;
  // A plain copy of its own: the caller's buffer may share memory with others.
  const message: FaceWorkerRequest = {
    id,
    input: typeof input === 'string' ? input : new Uint8Array(input),
  };
  detector.child.send(message, (err) => {
    // The channel closed under it: the process is ending, and its end fails the image.
    if (err) detector.child.kill('SIGKILL');
  });
  return faces;
}

/**
 * Ends every detector process (the app closes): killed at once, whatever they were doing, so the
 * images they held fail now rather than hold the shutdown for a detection at the lowest
 * priority. The next image starts a new one.
 */
export async function stopFaceProcesses(): Promise<void> {
  await Promise.all(
    detectors.splice(0).map(async (detector) => {
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
