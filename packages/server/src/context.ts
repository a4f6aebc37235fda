import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import type { OidcClient } from './lib/oidc.js';
import type { SealedBox } from './lib/sealed-box.js';
import type { MailQueue } from './mail/mail-queue.js';
import type { Mailer } from './mail/mailer.js';
import type { FaceDetector } from './media/face-search.js';
import type { MediaJournal } from './media/journal.js';
import type { MediaStorage } from './media/storage/storage.js';
import type { MediaUrlSigner } from './media/url-signer.js';

/** What every module needs, built once per app (tests build one per database). */
export interface AppContext {
  config: Config;
  db: Db;
  mailer: Mailer;
  /** Mail sent after the answer, with retries (decision 010). */
  mailQueue: MailQueue;
  storage: MediaStorage;
  /** Signs and checks members-only media URLs; the one signer, which the storage uses too. */
  mediaUrls: MediaUrlSigner;
  /** Files that may become orphans, until settled (decision 011). */
  mediaJournal: MediaJournal;
  /** The external identity provider; null when OIDC_CLIENT_ID is not set. */
  oidc: OidcClient | null;
  /** The JWT signing key, derived from config.jwtSecret. */
  jwtKey: Uint8Array;
  /** Seals and opens health data and the messages to the delegado/a (config.healthKey). */
  sealedBox: SealedBox;
  log: FastifyBaseLogger;
  /** Replaces the face detector: tests give known boxes, or one that fails. */
  faceDetector?: FaceDetector;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
