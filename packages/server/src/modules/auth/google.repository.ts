import { type Db, type Executor, executorOf } from '../../db/database.js';

/** SQL on `oidc_nonces`. */
export class OidcNoncesRepository {
  private readonly db: Executor;

  constructor(db: Db | Executor) {
    this.db = executorOf(db);
  }

  async insert(nonceHash: string, expiresAt: string, now: string): Promise<void> {
    await this.db
      .insertInto('oidc_nonces')
      .values({ nonce_hash: nonceHash, expires_at: expiresAt, created_at: now })
      .execute();
  }

  /**
   * Uses a nonce: deletes it when it exists and has not expired, and tells whether it did.
   * One DELETE, so two requests racing with the same token cannot both succeed.
   */
  async consume(nonceHash: string, now: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('oidc_nonces')
      .where('nonce_hash', '=', nonceHash)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /** Drops the nonces nobody used in time. */
  async deleteExpired(now: string): Promise<void> {
    await this.db.deleteFrom('oidc_nonces').where('expires_at', '<=', now).execute();
  }
}
