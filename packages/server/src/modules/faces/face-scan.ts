import { performance } from 'node:perf_hooks';
import { buffer } from 'node:stream/consumers';
import type { AppContext } from '../../context.js';
import { MAX_FACE_PROCESSES, stopFaceProcesses } from '../../media/face-process.js';
import { saveFaceSearch } from '../../media/face-rows.js';
import { forgetFaceScanner, registerFaceScanner, searchFaces } from '../../media/face-search.js';
import { facesChanged } from '../../media/renditions/face-changes.js';
import { type ClaimedScan, FaceScanRepository, scanImage } from './face-scan.repository.js';

/*
 * The scan (decision 139): every photo and cover uploaded, the images stored before
 * detection existed (migration 014 queued them all), and any whose detection failed, looked at
 * in the detector's own processes (two at once while the site is idle, else one). An upload wakes
 * it at once; the queued image is blurred whole meanwhile (decision 099). One tried too often is given up on, and
 * stays unsearched until a manager has looked at it. Its state is the queue table: a restart
 * goes on where it was, and an instance claims a row by compare-and-set for a lease, so several
 * instances never scan one image twice and a killed one's row is free again when its lease ends.
 */

/** Below this share of time busy answering requests, the site is idle: the scan uses both cores. */
const IDLE_LOOP = 0.1;

/** Tries of an image before it is dropped from the queue (with a log line). */
export const SCAN_MAX_ATTEMPTS = 3;

export interface FaceScanTiming {
  /** Before the first look, after the app is ready. */
  startMs: number;
  /** Between two images: the pages' share of the two cores. */
  pauseMs: number;
  /** With the queue empty, before looking again (a failed upload's detection lands there). */
  idleMs: number;
  /** How long a claim holds: past it, an instance that died has let go. */
  leaseMs: number;
  /** Before an image that failed is tried again. */
  retryMs: number;
}

export const DEFAULT_FACE_SCAN: FaceScanTiming = {
  // Long enough for the server to come up first; what a restart left queued waits no longer.
  startMs: 5_000,
  // The detector runs in its own process at the lowest priority: the pages need no pause of it.
  pauseMs: 0,
  idleMs: 10 * 60_000,
  leaseMs: 5 * 60_000,
  retryMs: 10 * 60_000,
};

/** What became of one look at the queue. */
export type ScanOutcome = 'empty' | 'scanned' | 'failed' | 'dropped' | 'lost';

export class FaceScanner {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<ScanOutcome> | null = null;
  private stopped = true;
  /** The event loop's use at the last look, to tell an idle site. */
  private loop = performance.eventLoopUtilization();
  /** Woken while scanning: look again straight after. */
  private again = false;
  private readonly timing: FaceScanTiming;

  constructor(
    private readonly ctx: AppContext,
    timing: Partial<FaceScanTiming> = {},
  ) {
    this.timing = { ...DEFAULT_FACE_SCAN, ...ctx.config.faceScan, ...timing };
  }

  /** Starts scanning (the app's onReady), the first image after `startMs`. */
  start(): void {
    this.stopped = false;
    registerFaceScanner(this.ctx, this);
    this.schedule(this.timing.startMs);
  }

  /** Something was queued: look now rather than after the start-up or idle delay. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  /** Scans until nothing is free to take (what waits for a retry or was given up on is not). */
  async whenIdle(): Promise<void> {
    for (;;) {
      await this.running?.catch(() => undefined);
      if ((await this.runOnce()) === 'empty' && !this.running) return;
    }
  }

  /** Stops (the app's onClose), waiting for an image on its way. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    forgetFaceScanner(this.ctx, this);
    // A detection in flight is not waited for: its process is killed, and its image let go at once.
    if (this.running && !this.ctx.faceDetector) await stopFaceProcesses();
    await this.running?.catch(() => {});
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.tick();
    }, ms);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    let outcomes: ScanOutcome[] = ['empty'];
    try {
      outcomes = await this.runLanes(this.lanes());
    } catch (err) {
      this.ctx.log.error({ err }, 'la revisión de caras en segundo plano falló; se reintentará');
    }
    const more = outcomes.some((outcome) => outcome !== 'empty') || this.again;
    this.again = false;
    this.schedule(more ? this.timing.pauseMs : this.timing.idleMs);
  }

  /**
   * How many images to scan at once: two, one per core, while the site is idle (its thread that
   * answers requests was busy under a tenth of the time since the last look), else one. The real
   * detector only: a stand-in runs in this thread.
   */
  private lanes(): number {
    const since = performance.eventLoopUtilization(this.loop);
    this.loop = performance.eventLoopUtilization();
    if (this.ctx.faceDetector) return 1;
    return since.utilization < IDLE_LOOP ? MAX_FACE_PROCESSES : 1;
  }

  /** Scans up to `lanes` free images at once (each claims its own); their outcomes. */
  private runLanes(lanes: number): Promise<ScanOutcome[]> {
    if (lanes <= 1 || this.running) return this.runOnce().then((outcome) => [outcome]);
    const now = new Date();
    const all = Promise.all(Array.from({ length: lanes }, () => this.scanNext(now)));
    this.running = all
      .then((outcomes) => outcomes[0] ?? 'empty')
      .finally(() => {
        this.running = null;
      });
    return this.running.then(() => all);
  }

  /** Scans the next free image of the queue, if any; one at a time per instance. */
  runOnce(now = new Date()): Promise<ScanOutcome> {
    if (this.running) return this.running.then(() => 'lost' as const);
    this.running = this.scanNext(now).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async scanNext(now: Date): Promise<ScanOutcome> {
    const { db } = this.ctx;
    const repo = new FaceScanRepository(db);
    const until = new Date(now.getTime() + this.timing.leaseMs).toISOString();
    const row = await repo.claimNext(now.toISOString(), until);
    if (!row) return 'empty';
    // An instance that died while scanning it (the lease ran out) used its attempts too.
    if (row.attempts > SCAN_MAX_ATTEMPTS) return this.failed(repo, row, now);
    const image = scanImage(row);
    const search = await this.search(repo, row);
    if (!('found' in search)) return this.failed(repo, row, now);
    const done = await db.kysely.transaction().execute(async (trx) => {
      const repo = new FaceScanRepository(trx);
      // The image first, held against its deletion (decision 198): deleting it deletes its place
      // in the queue, which `finish` takes, and its faces, which this adds; taken the other way
      // round on PostgreSQL, each transaction would wait for the other. Gone: nothing to save.
      if (!(await repo.holdImage(image, db.dialect))) return false;
      // Still ours: not taken over after a lease ran out, nor the image replaced meanwhile.
      if (!(await repo.finish(row))) return false;
      await saveFaceSearch(trx, image, search, new Date().toISOString());
      return true;
    });
    if (!done) return 'lost';
    await facesChanged(this.ctx, image.kind, [image.id]);
    return 'scanned';
  }

  /** The faces in a queued image's display copy, read back from the storage. */
  private async search(repo: FaceScanRepository, row: ClaimedScan) {
    const image = scanImage(row);
    const what = `${image.kind} ${image.id}`;
    try {
      const key = await repo.displayKey(image);
      const file = key ? await this.ctx.storage.read(key) : null;
      if (!file) throw new Error('la imagen no está en el almacenamiento');
      return await searchFaces(this.ctx, await buffer(file.stream), what);
    } catch (err) {
      this.ctx.log.warn({ err, image: what }, 'no se pudo leer la imagen para buscar caras');
      return { failed: true } as const;
    }
  }

  private async failed(
    repo: FaceScanRepository,
    row: ClaimedScan,
    now: Date,
  ): Promise<ScanOutcome> {
    const image = scanImage(row);
    if (row.attempts >= SCAN_MAX_ATTEMPTS) {
      // It stays unsearched, so blurred whole while consent applies, until a manager looks.
      await repo.giveUp(row, now.toISOString());
      this.ctx.log.error(
        { image: `${image.kind} ${image.id}`, attempts: row.attempts },
        'no se pudieron buscar caras en esta imagen tras varios intentos; se muestra difuminada entera: revísala a mano en «Revisar caras»',
      );
      return 'dropped';
    }
    // Stopped mid-detection (the app closes): free at once for the next start or instance.
    const retryAt = this.stopped ? now : new Date(now.getTime() + this.timing.retryMs);
    await repo.release(row, retryAt.toISOString());
    return 'failed';
  }
}
