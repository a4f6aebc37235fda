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

/** The faces of images `ids` of `kind` changed. */
export async function facesChanged(
  ctx: AppContext,
  kind: FaceImageKind,
  ids: readonly number[],
): Promise<void> {
  // Public images (news, experiences): a new public copy when the faces it blurs changed.
  if (kind === 'news' || kind === 'experience') await republishPublicImages(ctx, kind, ids);
}

/** The consent (or the guardians) of children `childIds` changed. */
export async function childrenChanged(ctx: AppContext, childIds: readonly number[]): Promise<void> {
  // Public images (news, experiences) where these children appear.
  await republishImagesOfChildren(ctx, childIds);
}

/** 'Aplicar el consentimiento de imagen' was switched: every copy with faces may change. */
export async function enforcementChanged(ctx: AppContext): Promise<void> {
  // Public images (news, experiences) with any face.
  await republishAllPublicImages(ctx);
}
