import { createHmac } from 'node:crypto';
import { hashToken } from '../../lib/tokens.js';

/*
 * A private calendar feed's secret (decision 155). The database keeps only its SHA-256, so a
 * leaked table opens no feed; yet the URL can be shown again whenever its owner asks, because the
 * token is not random but an HMAC of the feed's row (its id and when it was made) under a key
 * derived from the instance's secret. Resetting makes a new row, so a new token, and drops the
 * old row, so the old URL answers 404.
 */

/** `<43 base64url characters>.ics`: the last segment of a feed's URL. */
const FILE_PATTERN = /^([A-Za-z0-9_-]{43})\.ics$/;

export class FeedTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    // Its own key: a feed's token can never pass for a session, a digest link or a media URL.
    this.key = createHmac('sha256', secret).update('calendar-feed').digest();
  }

  /** The token of feed row `row`. */
  token(row: { id: number; created_at: string }): string {
    return createHmac('sha256', this.key)
      .update(`${row.id}\n${row.created_at}`)
      .digest('base64url');
  }

  /** What the database keeps of a token. */
  static hash(token: string): string {
    return hashToken(token);
  }

  /** The token a URL's last segment carries (`<token>.ics`), or null when it is none. */
  static fromFile(file: string): string | null {
    return FILE_PATTERN.exec(file)?.[1] ?? null;
  }
}
