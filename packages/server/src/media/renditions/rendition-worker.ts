import { AccessRepository } from '../../access/access.repository.js';
import { FaceVisibility } from '../../access/face-visibility.js';
import type { AppContext } from '../../context.js';
import type { Db, Executor } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/tokens.js';
import { ImageRenditionsRepository, type QueuedImage } from '../copies/copies.repository.js';
import { type GalleryImageKind, type RenditionSpec, renditionKeys } from '../copies/copy-names.js';
import { ImageRenditions } from './blurred-copies.js';

/*
 * The blurred copies made ahead (decision 080). After a change — an image's faces, a child's
 * consent or guardians, the group's setting — the images it touches are queued; this worker
 * takes them a few at a time and, for each, makes the copies viewers will be given now (a
 * member's with no children in it, and each of its children's guardians') and drops the ones
 * nobody is given any more, files included, under the journal. The queue lives in the database:
 * several instances share it (a claimed image is held for a while, then free again if its
 * instance died), and a restart loses nothing. Nothing waits for it to be right: a copy is also
 * made on demand when asked for, and who sees which copy is decided at each request.
 */

/** How often the queue is looked at when nobody wakes the worker. */
export const RENDITION_POLL_MS = 30_000;
/** Images taken at a time. */
const BATCH = 20;
/** How long an instance holds the images it took. */
const CLAIM_MS = 2 * 60 * 1000;
/** After a failure, when the image is tried again. */
const RETRY_MS = 60 * 1000;

/** The worker of each database in this process, woken by a change (tests build several apps). */
const workers = new WeakMap<Db, RenditionWorker>();

/** Queues images `ids` of `kind` for their copies, and wakes this process's worker. */
export async function queueCopies(
  ctx: Pick<AppContext, 'db'>,
  kind: GalleryImageKind,
  ids: readonly number[],
): Promise<void> {
  if (ids.length === 0) return;
  await queueCopiesIn(ctx.db.kysely, kind, ids, nowIso());
  wakeCopies(ctx);
}

/**
 * Queues images `ids` of `kind` for their copies inside the transaction of the change that calls
 * for them (`executor`): the queue entry commits with the change or not at all, so a change that
 * answered success has its copies queued. Call `wakeCopies` once it is committed.
 */
export async function queueCopiesIn(
  executor: Executor,
  kind: GalleryImageKind,
  ids: readonly number[],
  now: string,
): Promise<void> {
  await new ImageRenditionsRepository(executor).enqueue(kind, ids, now);
}

/** Something was queued and committed: this process's worker looks now. */
export function wakeCopies(ctx: Pick<AppContext, 'db'>): void {
  workers.get(ctx.db)?.wake();
}

/** Queues the gallery images `rows` name (a photo, or an album's cover). */
export async function queueImagesOf(
  ctx: Pick<AppContext, 'db'>,
  rows: readonly { photo_id: number | null; album_id: number | null }[],
): Promise<void> {
  const photos = rows.flatMap((row) => (row.photo_id === null ? [] : [row.photo_id]));
  const albums = rows.flatMap((row) => (row.album_id === null ? [] : [row.album_id]));
  await queueCopies(ctx, 'photo', photos);
  await queueCopies(ctx, 'album', albums);
}

/**
 * Resolves once this process's worker has taken everything queued (tests wait with it rather
 * than with a sleep: a count of a request's queries must not meet the worker's own).
 */
export async function renditionsIdle(ctx: Pick<AppContext, 'db'>): Promise<void> {
  await workers.get(ctx.db)?.whenIdle();
}

export class RenditionWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private again = false;
  private stopped = true;

  constructor(
    private readonly ctx: AppContext,
    private readonly everyMs = RENDITION_POLL_MS,
  ) {}

  start(): void {
    this.stopped = false;
    workers.set(this.ctx.db, this);
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (workers.get(this.ctx.db) === this) workers.delete(this.ctx.db);
    await this.running?.catch(() => undefined);
  }

  /**
   * Takes what is queued until nothing is left; the next look is then the usual poll's, not one
   * straight after (which would come at a moment nobody chose).
   */
  async whenIdle(): Promise<void> {
    while ((await this.runOnce()) > 0);
    this.again = false;
    this.schedule(this.everyMs);
  }

  /** Something was queued: look now rather than at the next poll. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.tick();
    }, delay);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    let done = 0;
    try {
      done = await this.runOnce();
    } catch (err) {
      this.ctx.log.warn({ err }, 'no se pudieron preparar las copias difuminadas');
    }
    const more = done > 0 || this.again;
    this.again = false;
    this.schedule(more ? 0 : this.everyMs);
  }

  /** Takes a batch of queued images and brings their copies up to date; how many it took. */
  runOnce(): Promise<number> {
    this.running ??= this.work().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async work(): Promise<number> {
    const repo = new ImageRenditionsRepository(this.ctx.db.kysely);
    const now = nowIso();
    const until = new Date(Date.now() + CLAIM_MS).toISOString();
    const claimed: QueuedImage[] = [];
    for (const row of await repo.free(now, BATCH)) {
      if (await repo.claim(row, now, until)) claimed.push(row);
    }
    for (const kind of ['photo', 'album'] as const) {
      const rows = claimed.filter((row) => row.kind === kind);
      if (rows.length === 0) continue;
      try {
        await this.refresh(
          kind,
          rows.map((row) => row.image_id),
        );
        for (const row of rows) await repo.done(row);
      } catch (err) {
        this.ctx.log.warn({ err, kind }, 'no se pudieron preparar las copias difuminadas');
        const retry = new Date(Date.now() + RETRY_MS).toISOString();
        for (const row of rows) await repo.release(row, retry);
      }
    }
    // Kinds this worker does not make (public images) are someone else's: left in the queue.
    return claimed.length;
  }

  /**
   * The copies of images `ids` of `kind` as the rule wants them now: made when missing, dropped
   * when nobody is given them (or their image or its clean file is gone).
   */
  async refresh(kind: GalleryImageKind, ids: readonly number[]): Promise<void> {
    const { ctx } = this;
    const db = ctx.db.kysely;
    const repo = new ImageRenditionsRepository(db);
    const [sources, existing] = await Promise.all([
      repo.sources(kind, ids),
      repo.ofImages(kind, ids),
    ]);
    const present = ids.filter((id) => sources.has(id));
    const rule = new FaceVisibility(db);
    const wanted = new Map<string, RenditionSpec>();
    const want = (plans: Map<number, { id: number }[]>) => {
      for (const [id, boxes] of plans) {
        const source = sources.get(id);
        if (!source || boxes.length === 0) continue;
        const spec = { kind, imageId: id, source, boxes: boxes as RenditionSpec['boxes'] };
        wanted.set(renditionKeys(ctx.mediaUrls, spec).imageKey, spec);
      }
    };
    // A member with no children in the picture (the shared URLs' copy), then each family of it.
    want(await rule.facesToBlur(null, kind, present));
    for (const guardian of await new AccessRepository(db).guardiansOfFaces(kind, present)) {
      want(await rule.facesToBlur(guardian, kind, present));
    }
    const renditions = new ImageRenditions(ctx);
    await renditions.drop(existing.filter((row) => !wanted.has(row.image_key)));
    const made = new Set(existing.map((row) => row.image_key));
    for (const [key, spec] of wanted) {
      if (made.has(key)) continue;
      try {
        await renditions.make(spec);
      } catch (err) {
        // Its image was deleted while the copy was made (it left nothing): nothing to retry.
        if (!(err instanceof AppError && err.statusCode === 404)) throw err;
      }
    }
  }
}
