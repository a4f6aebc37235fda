import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.js';
import { PublicImagesRecheck } from './media/renditions/public-images.js';
import { RenditionWorker } from './media/renditions/rendition-worker.js';
import { MediaSweeper } from './media/sweeper.js';
import { activityRemindersJob } from './modules/activity-board/activity-board.service.js';
import { AuthorizationsService } from './modules/authorizations/authorizations.service.js';
import { DigestService } from './modules/digests/digests.service.js';
import { FaceScanner } from './modules/faces/face-scan.js';
import { healthErasureJob } from './modules/health/health-erasure.js';
import { certificateRemindersJob } from './modules/safeguarding/safeguarding.service.js';

const DAY_MS = 24 * 3600_000;

/**
 * What runs beside the requests: the mail queue's worker, the media sweeper and the digest's
 * check start when the app is ready and stop, in the reverse order, before the database closes;
 * the identity provider's discovery document is read early.
 */
export function registerBackgroundJobs(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  // The queue's worker starts once the app is ready (migrations are done by then).
  app.addHook('onReady', async () => ctx.mailQueue.start());
  app.addHook('onClose', async () => {
    await ctx.mailQueue.stop();
    ctx.mailer.close();
    ctx.storage.close?.();
    await db.kysely.destroy();
  });
  // What a crash left (files no row points to, temp uploads): swept once the migrations are done
  // and before the app listens, then every few minutes. Registered after the hook that closes the
  // database, so it stops first (onClose hooks run last-registered first).
  const mediaSweeper = new MediaSweeper(ctx);
  app.addHook('onReady', () => mediaSweeper.start());
  app.addHook('onClose', () => mediaSweeper.stop());
  // The digest's check (decision 022); stopped before the database closes, like the sweeper.
  const digests = new DigestService(ctx);
  app.addHook('onReady', async () => digests.start());
  app.addHook('onClose', () => digests.stop());
  // Activities: the reminders 7 and 2 days before a sign-up closes, beside the digest's check.
  const activityReminders = activityRemindersJob(ctx);
  app.addHook('onReady', async () => activityReminders.start());
  app.addHook('onClose', () => activityReminders.stop());
  // The certificados negativos' reminders, 3, 2 and 1 months before one falls due (once each).
  const certificateReminders = certificateRemindersJob(ctx);
  app.addHook('onReady', async () => certificateReminders.start());
  app.addHook('onClose', () => certificateReminders.stop());
  // The background face scan (decision 139); stopped before the database closes.
  const faceScanner = new FaceScanner(ctx);
  app.addHook('onReady', async () => faceScanner.start());
  app.addHook('onClose', () => faceScanner.stop());
  // The blurred copies made ahead after a change (decision 080); stopped before the database closes.
  const renditions = new RenditionWorker(ctx);
  app.addHook('onReady', async () => renditions.start());
  app.addHook('onClose', () => renditions.stop());
  // Public images re-checked against image consent every minute (decision 085).
  const publicImages = new PublicImagesRecheck(ctx);
  app.addHook('onReady', async () => publicImages.start());
  app.addHook('onClose', () => publicImages.stop());
  // Signed autorizaciones past their retention (decision 151): a minute after the start, then
  // daily; stopped before the database closes.
  const authorizations = new AuthorizationsService(ctx);
  const sweepAuthorizations = () => {
    authorizations.sweepExpired().catch((err: unknown) => {
      app.log.error({ err }, 'no se pudieron borrar las autorizaciones caducadas; se reintentará');
    });
  };
  const retention: NodeJS.Timeout[] = [];
  app.addHook('onReady', async () => {
    retention.push(
      setTimeout(sweepAuthorizations, 60_000),
      setInterval(sweepAuthorizations, DAY_MS),
    );
    for (const timer of retention) timer.unref();
  });
  app.addHook('onClose', async () => {
    for (const timer of retention) clearTimeout(timer);
  });
  // Health data past its retention (what was confirmed for an activity, the fichas of children
  // who left): a minute after the start, then hourly; stopped before the database closes.
  const healthErasure = healthErasureJob(ctx);
  app.addHook('onReady', async () => healthErasure.start());
  app.addHook('onClose', () => healthErasure.stop());
  // Read the provider's discovery document early; when it fails, sign-in retries on demand.
  app.addHook('onReady', async () => {
    ctx.oidc?.discover().catch((err: unknown) => {
      app.log.warn({ err }, 'no se pudo leer el proveedor de identidad; se reintentará');
    });
  });
}
