import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { nowIso } from '../lib/tokens.js';
import { attachmentsOf, MailQueueRepository, type MailQueueRow } from './mail-queue.repository.js';
import type { InlineImage, Mailer, MailMessage } from './mailer.js';

/**
 * Messages on their way at once per process. A send that hangs holds one of these (for its
 * time-outs at most), never the queue: the others go on.
 */
const MAX_IN_FLIGHT = 4;
/** Of those, digests may hold all but one: account mail (resets, invitations) always has a way. */
const MAX_DIGESTS_IN_FLIGHT = MAX_IN_FLIGHT - 1;
/**
 * How long a claim holds a message. Far longer than any send can take (see SEND_DEADLINE_MS),
 * so no other instance takes a message still on its way; a crash mid-send leaves it for
 * another try after this.
 */
const LEASE_MS = 10 * 60_000;
/**
 * A send not done by then counts as failed and is retried later, whatever the mail server is
 * doing: the mailer's own time-outs cover silence, this covers a server that trickles.
 */
export const SEND_DEADLINE_MS = 60_000;
/** Sent and given-up messages are deleted this long after they were queued. */
const KEEP_MS = 7 * 24 * 3600_000;
/** The purge runs at most this often per process. */
const PURGE_EVERY_MS = 3600_000;
/** How long closing the app waits for sends on their way. */
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
  /** The look for due mail in progress; one at a time per process. */
  private looking: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private lastPurge = 0;
  /** Sends on their way, and how many of them are digests. */
  private readonly sending = new Set<Promise<void>>();
  private digestsSending = 0;
  /** Whom the sends on their way go to: one message at a time per person keeps their order. */
  private readonly recipientsSending = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
    private readonly options: MailQueueOptions,
  ) {}

  /**
   * Queues `message` and returns its id. With `trx` the row is written in that transaction, and
   * the caller kicks the worker once it has committed (before, the worker could not see the row
   * yet). `expiresAt`: past it the message is no longer worth sending (its link is dead).
   */
  async enqueue(
    message: MailMessage,
    opts: { trx?: Transaction<Database>; expiresAt?: string } = {},
  ): Promise<number> {
    const id = await new MailQueueRepository(opts.trx ?? this.db).insert(
      message,
      nowIso(),
      opts.expiresAt ?? null,
    );
    if (!opts.trx) this.kick();
    return id;
  }

  /**
   * Sends the queued messages `ids` now, from the request that queued them, a few at a time,
   * and waits at most `deadlineMs`. Resolves with the ids sent by then. The others stay queued:
   * a send still on its way finishes (or fails and is retried) after the answer, one not
   * started is taken by the worker.
   */
  async sendNow(
    ids: number[],
    deadlineMs: number,
    concurrency = MAX_IN_FLIGHT,
  ): Promise<Set<number>> {
    const repo = new MailQueueRepository(this.db);
    const sent = new Set<number>();
    const waiting = [...ids];
    let late = false;
    const lane = async () => {
      for (let id = waiting.shift(); id !== undefined && !late; id = waiting.shift()) {
        const lease = nowIso(LEASE_MS);
        const row = await repo.claim(id, nowIso(), lease);
        // Null: the worker took it first; it is sent all the same.
        if (!row) continue;
        if (await this.track(this.deliver(repo, row, lease), row.recipient, false)) sent.add(id);
      }
    };
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, deadlineMs);
    });
    await Promise.race([
      Promise.all(Array.from({ length: Math.min(concurrency, ids.length) }, lane)),
      deadline,
    ]);
    late = true;
    clearTimeout(timer);
    // What the worker (of this instance or another) sent meanwhile counts too.
    for (const id of await repo.sentAmong(ids)) sent.add(id);
    this.kick();
    return sent;
  }

  /** Whether the worker is looking for due mail (between start and stop). */
  get running(): boolean {
    return !this.stopped;
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

  /** Stops the worker (the app's onClose), waiting a little for the sends on their way. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.pendingKick) clearImmediate(this.pendingKick);
    this.timer = null;
    this.pendingKick = null;
    if (!this.looking && this.sending.size === 0) return;
    let timeout: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all([this.looking, ...this.sending]),
      new Promise<void>((resolve) => {
        timeout = setTimeout(resolve, STOP_GRACE_MS);
        timeout.unref();
      }),
    ]);
    clearTimeout(timeout);
  }

  /** One look at a time per process; a call while it runs makes it look once more after. */
  private run(): void {
    if (this.stopped) return;
    if (this.looking) {
      this.again = true;
      return;
    }
    this.looking = this.fill().finally(() => {
      this.looking = null;
      if (this.again) this.kick();
    });
  }

  /**
   * Claims due messages while there is room on the way, account mail first, and starts each
   * send without waiting for it: when one ends, its place is filled again.
   */
  private async fill(): Promise<void> {
    try {
      await this.purge();
      const repo = new MailQueueRepository(this.db);
      for (;;) {
        this.again = false;
        const room = MAX_IN_FLIGHT - this.sending.size;
        if (this.stopped || room <= 0) return;
        const due = await repo.due(nowIso(), room);
        let started = 0;
        for (const { id, recipient, digest } of due) {
          if (this.stopped || this.sending.size >= MAX_IN_FLIGHT) break;
          if (digest && this.digestsSending >= MAX_DIGESTS_IN_FLIGHT) continue;
          // Taken once the earlier message to the same person is done.
          if (this.recipientsSending.has(recipient)) continue;
          const lease = nowIso(LEASE_MS);
          const row = await repo.claim(id, nowIso(), lease);
          // Null: another instance took it first.
          if (!row) continue;
          started += 1;
          void this.track(this.deliver(repo, row, lease), row.recipient, digest);
        }
        // Nothing more due, or only digests waiting for a place: a send that ends looks again.
        if ((due.length < room || started === 0) && !this.again) return;
      }
    } catch (err) {
      // The database is unreachable or closing: the next poll tries again.
      if (!this.stopped) this.log.error({ err }, 'la cola de correo falló; se reintentará');
    }
  }

  /** Counts a send on its way until it ends, then looks for more; resolves with its outcome. */
  private track(delivery: Promise<boolean>, recipient: string, digest: boolean): Promise<boolean> {
    if (digest) this.digestsSending += 1;
    this.recipientsSending.add(recipient);
    const outcome = delivery.catch((err: unknown) => {
      if (!this.stopped) this.log.error({ err }, 'la cola de correo falló; se reintentará');
      return false;
    });
    const done = outcome.then(() => {
      this.sending.delete(done);
      this.recipientsSending.delete(recipient);
      if (digest) this.digestsSending -= 1;
      this.kick();
    });
    this.sending.add(done);
    return outcome;
  }

  /**
   * How a message's images are checked just before it goes out (set by the app, decision 138): a
   * digest queued while the mail server was down must not carry a face whose consent was
   * withdrawn meanwhile. A check that fails fails the send, to be tried again.
   */
  private imageCheck: ((images: InlineImage[]) => Promise<InlineImage[]>) | null = null;

  checkImagesWith(check: (images: InlineImage[]) => Promise<InlineImage[]>): void {
    this.imageCheck = check;
  }

  private checked(images: InlineImage[]): Promise<InlineImage[]> {
    return this.imageCheck ? this.imageCheck(images) : Promise.resolve(images);
  }

  /** Sends a claimed message and records the outcome; true when it went out. */
  private async deliver(repo: MailQueueRepository, row: MailQueueRow, lease: string) {
    const context = { mailId: row.id, to: row.recipient, attempts: row.attempts };
    if (row.expires_at !== null && row.expires_at <= nowIso()) {
      await repo.markFailed(row.id, lease, 'caducado antes de poder enviarse', null);
      this.log.error(context, 'correo descartado: caducó antes de poder enviarse');
      return false;
    }
    let timer: NodeJS.Timeout | undefined;
    try {
      const attachments = row.attachments ? await this.checked(attachmentsOf(row)) : [];
      await Promise.race([
        this.mailer.send({
          to: row.recipient,
          subject: row.subject,
          text: row.text,
          html: row.html,
          ...(row.link ? { link: row.link } : {}),
          ...(row.headers ? { headers: JSON.parse(row.headers) as Record<string, string> } : {}),
          ...(attachments.length > 0 ? { attachments } : {}),
        }),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error('el servidor de correo no terminó a tiempo')),
            SEND_DEADLINE_MS,
          );
          timer.unref();
        }),
      ]);
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
      return false;
    } finally {
      clearTimeout(timer);
    }
    await repo.markSent(row.id, lease, nowIso());
    return true;
  }

  /** Deletes old sent and given-up rows, at most once an hour. */
  private async purge(): Promise<void> {
    if (Date.now() - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = Date.now();
    await new MailQueueRepository(this.db).purge(nowIso(-KEEP_MS));
  }
}
