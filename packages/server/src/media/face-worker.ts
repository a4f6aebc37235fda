// The face detector's own thread (decision 139): the network runs here, never on the
// thread that answers requests. The parent sends one image at a time; this thread answers with
// its faces or with the error's message.
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { detectFaces, stopDetections } from './face-detection.js';

/** What the parent asks: the faces in `input` (bytes, or a file's path), or that the thread end. */
export type FaceWorkerRequest = { id: number; input: Uint8Array | string } | { stop: true };

/** What this thread answers: the faces found, or why it could not. */
export type FaceWorkerReply =
  | { id: number; faces: Awaited<ReturnType<typeof detectFaces>> }
  | { id: number; error: string };

// The lowest priority for this thread only (Linux gives each thread its own nice value): the
// pages, on the main thread, come first when the cores are busy. The parent may ask for another.
try {
  setPriority(0, (workerData as { nice?: number } | null)?.nice ?? 19);
} catch {
  // Not allowed or not supported here: the detector still runs, at the process's priority.
}

const port = parentPort;
if (!port) throw new Error('face-worker: no es un hilo de trabajo');
port.on('message', async (request: FaceWorkerRequest) => {
  if ('stop' in request) {
    // The thread ends itself once the detection under way has, never in the middle of it.
    await stopDetections();
    process.exit(0);
  }
  const { id, input } = request;
  let reply: FaceWorkerReply;
  try {
    const image =
      typeof input === 'string'
        ? input
        : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
    reply = { id, faces: await detectFaces(image) };
  } catch (err) {
    reply = { id, error: err instanceof Error ? err.message : String(err) };
  }
  port.postMessage(reply);
});
