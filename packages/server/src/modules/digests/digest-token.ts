import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a token signs: the purpose, the member and when their account was made. */
function payload(userId: number, createdAt: string): string {
  return `digest-unsubscribe\n${userId}\n${createdAt}`;
}

/** `<user id>.<43 base64url characters>`. */
const TOKEN_PATTERN = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/**
 * The one-click unsubscribe token of a digest (decision 022): `<user id>.<HMAC-SHA256>`, keyed by
 * HMAC(server secret, 'digest-unsubscribe') so it can never pass for a session or a media
 * signature. It signs the account's creation time too: once the account is deleted, a new account
 * that happens to get the same id does not match, so the link stops working for good. No expiry:
 * an old digest's link must still unsubscribe.
 */
export class DigestTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('digest-unsubscribe').digest();
  }

  private signature(userId: number, createdAt: string): string {
    return createHmac('sha256', this.key).update(payload(userId, createdAt)).digest('base64url');
  }

  sign(user: { id: number; created_at: string }): string {
    return `${user.id}.${this.signature(user.id, user.created_at)}`;
  }

  /** The user id a well-formed token names (not yet checked), or null. */
  static userIdOf(token: string): number | null {
    const match = TOKEN_PATTERN.exec(token);
    return match ? Number(match[1]) : null;
  }

  /** Whether `token` is ours for `user`, compared in constant time, as text. */
  verify(token: string, user: { id: number; created_at: string }): boolean {
    const given = Buffer.from(token);
    const expected = Buffer.from(this.sign(user));
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
