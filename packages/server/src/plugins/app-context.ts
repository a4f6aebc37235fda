import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { AppContext } from '../context.js';
import { openDatabase } from '../db/database.js';
import { OidcClient } from '../lib/oidc.js';
import { parseSealingKey, SealedBox } from '../lib/sealed-box.js';
import { MailQueue } from '../mail/mail-queue.js';
import { createMailer } from '../mail/mailer.js';
import { MediaJournal } from '../media/journal.js';
import { checkMailImages } from '../media/renditions/mail-images.js';
import { createStorage } from '../media/storage/create-storage.js';
import { MediaUrlSigner } from '../media/url-signer.js';
import { ReadCache } from './read-cache.js';

/**
 * Builds what every module needs once (the app context: storage, database, mail, the media URL
 * signer and journal, the identity provider) and hangs it on the app, with the read cache.
 */
export async function registerAppContext(
  app: FastifyInstance,
  config: Config,
): Promise<AppContext> {
  // Before the database: nothing to close if the storage cannot be opened.
  const mediaUrls = new MediaUrlSigner(config.jwtSecret);
  const storage = await createStorage(config);
  const db = openDatabase(config, {
    onConnectionLost: (err) =>
      app.log.warn({ err }, 'conexión con la base de datos perdida; se abrirá otra'),
  });
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: join(config.dataDir, 'outbox'),
    log: app.log,
  });
  const ctx: AppContext = {
    config,
    db,
    mailer,
    mailQueue: new MailQueue(db, mailer, app.log, config.mailQueue),
    storage,
    mediaUrls,
    mediaJournal: new MediaJournal(db, app.log),
    oidc: config.oidc.clientId
      ? new OidcClient({
          issuer: config.oidc.issuer,
          clientId: config.oidc.clientId,
          cooldownMs: config.oidc.cooldownMs,
        })
      : null,
    jwtKey: new TextEncoder().encode(config.jwtSecret),
    sealedBox: new SealedBox(parseSealingKey(config.healthKey)),
    log: app.log,
  };
  // A queued mail's images follow the face rule as it is when the mail goes (decision 138).
  ctx.mailQueue.checkImagesWith((images) => checkMailImages(ctx, images));
  app.decorate('ctx', ctx);
  app.decorate('readCache', new ReadCache(db));
  app.decorateRequest('readVersion', null);
  app.decorateRequest('user', null);
  return ctx;
}
