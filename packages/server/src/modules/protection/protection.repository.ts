import { type Db, type Executor, executorOf } from '../../db/database.js';

/**
 * The SQL of the messages to the delegado/a de protección (migration 020): each sealed whole, and
 * the log of who read which when, kept apart from the ordinary audit trail.
 */
export class ProtectionRepository {
  private readonly db: Executor;

  constructor(db: Db | Executor) {
    this.db = executorOf(db);
  }

  /** The delegado/a's account (a scouter or an admin still) and the contact the admin gave. */
  async delegate(): Promise<{ id: number; name: string; email: string; contact: string } | null> {
    const rows = await this.db
      .selectFrom('group_settings')
      .select(['key', 'value'])
      .where('key', 'in', ['protection_delegate_user_id', 'protection_delegate_contact'])
      .execute();
    const stored = new Map(rows.map((row) => [row.key, row.value]));
    const id = Number(stored.get('protection_delegate_user_id') ?? '');
    if (!Number.isInteger(id) || id <= 0) return null;
    const account = await this.db
      .selectFrom('users')
      .select(['id', 'name', 'email'])
      .where('id', '=', id)
      .where('role', 'in', ['scouter', 'admin'])
      .executeTakeFirst();
    return account
      ? { ...account, contact: stored.get('protection_delegate_contact') ?? '' }
      : null;
  }

  async insertMessage(row: {
    sender_id: number | null;
    sealed: string;
    created_at: string;
  }): Promise<number> {
    const inserted = await this.db
      .insertInto('protection_messages')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  }

  /** Every message, newest first, with the sender's account name when sent signed in. */
  messages() {
    return this.db
      .selectFrom('protection_messages as m')
      .leftJoin('users as u', 'u.id', 'm.sender_id')
      .select(['m.id', 'm.sealed', 'm.created_at', 'u.name as sender_name'])
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc')
      .execute();
  }

  /** Logs that `reader` read messages `ids` at `now`. */
  async logReads(
    ids: readonly number[],
    reader: { id: number; name: string },
    now: string,
  ): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .insertInto('protection_message_reads')
      .values(
        ids.map((id) => ({
          message_id: id,
          reader_id: reader.id,
          reader_name: reader.name,
          read_at: now,
        })),
      )
      .execute();
  }

  /** The readings log, newest first. */
  reads() {
    return this.db
      .selectFrom('protection_message_reads')
      .select(['message_id', 'reader_name', 'read_at'])
      .orderBy('read_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }
}
