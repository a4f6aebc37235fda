import { can } from '@fogata/shared';
import { type ExpressionBuilder, type Kysely, sql, type Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { MANAGER_SCOPE, MediaUrlSigner } from '../../lib/media-url.js';
import { isPrivateKey, type MediaStorage } from '../../storage/storage.js';
import type { UserRow } from '../users/users.repository.js';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Whether `viewer` sees draft albums and hidden photos: scouters and admins (decision 018).
 * Everyone else gets a 404 for them, as if they did not exist.
 */
export function seesRestricted(viewer: Pick<UserRow, 'role'> | null | undefined): boolean {
  return can(viewer?.role ?? null, 'gallery:review');
}

/** SQL: the photo in `photos` is shown to members (not hidden, in a published album). */
export const photoVisibleSql = sql<boolean>`(photos.hidden_at is null and exists (select 1 from albums pa where pa.id = photos.album_id and pa.status = 'published'))`;

/** A `where` for photos members may see; use it on queries over `photos`. */
export function memberVisiblePhoto(eb: ExpressionBuilder<Database, 'photos'>) {
  return eb.and([
    eb('photos.hidden_at', 'is', null),
    eb.exists(
      eb
        .selectFrom('albums as pa')
        .select('pa.id')
        .whereRef('pa.id', '=', 'photos.album_id')
        .where('pa.status', '=', 'published'),
    ),
  ]);
}

const signers = new WeakMap<AppContext, MediaUrlSigner>();

/**
 * How to turn the storage keys of a record into URLs for `viewer`. A `restricted` record (a
 * hidden photo, a draft album or its photos) gets manager-scoped private URLs, which still open
 * its files; anything else gets the usual URLs, the same for everyone (and so cached alike).
 */
export function mediaUrlsFor(
  ctx: AppContext,
  viewer: Pick<UserRow, 'role'> | null | undefined,
  restricted: boolean,
): Pick<MediaStorage, 'url'> {
  if (!restricted || !seesRestricted(viewer)) return ctx.storage;
  let signer = signers.get(ctx);
  if (!signer) {
    signer = new MediaUrlSigner(ctx.config.jwtSecret);
    signers.set(ctx, signer);
  }
  const managerSigner = signer;
  return {
    url: (key) =>
      isPrivateKey(key) ? managerSigner.url(key, undefined, MANAGER_SCOPE) : ctx.storage.url(key),
  };
}

/**
 * Whether a members-only file belongs to a hidden photo, a photo of a draft album or a draft
 * album's cover: the media route refuses those to any URL without the manager scope, so a link
 * handed out before the photo was hidden (or the album unpublished) stops working at once.
 */
export async function isRestrictedMedia(db: Db | Executor, key: string): Promise<boolean> {
  const kysely = 'kysely' in db ? db.kysely : db;
  const photo = await kysely
    .selectFrom('photos')
    .innerJoin('albums', 'albums.id', 'photos.album_id')
    .select('photos.id')
    .where((eb) => eb.or([eb('photos.image_key', '=', key), eb('photos.thumb_key', '=', key)]))
    .where((eb) =>
      eb.or([eb('photos.hidden_at', 'is not', null), eb('albums.status', '=', 'draft')]),
    )
    .executeTakeFirst();
  if (photo) return true;
  const cover = await kysely
    .selectFrom('albums')
    .select('id')
    .where((eb) => eb.or([eb('cover_key', '=', key), eb('cover_thumb_key', '=', key)]))
    .where('status', '=', 'draft')
    .executeTakeFirst();
  return cover !== undefined;
}
