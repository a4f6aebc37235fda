import type { AppContext } from '../context.js';
import type { FaceImageKind } from './face-visibility.js';
import {
  republishAllPublicImages,
  republishImagesOfChildren,
  republishPublicImages,
} from './public-images.js';

/*
 * What changes who may see a face, told to the copies that depend on it (issue #25 part 3): the
 * faces of an image (detected, reviewed, drawn, a guardian's request), and a child's consent or
 * guardians. Called after the change is committed; the blurred copies are made again from here.
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
  // Public images (news, experiences): a new public copy when the faces it blurs changed.
  if (kind === 'news' || kind === 'experience') {
    await caughtUpLater(ctx, republishPublicImages(ctx, kind, ids));
  }
}

/** The consent (or the guardians) of children `childIds` changed. */
export async function childrenChanged(ctx: AppContext, childIds: readonly number[]): Promise<void> {
  // Public images (news, experiences) where these children appear.
  await caughtUpLater(ctx, republishImagesOfChildren(ctx, childIds));
}

/** 'Aplicar el consentimiento de imagen' was switched: every copy with faces may change. */
export async function enforcementChanged(ctx: AppContext): Promise<void> {
  // Public images (news, experiences) with any face.
  await caughtUpLater(ctx, republishAllPublicImages(ctx));
}
