import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { nowIso } from '../lib/tokens.js';
import { MailQueueRepository, type MailQueueRow } from './mail-queue.repository.js';
import type { Mailer, MailMessage } from './mailer.js';

/** Messages claimed per round; the worker goes on while rounds come back full. */
const BATCH = 10;
/**
 * How long a claim holds a message. Far longer than any send can take with the mailer's
 * time-outs (10 s to connect, 10 s for the greeting, 30 s of silence), so no other instance
 * takes a message still on its way; a crash mid-send leaves it for another try after this.
 */
const LEASE_MS = 10 * 60_000;
/** Sent and given-up messages are deleted this long after they were queued. */
const KEEP_MS = 7 * 24 * 3600_000;
/** The purge runs at most this often per process. */
const PURGE_EVERY_MS = 3600_000;
/** How long closing the app waits for a send on its way. */
const STOP_GRACE_MS = 5_000;

export interface MailQueueOptions {
  /** How often to look for due mail besides the kick that follows each enqueue. */
  pollMs: number;
  /** Waits between the tries of a failed message; one more try than waits, then it is given up. */
  retryDelaysMs: readonly number[];
}

function describe(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.slice(0, 1000);
}

/**
 * A durable mail queue in the database (decision 010): `enqueue` writes a row, the worker sends
 * it after the request has been answered. Any number of app instances may run the worker on one
 * database: each message is claimed by exactly one (a conditional UPDATE) while it is sent.
 * Delivery is at least once: only a crash between the send and its record sends one twice.
 */
export class MailQueue {
  private timer: NodeJS.Timeout | null = null;
  private pendingKick: NodeJS.Immediate | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private lastPurge = 0;

  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
    private readonly options: MailQueueOptions,
  ) {}

  /**
   * Queues `message`. With `trx` the row is written in that transaction, and the caller kicks
   * the worker once it has committed (before, the worker could not see the row yet).
   * `expiresAt`: past it the message is no longer worth sending (its link is dead).
   */
  async enqueue(
    message: MailMessage,
    opts: { trx?: Transaction<Database>; expiresAt?: string } = {},
  ): Promise<void> {
    await new MailQueueRepository(opts.trx ?? this.db).insert(
      message,
      nowIso(),
      opts.expiresAt ?? null,
    );
    if (!opts.trx) this.kick();
  }

  /** Lets the worker look for due mail as soon as the current request is done. */
  kick(): void {
    if (this.stopped || this.pendingKick) return;
    this.pendingKick = setImmediate(() => {
      this.pendingKick = null;
      this.run();
    });
    this.pendingKick.unref();
  }

  /** Starts the worker (the app's onReady): a first look now, then one every `pollMs`. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.timer = setInterval(() => this.run(), this.options.pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Stops the worker (the app's onClose), waiting a little for a send on its way. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.pendingKick) clearImmediate(this.pendingKick);
    this.timer = null;
    this.pendingKick = null;
    if (!this.running) return;
    let timeout: NodeJS.Timeout | undefined;
    await Promise.race([
      this.running,
      new Promise<void>((resolve) => {
        timeout = setTimeout(resolve, STOP_GRACE_MS);
        timeout.unref();
      }),
    ]);
    clearTimeout(timeout);
  }

  /** One worker loop per process at a time; a call while it runs makes it go round once more. */
  private run(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.again) this.kick();
    });
  }

  private async drain(): Promise<void> {
    try {
      await this.purge();
      for (;;) {
        this.again = false;
        const claimed = await this.round();
        if (this.stopped || (claimed < BATCH && !this.again)) return;
      }
    } catch (err) {
      // The database is unreachable or closing: the next poll tries again.
      if (!this.stopped) this.log.error({ err }, 'la cola de correo falló; se reintentará');
    }
  }

  /** Claims and sends the due messages, one at a time; returns how many were due. */
  private async round(): Promise<number> {
    const repo = new MailQueueRepository(this.db);
    const ids = await repo.dueIds(nowIso(), BATCH);
    for (const id of ids) {
      if (this.stopped) break;
      const lease = nowIso(LEASE_MS);
      const row = await repo.claim(id, nowIso(), lease);
      // Null: another instance took it first.
      if (row) await this.deliver(repo, row, lease);
    }
    return ids.length;
  }

  private async deliver(repo: MailQueueRepository, row: MailQueueRow, lease: string) {
    const context = { mailId: row.id, to: row.recipient, attempts: row.attempts };
    if (row.expires_at !== null && row.expires_at <= nowIso()) {
      await repo.markFailed(row.id, lease, 'caducado antes de poder enviarse', null);
      this.log.error(context, 'correo descartado: caducó antes de poder enviarse');
      return;
    }
    try {
      await this.mailer.send({
        to: row.recipient,
        subject: row.subject,
        text: row.text,
        html: row.html,
        ...(row.link ? { link: row.link } : {}),
        ...(row.headers ? { headers: JSON.parse(row.headers) as Record<string, string> } : {}),
      });
    } catch (err) {
      const delay = this.options.retryDelaysMs[row.attempts - 1];
      let retryAt = delay === undefined ? null : nowIso(delay);
      // A retry after its link has died would only confuse the reader.
      if (retryAt !== null && row.expires_at !== null && retryAt >= row.expires_at) retryAt = null;
      await repo.markFailed(row.id, lease, describe(err), retryAt);
      if (retryAt === null) {
        this.log.error({ ...context, err }, 'no se pudo enviar el correo; se abandona');
      } else {
        this.log.warn({ ...context, err, retryAt }, 'no se pudo enviar el correo; se reintentará');
      }
      return;
    }
    await repo.markSent(row.id, lease, nowIso());
  }

  /** Deletes old sent and given-up rows, at most once an hour. */
  private async purge(): Promise<void> {
    if (Date.now() - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = Date.now();
    await new MailQueueRepository(this.db).purge(nowIso(-KEEP_MS));
  }
}
