import { AccessRepository } from '../../access/access.repository.js';
import { type GalleryImageKind, WHOLE_IMAGE_BOX } from '../copies/copy-names.js';
import { toWholeBlurVariants } from '../copies/face-blur.js';
import type { ImageVariants } from '../image-pipeline.js';
import { ImageRenditions, type RenditionContext } from './blurred-copies.js';
import { queueCopies } from './rendition-worker.js';

/*
 * The copy families get of an image just uploaded until the scan has looked for its faces: the
 * whole image blurred (decision 099). Made by the upload itself from the thumbnail it has just
 * encoded, and stored as soon as the image's row is committed (decision 200): a family's page
 * opening the album finds it made, and never waits for it behind the uploads in the image queue.
 */

/**
 * The whole-image blur of an image whose copies are `variants`, or none while image consent is
 * off (`enforced`): nobody is given it then. One that cannot be made does not fail the upload:
 * it is made when first asked for, as any copy.
 */
export async function wholeBlurOf(
  ctx: Pick<RenditionContext, 'log'>,
  variants: ImageVariants,
  enforced: boolean,
): Promise<ImageVariants | null> {
  if (!enforced) return null;
  const { thumb, display } = variants;
  try {
    return await toWholeBlurVariants(thumb.data, display.width, display.height);
  } catch (err) {
    ctx.log.warn({ err }, 'no se pudo difuminar entera una foto al subirla');
    return null;
  }
}

/**
 * Stores the copies `wholeBlurOf` made of images just committed (`images`: each one's id, clean
 * display copy's key and that copy), before the scan is woken for them. A copy that cannot be
 * stored (a full disk) loses nothing: its files are removed, and it is made when first asked
 * for, as any copy.
 */
export async function storeWholeBlurs(
  ctx: RenditionContext,
  kind: GalleryImageKind,
  images: readonly { id: number; source: string; copy: ImageVariants }[],
): Promise<void> {
  const renditions = new ImageRenditions(ctx);
  // Each is registered as being made at once (before any await), so a viewer who asks for it
  // while its files are written waits for them instead of making it again.
  const stores = images.map(({ id, source, copy }) =>
    renditions.store({ kind, imageId: id, source, boxes: [WHOLE_IMAGE_BOX] }, copy),
  );
  for (const result of await Promise.allSettled(stores)) {
    if (result.status === 'rejected') {
      ctx.log.warn({ err: result.reason }, 'no se pudo guardar la copia difuminada de una subida');
    }
  }
  // A scan already running (woken by another upload) may have looked at one of them before its
  // copy was stored, and brought its copies up to date without it: queued again, the copy
  // nobody is given any more goes. One that is still waiting for the scan is brought up to date
  // after it, with the copy stored by then.
  const ids = images.map((image) => image.id);
  const waiting = new Set(await new AccessRepository(ctx.db.kysely).unsearched(kind, ids));
  await queueCopies(
    ctx,
    kind,
    ids.filter((id) => !waiting.has(id)),
  );
}
