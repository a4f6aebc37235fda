import { type Selectable, sql } from 'kysely';
import { type Db, type Executor, executorOf } from '../db/database.js';
import type { MailQueueTable } from '../db/schema.js';
import type { MailMessage } from './mailer.js';

export type MailQueueRow = Selectable<MailQueueTable>;

/** SQL on `mail_queue`. */
export class MailQueueRepository {
  private readonly db: Executor;

  constructor(db: Db | Executor) {
    this.db = executorOf(db);
  }

  async insert(message: MailMessage, now: string, expiresAt: string | null): Promise<void> {
    await this.db
      .insertInto('mail_queue')
      .values({
        recipient: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        link: message.link ?? null,
        headers: message.headers ? JSON.stringify(message.headers) : null,
        next_attempt_at: now,
        expires_at: expiresAt,
        created_at: now,
      })
      .execute();
  }

  /** Ids of messages due at `now` and held by no instance, oldest first. */
  async dueIds(now: string, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('mail_queue')
      .select('id')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  /**
   * Takes one message for sending until `leaseUntil`, counting the attempt. The conditions are
   * checked again in the UPDATE itself, so of several instances racing for a row exactly one
   * gets it back; the others get null.
   */
  async claim(id: number, now: string, leaseUntil: string): Promise<MailQueueRow | null> {
    const row = await this.db
      .updateTable('mail_queue')
      .set({ locked_until: leaseUntil, attempts: sql<number>`attempts + 1` })
      .where('id', '=', id)
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .returningAll()
      .executeTakeFirst();
    return row ?? null;
  }

  /**
   * Marks a message sent and forgets its body (it may carry a live reset link; the tokens table
   * keeps only hashes, and so should this one once the link has left). Only while `lease` is
   * still this instance's.
   */
  async markSent(id: number, lease: string, now: string): Promise<void> {
    await this.db
      .updateTable('mail_queue')
      .set({
        sent_at: now,
        next_attempt_at: null,
        locked_until: null,
        text: '',
        html: '',
        link: null,
        headers: null,
      })
      .where('id', '=', id)
      .where('locked_until', '=', lease)
      .execute();
  }

  /** Records a failed attempt: retried at `retryAt`, or given up (body forgotten) when null. */
  async markFailed(
    id: number,
    lease: string,
    error: string,
    retryAt: string | null,
  ): Promise<void> {
    await this.db
      .updateTable('mail_queue')
      .set({
        last_error: error,
        next_attempt_at: retryAt,
        locked_until: null,
        ...(retryAt === null ? { text: '', html: '', link: null, headers: null } : {}),
      })
      .where('id', '=', id)
      .where('locked_until', '=', lease)
      .execute();
  }

  /** Deletes sent or given-up messages created before `before`. */
  async purge(before: string): Promise<number> {
    const result = await this.db
      .deleteFrom('mail_queue')
      .where('created_at', '<', before)
      .where('next_attempt_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
