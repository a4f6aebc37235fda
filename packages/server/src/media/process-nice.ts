// The priority of a process the server starts for background work (the image process, the face
// detector's processes): every thread of it below the pages.
import { readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * Every thread of this process at `nice`. Linux gives each thread its own nice value, and a
 * thread starts at the value of the one that starts it: once those running now are lowered (the
 * main thread, V8's and libuv's), every thread started later (libvips' among them) starts lowered.
 * Passes again until none is found above, in case one started during a pass. A system that
 * refuses leaves the work at the server's priority.
 */
export function lowerEveryThread(nice: number): void {
  if (nice === 0) return;
  try {
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
  } catch {
    // Not allowed or not supported here.
  }
}
