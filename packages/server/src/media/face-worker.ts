// A face detector's own process (decision 212): the network runs here, never in the server's
// process, every thread of it at the nice value the server gives (FACE_NICE, the lowest unless
// set). The server sends images and may send the next before an answer; this process answers
// each with its faces or with the error's message, one detection at a time, and ends when the
// server does. The server may kill it at any moment: nothing here is kept.
import { detectFaces } from './face-detection.js';
import { lowerEveryThread } from './process-nice.js';

/** What the server asks: the faces in `input` (bytes, or a file's path). */
export interface FaceWorkerRequest {
  id: number;
  input: Uint8Array | string;
}

/** What this process answers: that it is ready, the faces found, or why it could not. */
export type FaceWorkerReply =
  | { ready: true }
  | { id: number; faces: Awaited<ReturnType<typeof detectFaces>> }
  | { id: number; error: string };

lowerEveryThread(Number(process.env.FACE_NICE ?? 19));

// A reply the server can no longer take (it ended meanwhile): this process ends too.
const send = (reply: FaceWorkerReply) =>
  process.send?.(reply, (err: Error | null) => {
    if (err) process.exit(0);
  });

process.on('message', async ({ id, input }: FaceWorkerRequest) => {
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
  send(reply);
});
// The server ended (closed, or killed outright): so does this process.
process.on('disconnect', () => process.exit(0));
send({ ready: true });
