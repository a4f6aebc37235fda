// The image process (decision 197): sharp's work for the server, every thread of this process at
// IMAGE_NICE, below the pages. The server sends one job at a time; this process answers with its
// result or with the error's message, and ends when the server does.
import { readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import type { ImageWorkerReply, ImageWorkerRequest } from './image-child.js';
import { type ImageJob, runImageWork } from './image-work.js';

/**
 * Every thread of this process at `nice`. Linux gives each thread its own nice value, and a
 * thread starts at the value of the one that starts it: once those running now are lowered (the
 * main thread, V8's and libuv's), every thread started later (libvips' among them) starts lowered.
 * Passes again until none is found above, in case one started during a pass.
 */
function lowerEveryThread(nice: number): void {
  if (nice === 0) return;
  if (process.platform !== 'linux') {
    setPriority(nice);
    return;
  }
  for (let pass = 0; pass < 10; pass += 1) {
    let raised = false;
    for (const task of readdirSync('/proc/self/task')) {
      try {
        const tid = Number(task);
        if (getPriority(tid) < nice) {
          setPriority(tid, nice);
          raised = true;
        }
      } catch {
        // The thread ended meanwhile.
      }
    }
    if (!raised) return;
  }
}

try {
  lowerEveryThread(Number(process.env.IMAGE_NICE ?? 0));
} catch {
  // Not allowed or not supported here: the work still runs, at the server's priority.
}

const send = (reply: ImageWorkerReply) => process.send?.(reply);

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
