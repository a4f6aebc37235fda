import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { CAMP_ERRORS } from '@fogata/shared';
import { AppError } from './app-error.js';

/*
 * What the application seals before the database sees it — the fichas sanitarias and the messages
 * to the delegado/a de protección (issue 37): AES-256-GCM with a key kept outside the database
 * (HEALTH_KEY, or DATA_DIR/health-key; startup.ts), so a dump of the database or a backup without
 * the key shows none of it. A sealed value is `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url);
 * the key id (the first bytes of the key's SHA-256) tells a wrong key from a damaged value.
 */

const VERSION = 'v1';

/** The key's id: enough of its SHA-256 to tell keys apart, nothing to recover it from. */
function keyId(key: Buffer): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 8);
}

export class SealedBox {
  private readonly id: string;

  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('The sealing key must be 32 bytes.');
    this.id = keyId(key);
  }

  /** `value` as JSON, sealed with a fresh IV. */
  seal(value: unknown): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url'));
    return [VERSION, this.id, ...parts].join('.');
  }

  /**
   * The value sealed in `sealed`. A value sealed with another key (a restore onto a server with a
   * new key) or damaged is a 503 that says so, never a wrong answer.
   */
  open<T>(sealed: string): T {
    const [version, id, iv, tag, body] = sealed.split('.');
    if (version !== VERSION || id !== this.id || !iv || !tag || body === undefined) {
      throw new AppError(503, CAMP_ERRORS.healthKeyMismatch);
    }
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const text = Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
      return JSON.parse(text) as T;
    } catch {
      throw new AppError(503, CAMP_ERRORS.healthKeyMismatch);
    }
  }
}

/** A key from its base64 or base64url text (HEALTH_KEY, or the key file), or an Error. */
export function parseSealingKey(text: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64url');
  if (key.length !== 32) {
    throw new Error(
      'HEALTH_KEY must be 32 random bytes in base64 (for example: openssl rand -base64 32).',
    );
  }
  return key;
}

/** A new random key, as its base64url text. */
export function newSealingKey(): string {
  return randomBytes(32).toString('base64url');
}
