import { seesEveryFace } from '../../access/face-visibility.js';
import { ownPublicCopies } from '../../access/own-public-copies.js';
import type { Viewer } from '../../access/viewer.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/database.js';
import { ImageRenditionsRepository } from '../copies/copies.repository.js';
import type { PublicImageKind } from '../copies/public-copies.repository.js';
import { mediaUrl } from '../media-urls.js';
import type { MediaUrlSigner } from '../url-signer.js';
import { viewerScope } from '../url-signer.js';
import { ImageRenditions } from './blurred-copies.js';

/*
 * A family's own copies of public images (decision 100): handed out as URLs signed for that
 * account, and dropped when what they are made of changes. Who gets one, and whether one opens,
 * is access/own-public-copies.ts's.
 */

/** Which fields of an API item hold its image's URLs (news and experiences name them apart). */
export interface ImageFields<T> {
  image: keyof T & string;
  thumb: keyof T & string;
}

/**
 * The API's items with a family's own copies: for each of the images `theirs` (where a child of
 * `viewer`'s appears) that `viewer` is given a copy of their own, its `fields` point to it (URLs
 * signed for `viewer`); the rest unchanged. No query when `theirs` is empty.
 */
export async function withOwnPublicCopies<T extends { id: number }>(
  ctx: { db: { kysely: Executor }; mediaUrls: MediaUrlSigner },
  viewer: Viewer,
  kind: PublicImageKind,
  items: T[],
  fields: ImageFields<T>,
  theirs: readonly number[],
): Promise<T[]> {
  if (!viewer || seesEveryFace(viewer) || theirs.length === 0) return items;
  const own = await ownPublicCopies(ctx.db.kysely, ctx.mediaUrls, viewer, kind, theirs);
  if (own.size === 0) return items;
  const scope = viewerScope(viewer.id);
  return items.map((item) => {
    const copy = own.get(item.id);
    if (!copy) return item;
    return {
      ...item,
      [fields.image]: mediaUrl(ctx.mediaUrls, copy.imageKey, scope),
      [fields.thumb]: mediaUrl(ctx.mediaUrls, copy.thumbKey, scope),
    };
  });
}

/**
 * Deletes the families' own copies of images `ids` of `kind` (files and rows, under the journal):
 * their faces, a child's consent or guardians, or the image itself changed. Those still wanted
 * are made again when next asked for; a stale one would not open anyway (openable above).
 */
export async function dropOwnPublicCopies(
  ctx: AppContext,
  kind: PublicImageKind,
  ids: readonly number[],
): Promise<void> {
  if (ids.length === 0) return;
  const rows = await new ImageRenditionsRepository(ctx.db.kysely).ofImages(kind, ids);
  await new ImageRenditions(ctx).drop(rows);
}
