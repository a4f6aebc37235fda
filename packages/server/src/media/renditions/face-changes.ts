import type { AppContext } from '../../context.js';
import { ImageRenditionsRepository } from '../copies/copies.repository.js';
import type { FaceImageKind } from '../face-rows.js';
import { dropOwnPublicCopies } from './own-copies.js';
import {
  republishAllPublicImages,
  republishImagesOfChildren,
  republishPublicImages,
} from './public-images.js';
import { queueCopies, queueImagesOf } from './rendition-worker.js';

/*
 * What changes who may see a face, told to the copies that depend on it: the faces of an image
 * (detected, reviewed, drawn, a guardian's request), a child's consent or guardians, and the
 * group's 'Aplicar el consentimiento de imagen'. Called after the change is committed. The
 * gallery's copies (decision 080): who sees which is read at each request anyway, so these only
 * queue the new copies ahead and the old ones' removal. The public images (decision 085): a new
 * public copy under a new URL when the faces it blurs changed.
 */

/**
 * The public images' part never fails the change that called it (already committed): a failure
 * (storage down) is logged, and the recheck of every minute makes the copy (decision 085).
 */
async function caughtUpLater(ctx: AppContext, work: Promise<unknown>): Promise<void> {
  try {
    await work;
  } catch (err) {
    ctx.log.error({ err }, 'no se pudo rehacer una imagen pública; se reintentará en un minuto');
  }
}

/** The faces of images `ids` of `kind` changed. */
export async function facesChanged(
  ctx: AppContext,
  kind: FaceImageKind,
  ids: readonly number[],
): Promise<void> {
  if (kind === 'photo' || kind === 'album') await queueCopies(ctx, kind, ids);
  else {
    await caughtUpLater(ctx, republishPublicImages(ctx, kind, ids));
    // The families' own copies of it (decision 100), made again when next asked for.
    await caughtUpLater(ctx, dropOwnPublicCopies(ctx, kind, ids));
  }
}

/** The consent (or the guardians) of children `childIds` changed. */
export async function childrenChanged(ctx: AppContext, childIds: readonly number[]): Promise<void> {
  // The gallery's copies of every photo and cover with a face of theirs.
  const repo = new ImageRenditionsRepository(ctx.db.kysely);
  await queueImagesOf(ctx, await repo.imagesWithChildren(childIds));
  // The public images (news, experiences) where they appear.
  await caughtUpLater(ctx, republishImagesOfChildren(ctx, childIds));
}

/** 'Aplicar el consentimiento de imagen' was switched: every image with a face may change. */
export async function enforcementChanged(ctx: AppContext): Promise<void> {
  const repo = new ImageRenditionsRepository(ctx.db.kysely);
  await queueImagesOf(ctx, await repo.imagesWithFaces());
  await caughtUpLater(ctx, republishAllPublicImages(ctx));
}
