import { buffer } from 'node:stream/consumers';
import { SERVER_ERRORS } from '@fogata/shared';
import { blurSetKey } from '../../access/face-visibility.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/tokens.js';
import { Turns } from '../../lib/turns.js';
import { ImageRenditionsRepository, type RenditionRow } from '../copies/copies.repository.js';
import { boxesText, type RenditionSpec, renditionKeys } from '../copies/copy-names.js';
import { toBlurredVariants } from '../copies/face-blur.js';
import type { ImageJobPriority, ImageVariants } from '../image-pipeline.js';
import { deleteMedia, keepMedia, markForDeletion, saveMedia } from '../media-files.js';
import type { StoredFile } from '../storage/storage.js';

/*
 * The gallery's blurred copies, and the families' own copies of public images, made (decision
 * 080). What a copy is called and made of is in media/copies/copy-names.ts; which copy a viewer
 * gets, and whether a URL opens, is access/'s. The media route makes a missing copy on demand,
 * once; the worker makes the usual ones ahead after a change.
 */

/**
 * Copies being made in this process, by display key: asked twice, made once. Its priority is
 * raised when a viewer asks for a copy the worker is making ahead.
 */
const making = new Map<string, { run: Promise<void>; priority: ImageJobPriority }>();

/**
 * Copies made at the same time in this process, at most: a page of thumbnails asked before the
 * worker made them must not decode all their display copies at once on a small machine. The rest
 * wait their turn, those a viewer waits for first.
 */
const copyTurns = new Turns(2);

export type RenditionContext = Pick<
  AppContext,
  'db' | 'storage' | 'mediaJournal' | 'log' | 'mediaUrls'
>;

/**
 * How long a request waits for the copy it asked for to be made (behind others in turn) before
 * it is answered a 503 to try again: a viewer is told, never left hanging.
 */
export const COPY_WAIT_MS = 20_000;

/** The 503 of a copy not ready within the wait: the viewer's app tries again. */
function copyPending(): AppError {
  return new AppError(503, SERVER_ERRORS.mediaCopyPending);
}

/** Makes, opens and drops blurred copies. */
export class ImageRenditions {
  constructor(
    private readonly ctx: RenditionContext,
    private readonly waitMs = COPY_WAIT_MS,
  ) {}

  keys(spec: RenditionSpec) {
    return renditionKeys(this.ctx.mediaUrls, spec);
  }

  /**
   * Opens the file `key` of the copy `spec` (its display copy or thumbnail), making the copy
   * first when its files are not there. A copy is only ever stored whole, so what opens is whole;
   * one still not made after the wait, or dropped again as soon as made (its consent changed
   * meanwhile), is the 503 of `copyPending`.
   */
  async open(spec: RenditionSpec, key: string): Promise<StoredFile> {
    const found = await this.ctx.storage.read(key);
    if (found) return found;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), this.waitMs);
    });
    try {
      const made = this.make(spec, { urgent: true }).then(() => 'made' as const);
      if ((await Promise.race([made, late])) === 'late') throw copyPending();
    } finally {
      clearTimeout(timer);
    }
    const file = await this.ctx.storage.read(key);
    if (!file) throw copyPending();
    return file;
  }

  /**
   * Makes the copy `spec` (once in this process, however many ask at the same time); `urgent`
   * when a viewer is waiting for it, so it goes before the copies made ahead and the uploads.
   */
  make(spec: RenditionSpec, { urgent = false } = {}): Promise<void> {
    const { imageKey } = this.keys(spec);
    const known = making.get(imageKey);
    if (known) {
      if (urgent) known.priority.urgent = true;
      return known.run;
    }
    const priority = { urgent };
    const run = copyTurns
      .run(() => this.render(spec, priority), priority)
      .finally(() => making.delete(imageKey));
    making.set(imageKey, { run, priority });
    return run;
  }

  /**
   * Stores the copy `spec` made already (`variants`: an upload's photo blurred whole, made with
   * its other copies), as `make` would store it: once in this process, and a viewer asking for it
   * meanwhile waits for these files rather than making them again.
   */
  store(spec: RenditionSpec, variants: ImageVariants): Promise<void> {
    const { imageKey } = this.keys(spec);
    const known = making.get(imageKey);
    if (known) return known.run;
    const run = this.save(spec, variants).finally(() => making.delete(imageKey));
    making.set(imageKey, { run, priority: { urgent: true } });
    return run;
  }

  /**
   * Blurs the clean display copy, derives the thumbnail and placeholder from the blurred one
   * (decision 063), then stores them.
   */
  private async render(spec: RenditionSpec, priority: ImageJobPriority): Promise<void> {
    const file = await this.ctx.storage.read(spec.source);
    if (!file) throw new AppError(404, SERVER_ERRORS.mediaNotFound);
    await this.save(spec, await toBlurredVariants(await buffer(file.stream), spec.boxes, priority));
  }

  /**
   * Stores the copy's files under the journal and records its row. A copy's key names its
   * content, so a file already there (made by another instance, or of a row just dropped) is
   * this very copy: it is kept, never written over while someone may be reading it. The row is
   * recorded only while its image is still there, in a transaction that holds the image against
   * its deletion (decision 198): an image deleted while its copy was being made leaves neither
   * the copy's row nor its files, and the copy is the 404 of an image that is gone.
   */
  private async save(spec: RenditionSpec, variants: ImageVariants): Promise<void> {
    const { imageKey, thumbKey } = this.keys(spec);
    const files = [
      { key: imageKey, data: variants.display.data, contentType: 'image/webp' },
      { key: thumbKey, data: variants.thumb.data, contentType: 'image/webp' },
    ];
    const missing: typeof files = [];
    for (const copy of files) if (!(await this.stored(copy.key))) missing.push(copy);
    const written = missing.map((copy) => copy.key);
    await saveMedia(this.ctx, missing);
    const { db } = this.ctx;
    try {
      const recorded = await db.kysely.transaction().execute(async (trx) => {
        const repo = new ImageRenditionsRepository(trx);
        if (!(await repo.holdSource(spec.kind, spec.imageId, spec.source, db.dialect))) {
          return false;
        }
        await repo.insert({
          kind: spec.kind,
          image_id: spec.imageId,
          blur_set: blurSetKey(spec.boxes),
          boxes: boxesText(spec.boxes),
          source: spec.source,
          image_key: imageKey,
          thumb_key: thumbKey,
          placeholder: variants.placeholder,
          width: variants.display.width,
          height: variants.display.height,
          created_at: nowIso(),
        });
        return true;
      });
      if (!recorded) throw new AppError(404, SERVER_ERRORS.mediaNotFound);
    } catch (err) {
      await deleteMedia(this.ctx, written, err);
      throw err;
    }
    await keepMedia(this.ctx, written);
  }

  /** Whether `key` has a file (opened and let go at once). */
  private async stored(key: string): Promise<boolean> {
    const file = await this.ctx.storage.read(key);
    file?.stream.destroy();
    return file !== null;
  }

  /**
   * Deletes copies: rows and files journaled together, then the files. The rows go before their
   * keys are journaled, the order of every deletion of an image with its copies: on PostgreSQL
   * the photo being deleted at the same moment then waits for these rows or finds them gone,
   * where the opposite order left each transaction waiting for the other (decision 198).
   */
  async drop(rows: readonly RenditionRow[]): Promise<void> {
    if (rows.length === 0) return;
    const keys = rows.flatMap((row) => [row.image_key, row.thumb_key]);
    await this.ctx.db.kysely.transaction().execute(async (trx) => {
      await new ImageRenditionsRepository(trx).deleteByIds(rows.map((row) => row.id));
      await markForDeletion(this.ctx, keys, trx);
    });
    await deleteMedia(this.ctx, keys);
  }
}
