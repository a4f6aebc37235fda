import type { AppContext } from '../context.js';
import type { FaceImageKind } from './face-visibility.js';
import { ImageRenditionsRepository } from './image-renditions.repository.js';
import { queueCopies, queueImagesOf } from './rendition-worker.js';

/*
 * What changes who may see a face, told to the copies that depend on it (issue #25 part 3): the
 * faces of an image (detected, reviewed, drawn, a guardian's request), and a child's consent or
 * guardians. Called after the change is committed; the blurred copies are made again from here.
 * Who sees which copy is read at each request anyway (decision 080): these only make the new
 * copies ahead and drop the old ones.
 */

/** The faces of images `ids` of `kind` changed. */
export async function facesChanged(
  ctx: AppContext,
  kind: FaceImageKind,
  ids: readonly number[],
): Promise<void> {
  // The gallery's copies (photos, album covers).
  if (kind === 'photo' || kind === 'album') await queueCopies(ctx, kind, ids);
}

/** The consent (or the guardians) of children `childIds` changed. */
export async function childrenChanged(ctx: AppContext, childIds: readonly number[]): Promise<void> {
  // The gallery's copies of every photo and cover with a face of theirs.
  const repo = new ImageRenditionsRepository(ctx.db.kysely);
  await queueImagesOf(ctx, await repo.imagesWithChildren(childIds));
}

/**
 * The group's settings changed ('Aplicar el consentimiento de imagen'): every image with a face
 * may look different.
 */
export async function groupSettingsChanged(ctx: AppContext): Promise<void> {
  const repo = new ImageRenditionsRepository(ctx.db.kysely);
  await queueImagesOf(ctx, await repo.imagesWithFaces());
}
