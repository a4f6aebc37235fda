import type { FastifyBaseLogger } from 'fastify';
import type { MediaJournal } from './journal.js';
import type { MediaStorage } from './storage/storage.js';
import { removeLeftUploads, uploadsRoot } from './temp-uploads.js';

/** How often a running app reconciles (besides at start-up). */
export const SWEEP_EVERY_MS = 10 * 60 * 1000;
/** How soon files a failed write left are swept again while the storage may still be down. */
export const ABANDONED_RETRY_MS = 30_000;

/** What the sweeps need from the app. */
export interface SweepTarget {
  mediaJournal: MediaJournal;
  storage: MediaStorage;
  log: FastifyBaseLogger;
  config: { dataDir: string };
}

/**
 * Sweeps what crashes left behind: journaled orphans and the temp uploads of gone processes.
 * `start` sweeps once (awaited: before the app listens), then every `everyMs` on an unref'd
 * timer; `stop` ends the timer and waits for a sweep in progress.
 */
export class MediaSweeper {
  private timer: NodeJS.Timeout | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly target: SweepTarget,
    private readonly everyMs = SWEEP_EVERY_MS,
    private readonly retryMs = ABANDONED_RETRY_MS,
  ) {
    target.mediaJournal.onAbandon(() => this.soon());
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.sweep();
    this.schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.timer = null;
    this.retryTimer = null;
    await this.running;
  }

  /** One sweep; failures are logged (the next sweep tries again), never thrown. */
  sweep(): Promise<void> {
    this.running ??= (async () => {
      const { mediaJournal, storage, log, config } = this.target;
      try {
        await removeLeftUploads(uploadsRoot(config.dataDir), mediaJournal.owner);
        await mediaJournal.reconcile(storage);
      } catch (err) {
        log.warn({ err }, 'no se pudo repasar el diario de medios');
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /**
   * Sweeps again within `retryMs`, and so on while abandoned files remain: the storage that
   * could not delete them may be back by then, and no restart is needed to clean them.
   */
  soon(): void {
    if (this.stopped || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      void this.sweep().then(() => {
        this.retryTimer = null;
        if (this.target.mediaJournal.hasAbandoned()) this.soon();
      });
    }, this.retryMs);
    this.retryTimer.unref();
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.sweep().then(() => this.schedule());
    }, this.everyMs);
    this.timer.unref();
  }
}
