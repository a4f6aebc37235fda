import type { FastifyBaseLogger } from 'fastify';

/**
 * A check that runs beside the requests every `everyMs` (the digest's, the activity reminders'):
 * the first one after one interval, one at a time per process; a failed one is logged and the
 * next tries again. Whatever several instances must do once, the check itself claims in the
 * database.
 */
export class PeriodicCheck {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly check: (now: Date) => Promise<number>,
    private readonly options: { everyMs: number; log: FastifyBaseLogger; failure: string },
  ) {}

  /** Starts the periodic check (the app's onReady). */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.runOnce().catch((err: unknown) => {
        this.options.log.error({ err }, this.options.failure);
      });
    }, this.options.everyMs);
    this.timer.unref();
  }

  /** Stops the check (the app's onClose) and waits for one on its way. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => {});
  }

  /** One check at `now` (what it returns), or 0 after the one already on its way. */
  runOnce(now = new Date()): Promise<number> {
    if (this.running) return this.running.then(() => 0);
    this.running = this.check(now).finally(() => {
      this.running = null;
    });
    return this.running;
  }
}
