import { type Selectable, sql } from 'kysely';
import { type Db, type Executor, executorOf } from '../db/database.js';
import type { MailQueueTable } from '../db/schema.js';
import type { InlineImage, MailMessage } from './mailer.js';

export type MailQueueRow = Selectable<MailQueueTable>;

/** Inline images as the queue stores them: JSON, the bytes in base64. */
function serializeAttachments(attachments: InlineImage[]): string {
  return JSON.stringify(
    attachments.map(({ content, ...rest }) => ({ ...rest, base64: content.toString('base64') })),
  );
}

/** The inline images of a queued row, as the mailer takes them. */
export function attachmentsOf(row: Pick<MailQueueRow, 'attachments'>): InlineImage[] {
  if (!row.attachments) return [];
  const stored = JSON.parse(row.attachments) as (Omit<InlineImage, 'content'> & {
    base64: string;
  })[];
  return stored.map(({ base64, ...rest }) => ({ ...rest, content: Buffer.from(base64, 'base64') }));
}

/** SQL on `mail_queue`. */
export class MailQueueRepository {
  private readonly db: Executor;

  constructor(db: Db | Executor) {
    this.db = executorOf(db);
  }

  /** Writes a message due now; returns its id. */
  async insert(message: MailMessage, now: string, expiresAt: string | null): Promise<number> {
    const row = await this.db
      .insertInto('mail_queue')
      .values({
        recipient: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        link: message.link ?? null,
        headers: message.headers ? JSON.stringify(message.headers) : null,
        attachments: message.attachments?.length ? serializeAttachments(message.attachments) : null,
        next_attempt_at: now,
        expires_at: expiresAt,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * Messages due at `now` and held by no instance: account mail (resets, invitations, notices)
   * before digests, then oldest first. Digests are the queue's only messages with headers of
   * their own (List-Unsubscribe), which is how they are told apart.
   */
  async due(
    now: string,
    limit: number,
  ): Promise<{ id: number; recipient: string; digest: boolean }[]> {
    const digest = sql<number>`case when ${sql.ref('headers')} is null then 0 else 1 end`;
    const rows = await this.db
      .selectFrom('mail_queue')
      .select(['id', 'recipient', digest.as('digest')])
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .orderBy(digest)
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ id: r.id, recipient: r.recipient, digest: Number(r.digest) === 1 }));
  }

  /**
   * Gives up the unsent messages to `recipient` whose link starts with `linkPrefix` (and is not
   * on its way): a link made since replaces theirs.
   */
  async dropUnsent(recipient: string, linkPrefix: string, now: string): Promise<void> {
    await this.db
      .updateTable('mail_queue')
      .set({ next_attempt_at: null, text: '', html: '', link: null, headers: null })
      .where('recipient', '=', recipient)
      .where('sent_at', 'is', null)
      .where('next_attempt_at', 'is not', null)
      .where(sql<string>`substr(${sql.ref('link')}, 1, ${linkPrefix.length})`, '=', linkPrefix)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .execute();
  }

  /** Which of `ids` have been sent. */
  async sentAmong(ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('mail_queue')
      .select('id')
      .where('id', 'in', ids)
      .where('sent_at', 'is not', null)
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
        attachments: null,
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
        ...(retryAt === null
          ? { text: '', html: '', link: null, headers: null, attachments: null }
          : {}),
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
