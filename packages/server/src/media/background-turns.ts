import { performance } from 'node:perf_hooks';
import type { TurnPriority } from '../lib/turns.js';

/*
 * The image work nobody waits for on screen (an upload's copies, the blurred copies the scan
 * asks for, the face detector) takes turns with the pages while they are busy (decision 202).
 * Running below them is not enough: on a small machine, any of it running at all slows the
 * pages about as much at the lowest priority as at the highest, so what counts is for how long
 * it runs. While this process's event loop is busy, one such job runs at a time and the next
 * rests after it, longer than it took; while the pages are quiet, they run as before.
 */

/** The share of its time the event loop spends working above which the pages are busy. */
const BUSY_UTILIZATION = 0.5;
/** How often that share is read, over the time since the last reading. */
const SAMPLE_MS = 250;
/**
 * A job waiting checks this often whether its turn has come (the timer keeps the process alive:
 * the job is work under way, a demo's seeding among them).
 */
const POLL_MS = 25;

/**
 * While the pages are busy, how long background work rests after each job, as a share of the
 * job's own time: such work runs at most 1 / (1 + REST_SHARE) of the time.
 */
export const REST_SHARE = 1.5;

let enabled = false;
let utilization = 0;
let last = performance.eventLoopUtilization();
let sampler: NodeJS.Timeout | null = null;
/** Stands in for the event loop's reading (the tests say when the pages are busy). */
let probe: (() => boolean) | null = null;

/** Jobs under way that took their turn here. */
let running = 0;
/** While busy, no job starts before then (`performance.now()`). */
let restUntil = 0;
/** The jobs waiting for their turn, each with how soon it is wanted (it may become urgent). */
const waiting: { priority: TurnPriority | undefined; go: () => void }[] = [];
let pumpTimer: NodeJS.Timeout | null = null;

function sample(): void {
  const now = performance.eventLoopUtilization();
  utilization = performance.eventLoopUtilization(now, last).utilization;
  last = now;
}

function pagesBusy(): boolean {
  return probe ? probe() : utilization >= BUSY_UTILIZATION;
}

/**
 * Whether background jobs take turns with the pages (on unless the image work runs at the
 * server's own priority: a test server, or a machine where it must not wait).
 */
export function setBackgroundTurns(on: boolean): void {
  enabled = on;
  if (on && !sampler) {
    last = performance.eventLoopUtilization();
    sampler = setInterval(sample, SAMPLE_MS);
    sampler.unref();
  } else if (!on && sampler) {
    clearInterval(sampler);
    sampler = null;
    utilization = 0;
    restUntil = 0;
  }
  if (!on) pump();
}

/** For the tests: `busy` says whether the pages are busy (null: the event loop's reading). */
export function setPagesBusyProbe(busy: (() => boolean) | null): void {
  probe = busy;
  pump();
}

function mayStart(): boolean {
  if (!enabled || !pagesBusy()) return true;
  return running === 0 && performance.now() >= restUntil;
}

/** Starts the jobs whose turn has come, and looks again soon while some still wait. */
function pump(): void {
  // A job someone has come to wait for on screen meanwhile goes at once.
  for (const waiter of waiting.filter((w) => w.priority?.urgent)) {
    waiting.splice(waiting.indexOf(waiter), 1);
    running += 1;
    waiter.go();
  }
  while (waiting.length > 0 && mayStart()) {
    running += 1;
    waiting.shift()?.go();
  }
  if (waiting.length > 0 && !pumpTimer) {
    pumpTimer = setTimeout(() => {
      pumpTimer = null;
      pump();
    }, POLL_MS);
  }
}

/**
 * Runs `task` (background image work) in its turn: at once while the pages are quiet; while they
 * are busy, once no other such job runs and the rest after the last one is over. An urgent task
 * (someone waits for it on screen, or has come to while it waited) is page work: it does not
 * wait here, and no rest follows it.
 */
export async function inBackgroundTurn<T>(
  task: () => Promise<T>,
  priority?: TurnPriority,
): Promise<T> {
  if (!enabled || priority?.urgent) return task();
  await new Promise<void>((go) => {
    waiting.push({ priority, go });
    pump();
  });
  const started = performance.now();
  try {
    return await task();
  } finally {
    running -= 1;
    const ended = performance.now();
    if (pagesBusy() && !priority?.urgent) {
      restUntil = Math.max(restUntil, ended + (ended - started) * REST_SHARE);
    }
    pump();
  }
}
