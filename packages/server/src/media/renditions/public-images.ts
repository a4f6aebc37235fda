import { blurSetKey, FaceVisibility, seesEveryFace } from '../../access/face-visibility.js';
import type { Viewer } from '../../access/viewer.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/database.js';
import { toBlurredVariants } from '../copies/face-blur.js';
import {
  type PublicImageKind,
  type PublicImageRow,
  PublicImagesRepository,
} from '../copies/public-copies.repository.js';
import { deleteMedia, keepMedia, markForDeletion, saveMedia } from '../media-files.js';
import { mediaUrl, mediaUrlOf } from '../media-urls.js';
import { newMediaKey } from '../storage/storage.js';
import { PRIVATE_KEY_PREFIX, viewerScope } from '../url-signer.js';
import { dropOwnPublicCopies } from './own-copies.js';

/*
 * Public images under image consent (decision 085). A news item's or an experience's image is
 * public media, cached for a year under an immutable URL: so its clean copy is kept private
 * (`image_original_key`), and the public URL serves the copy for everyone — the faces the rule
 * blurs for an anonymous visitor ('Web pública') blurred. When that set of faces changes, a new
 * copy goes to a NEW public key and the old file is deleted: the old URL answers 404, so no cache
 * or kept link goes on serving what may no longer be shown.
 */

export type { PublicImageKind } from '../copies/public-copies.repository.js';

/** The folder of each kind's public files (as the news and experiences modules store them). */
const FOLDER: Record<PublicImageKind, string> = { news: 'news', experience: 'experiences' };

/** A re-render that lost a race with another one looks again this many times. */
const ATTEMPTS = 3;

async function readAll(ctx: AppContext, key: string): Promise<Buffer | null> {
  const file = await ctx.storage.read(key);
  if (!file) return null;
  return Buffer.concat((await file.stream.toArray()) as Buffer[]);
}

/**
 * Makes the public copy of images `ids` of `kind` the one the rule gives an anonymous visitor
 * now: for each whose set of blurred faces changed, a new copy under a new key, the row pointed
 * to it, the old public files deleted, and the publication written in the ledger. Images whose
 * set did not change are left as they are (their URL stays, and stays cached). Answers the ids
 * that got a new copy.
 */
export async function republishPublicImages(
  ctx: AppContext,
  kind: PublicImageKind,
  ids: readonly number[],
): Promise<number[]> {
  const changed: number[] = [];
  let pending = [...new Set(ids)];
  for (let attempt = 0; attempt < ATTEMPTS && pending.length > 0; attempt++) {
    const repo = new PublicImagesRepository(ctx.db.kysely);
    const rows = await repo.rows(kind, pending);
    const blur = await new FaceVisibility(ctx.db.kysely).facesToBlur(
      null,
      kind,
      rows.map((row) => row.id),
    );
    const lost: number[] = [];
    for (const row of rows) {
      const boxes = blur.get(row.id) ?? [];
      const setKey = blurSetKey(boxes);
      // A row from before 017 (no blur set) shows its original: the set '' in effect.
      if (setKey === (row.image_blur_set ?? '')) continue;
      const outcome = await rerender(ctx, kind, row, boxes, setKey);
      if (outcome === 'published') changed.push(row.id);
      else if (outcome === 'lost') lost.push(row.id);
    }
    pending = lost;
  }
  return changed;
}

/** One image's new public copy; 'lost' when the row changed meanwhile. */
async function rerender(
  ctx: AppContext,
  kind: PublicImageKind,
  row: PublicImageRow,
  boxes: Parameters<typeof toBlurredVariants>[1],
  setKey: string,
): Promise<'published' | 'lost' | 'gone'> {
  const previousKey = row.image_key;
  if (!previousKey) return 'gone';
  // A row from before 017 has no private original: its public copy, clean, becomes it.
  const sourceKey = row.image_original_key ?? previousKey;
  const original = await readAll(ctx, sourceKey);
  if (!original) {
    ctx.log.warn({ kind, id: row.id, key: sourceKey }, 'falta el original de una imagen pública');
    return 'gone';
  }
  const folder = FOLDER[kind];
  const adoptedKey = row.image_original_key
    ? null
    : newMediaKey(`${PRIVATE_KEY_PREFIX}${folder}`, 'webp');
  const variants = await toBlurredVariants(original, boxes);
  const key = newMediaKey(folder, 'webp');
  const thumbKey = newMediaKey(folder, 'webp');
  const fresh = [key, thumbKey, ...(adoptedKey ? [adoptedKey] : [])];
  await saveMedia(ctx, [
    { key, data: variants.display.data, contentType: 'image/webp' },
    { key: thumbKey, data: variants.thumb.data, contentType: 'image/webp' },
    ...(adoptedKey ? [{ key: adoptedKey, data: original, contentType: 'image/webp' }] : []),
  ]);
  const old = [previousKey, row.image_thumb_key];
  let published: boolean;
  try {
    await markForDeletion(ctx, old);
    published = await new PublicImagesRepository(ctx.db.kysely).publish(kind, row.id, previousKey, {
      image_key: key,
      image_thumb_key: thumbKey,
      image_placeholder: variants.placeholder,
      image_original_key: adoptedKey ?? sourceKey,
      image_blur_set: setKey,
    });
  } catch (err) {
    await keepMedia(ctx, old);
    await deleteMedia(ctx, fresh, err);
    throw err;
  }
  if (!published) {
    // Someone else moved the row on: its files are theirs to settle; ours go.
    await keepMedia(ctx, old);
    await deleteMedia(ctx, fresh);
    return 'lost';
  }
  await keepMedia(ctx, fresh);
  await deleteMedia(ctx, old);
  await recordPublicImages(ctx, kind, [row.id]);
  return 'published';
}

/**
 * Writes in the ledger that images `ids` of `kind` are published as their rows now say (a new
 * item, a new image, a new copy): the public URL and the faces it blurs. With `executor`, in the
 * transaction that stores the row, so the publication is recorded if and only if it happened.
 */
export async function recordPublicImages(
  ctx: Pick<AppContext, 'db' | 'mediaUrls'>,
  kind: PublicImageKind,
  ids: readonly number[],
  executor: Executor = ctx.db.kysely,
): Promise<void> {
  const repo = new PublicImagesRepository(executor);
  const rows = await repo.rows(kind, ids);
  const now = new Date().toISOString();
  await repo.record(
    rows.map((row) => ({
      image_kind: kind,
      image_id: row.id,
      channel: kind,
      title: row.title,
      recipients: 0,
      blurred_faces: row.image_blur_set ?? '',
      url: mediaUrlOf(ctx.mediaUrls, row.image_key),
      created_at: now,
    })),
  );
}

/**
 * A news item or an experience got a new image (created, or replaced), committed with its
 * publication in the ledger (`recordPublicImages` in the row's transaction): its copy for everyone
 * made by the rule (the faces already known; detection tells `facesChanged` of more). Never fails
 * the change, which is already made: a failure (a full disk, the storage down) is logged, and the
 * recheck of every minute makes the copy.
 */
export async function publicImageStored(
  ctx: AppContext,
  kind: PublicImageKind,
  id: number,
): Promise<void> {
  try {
    await republishPublicImages(ctx, kind, [id]);
    await dropOwnPublicCopies(ctx, kind, [id]);
  } catch (err) {
    ctx.log.error({ err }, 'no se pudo rehacer una imagen pública; se reintentará en un minuto');
  }
}

/** The public images where any of `childIds` appears, re-rendered (their consent changed). */
export async function republishImagesOfChildren(
  ctx: AppContext,
  childIds: readonly number[],
): Promise<void> {
  const images = await new PublicImagesRepository(ctx.db.kysely).imagesOfChildren(childIds);
  await republishPublicImages(ctx, 'news', images.news);
  await republishPublicImages(ctx, 'experience', images.experience);
  await dropOwnPublicCopies(ctx, 'news', images.news);
  await dropOwnPublicCopies(ctx, 'experience', images.experience);
}

/** Every public image with faces, re-rendered ('Aplicar el consentimiento de imagen' changed). */
export async function republishAllPublicImages(ctx: AppContext): Promise<void> {
  const images = await new PublicImagesRepository(ctx.db.kysely).imagesWithFaces();
  await republishPublicImages(ctx, 'news', images.news);
  await republishPublicImages(ctx, 'experience', images.experience);
  await dropOwnPublicCopies(ctx, 'news', images.news);
  await dropOwnPublicCopies(ctx, 'experience', images.experience);
}

/**
 * Every instance, every `config.imageRecheckMs` (a minute unless set): the public images made again
 * wherever the rule now says otherwise — a change whose hook failed (storage down), a 14th birthday
 * (the family's consent stops counting), a restore. An image whose set of blurred faces did not
 * change costs nothing but its read; two instances racing on one image publish it once (the row's
 * compare-and-set), the other's copy is removed.
 */
export class PublicImagesRecheck {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(private readonly ctx: AppContext) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.runOnce().catch((err: unknown) => {
        this.ctx.log.error({ err }, 'no se pudieron revisar las imágenes públicas; se reintentará');
      });
    }, this.ctx.config.imageRecheckMs ?? 60_000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => {});
  }

  /** One check, one at a time per process. */
  runOnce(): Promise<void> {
    this.running ??= republishAllPublicImages(this.ctx).finally(() => {
      this.running = null;
    });
    return this.running;
  }
}

/**
 * The clean original of a news item's or an experience's image for `viewer`, in the detail of the
 * item: only for who reviews faces (`faces:review`), as a signed URL of their own (decision 085).
 * Anyone else: nothing (the public copy is theirs).
 */
export function originalUrlFor(
  ctx: AppContext,
  viewer: Viewer | null,
  originalKey: string | null,
): { original_url?: string } {
  if (!viewer || !originalKey || !seesEveryFace(viewer)) return {};
  return { original_url: mediaUrl(ctx.mediaUrls, originalKey, viewerScope(viewer.id)) };
}
