import { type ChildProcess, fork } from 'node:child_process';
import { SERVER_ERRORS } from '@fogata/shared';
import { AppError } from '../lib/app-error.js';
import { type TurnPriority, Turns } from '../lib/turns.js';
import { inBackgroundTurn } from './background-turns.js';
import { workerScript } from './worker-script.js';

/*
 * The server's image work (an upload's variants, avatars, blurred copies) runs in a process of its
 * own, every thread of it at IMAGE_NICE (decision 197): sharp runs part of each job on the
 * thread pool that also reads the files the pages serve, and in this process that pool keeps the
 * pages' priority. The process is started on the first job and ends when the last app using it
 * closes. One job at a time, the urgent ones first: the queue is here, so a job waiting can still
 * be made urgent. A process that dies (killed, out of memory) fails the job it held with a 503 to
 * try again; the next job starts a new one.
 */

/** What the server asks the image process: one job (an `ImageJob` of `image-work.ts`). */
export interface ImageWorkerRequest {
  id: number;
  job: { kind: string; [field: string]: unknown };
}

/** What the image process answers: that it listens, then each job's result or why it failed. */
export type ImageWorkerReply =
  | { ready: true }
  | { id: number; result: unknown }
  | { id: number; error: string };

/**
 * How soon an image job is wanted: `urgent` for someone waiting on screen (a family's page asking
 * for a copy not made yet), so a page never waits behind a camp's worth of uploads.
 */
export type ImageJobPriority = TurnPriority;

interface ImageProcess {
  child: ChildProcess;
  /** Resolves once the process listens for jobs. */
  ready: Promise<void>;
  /** The job it holds, if any. */
  job: { id: number; resolve(value: unknown): void; reject(err: Error): void } | null;
  /** Set once it has ended, or been told to. */
  ended: boolean;
  /** The nice value it runs at. */
  nice: number;
}

/**
 * Image decoding runs one at a time, whatever the number of uploads in flight: a 50-megapixel
 * photo takes ~150 MB decoded, and the machine may be small.
 */
const imageJobs = new Turns(1);
let running: ImageProcess | null = null;
let nice = 0;
let nextId = 1;
/** The apps open that use the process: it ends when the last one closes. */
let users = 0;

/** How many image jobs wait for their turn (the one running aside). */
export function waitingImageJobs(): number {
  return imageJobs.waitingCount;
}

/**
 * The nice value of the image process from its next start (0: the server's own priority). A
 * process running at another value ends once idle, so the next job starts one at this value.
 */
export function setImageNice(value: number): void {
  if (value === nice) return;
  nice = value;
  if (running && !running.job) stop(running);
}

/** The running process's id and whether it holds a job (for the tests). */
export function imageProcessNow(): { pid: number; busy: boolean } | undefined {
  const pid = running && !running.ended ? running.child.pid : undefined;
  return running && pid !== undefined ? { pid, busy: running.job !== null } : undefined;
}

/**
 * An app that uses the process: it ends (failing the job it holds, if any) once every app that
 * took it has let it go. Returns the letting go.
 */
export function useImageProcess(): () => void {
  users += 1;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    users -= 1;
    if (users === 0 && running) stop(running);
  };
}

/** The 503 of a job whose process ended before answering: nothing wrong with the image. */
function processEnded(): AppError {
  return new AppError(503, SERVER_ERRORS.mediaCopyPending);
}

function stop(image: ImageProcess): void {
  if (running === image) running = null;
  if (image.ended) return;
  image.ended = true;
  image.job?.reject(processEnded());
  image.job = null;
  image.child.kill('SIGKILL');
}

async function start(): Promise<ImageProcess> {
  const script = await workerScript('image-worker');
  const child = fork(script, [], {
    serialization: 'advanced',
    // No flags of this process (a test runner's, the server's heap settings): a script of its own.
    execArgv: [],
    env: { ...process.env, IMAGE_NICE: String(nice) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let ready!: () => void;
  const image: ImageProcess = {
    child,
    ready: new Promise<void>((resolve) => (ready = resolve)),
    job: null,
    ended: false,
    nice,
  };
  child.on('message', (reply: ImageWorkerReply) => {
    if ('ready' in reply) return ready();
    const job = image.job;
    if (!job || job.id !== reply.id) return;
    image.job = null;
    if (image.nice !== nice) stop(image);
    else idle(image);
    if ('error' in reply) job.reject(new Error(reply.error));
    else job.resolve(reply.result);
  });
  // Ended for whatever reason (kill -9, out of memory, a crash): the job it held fails, and the
  // next job starts another process. Node reaps it, so none is left as a zombie.
  const ended = () => {
    if (running === image) running = null;
    image.ended = true;
    image.job?.reject(processEnded());
    image.job = null;
    ready();
  };
  child.on('exit', ended);
  child.on('error', ended);
  return image;
}

/** A process with nothing to do does not keep the server's process alive. */
function idle(image: ImageProcess): void {
  image.child.unref();
  image.child.channel?.unref();
}

async function processForJob(): Promise<ImageProcess> {
  if (!running || running.ended) running = await start();
  const image = running;
  await image.ready;
  return image;
}

/**
 * Sends `job` to the image process, in its turn, and resolves with its answer (`R`, what
 * `runImageWork` answers to that kind of job).
 */
export function runImageJob<R>(
  job: ImageWorkerRequest['job'],
  priority?: ImageJobPriority,
): Promise<R> {
  // Its turn with the pages first (decision 202), then its turn among the image jobs: an urgent
  // job passes both.
  return inBackgroundTurn(() => imageJobTurn<R>(job, priority), priority);
}

function imageJobTurn<R>(job: ImageWorkerRequest['job'], priority?: ImageJobPriority): Promise<R> {
  return imageJobs.run(async () => {
    const image = await processForJob();
    if (image.ended) throw processEnded();
    return new Promise<R>((resolve, reject) => {
      const id = nextId++;
      image.job = { id, resolve: resolve as (value: unknown) => void, reject };
      image.child.ref();
      image.child.channel?.ref();
      const request: ImageWorkerRequest = { id, job };
      image.child.send(request, (err) => {
        // The channel closed under it: the process is ending, and its end fails the job.
        if (err) image.child.kill('SIGKILL');
      });
    });
  }, priority);
}

// A server ending without closing its apps (a test process, an exit on error) takes the process
// with it; one killed outright leaves it without its channel, and it ends itself.
process.on('exit', () => {
  if (running && !running.ended) running.child.kill('SIGKILL');
});
