// The image process (decision 197): sharp's work for the server, every thread of this process at
// IMAGE_NICE, below the pages. The server sends one job at a time; this process answers with its
// result or with the error's message, and ends when the server does.
import type { ImageWorkerReply, ImageWorkerRequest } from './image-child.js';
import { type ImageJob, runImageWork } from './image-work.js';
import { lowerEveryThread } from './process-nice.js';

lowerEveryThread(Number(process.env.IMAGE_NICE ?? 0));

// A reply the server can no longer take (it ended meanwhile): this process ends too.
const send = (reply: ImageWorkerReply) =>
  process.send?.(reply, (err: Error | null) => {
    if (err) process.exit(0);
  });

process.on('message', async ({ id, job }: ImageWorkerRequest) => {
  try {
    send({ id, result: await runImageWork(job as ImageJob) });
  } catch (err) {
    send({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
// The server ended (closed, or killed outright): so does this process.
process.on('disconnect', () => process.exit(0));
send({ ready: true });
