import { type Db, type Executor, executorOf } from '../../db/database.js';

/** SQL on `password_resets`. */
export class PasswordResetsRepository {
  private readonly db: Executor;

  constructor(db: Db | Executor) {
    this.db = executorOf(db);
  }

  async insert(userId: number, tokenHash: string, expiresAt: string, now: string): Promise<void> {
    await this.db
      .insertInto('password_resets')
      .values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt, created_at: now })
      .execute();
  }

  /** The user of a reset token that is unused and unexpired, or null; changes nothing. */
  async findUsable(tokenHash: string, now: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('password_resets')
      .select('user_id')
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return row?.user_id ?? null;
  }

  /**
   * Uses a reset token: marks it used when it is unused and unexpired, and returns its user.
   * The conditional UPDATE makes it single use even under concurrent requests.
   */
  async consume(tokenHash: string, now: string): Promise<number | null> {
    const row = await this.db
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('user_id')
      .executeTakeFirst();
    return row?.user_id ?? null;
  }

  /** Closes every other open token of the user once one has been used. */
  async invalidateAllFor(userId: number, now: string): Promise<void> {
    await this.db
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
  }
}
