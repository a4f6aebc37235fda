// libvips' worker threads do the pixel work of the images still handled in the server's process
// (a mail's cover, a link's preview, a paper autorización's scan); an upload's variants and the
// blurred copies run in the image process, and the detector's decoding in its own processes,
// wholly below the pages (decisions 197, 212). Linux gives each thread
// its own nice value, so these threads can run below the thread that answers requests (decision
// 193). libvips starts its threads on its own, when a pipeline first needs them, at the priority
// of the thread that starts them: they are found by name and lowered after they appear.
import { readdirSync, readFileSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

const TASKS = '/proc/self/task';
const LIBVIPS_THREAD = 'libvips worker';

let imageNice = 0;

/** The nice value libvips' threads get from now on (0 leaves them as they start). */
export function setImageThreadsNice(nice: number): void {
  imageNice = nice;
  lowerImageThreads();
}

/**
 * Lowers every libvips thread that runs above the nice value set: called after each image made
 * in this process, so threads libvips has just started are caught before the next one.
 */
export function lowerImageThreads(): void {
  if (imageNice === 0 || process.platform !== 'linux') return;
  let tasks: string[];
  try {
    tasks = readdirSync(TASKS);
  } catch {
    return;
  }
  for (const task of tasks) {
    try {
      if (!readFileSync(`${TASKS}/${task}/comm`, 'latin1').startsWith(LIBVIPS_THREAD)) continue;
      const tid = Number(task);
      if (getPriority(tid) < imageNice) setPriority(tid, imageNice);
    } catch {
      // The thread ended meanwhile, or the system refuses: it keeps its priority.
    }
  }
}
