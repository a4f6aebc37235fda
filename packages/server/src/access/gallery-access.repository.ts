import { type ExpressionBuilder, sql } from 'kysely';
import { type Db, type Executor, executorOf } from '../db/database.js';
import type { Database } from '../db/schema.js';

/*
 * Every query that decides which albums, photos and media files a viewer may see (decision 041).
 * The rules in words are in gallery-access.ts; a new rule (sections, image consent) is a change
 * here and there, and nowhere else writes this SQL.
 */

/** A `where` on `albums`: the albums members see (published; a draft only managers see). */
export function albumShownToMembers(eb: ExpressionBuilder<Database, 'albums'>) {
  return eb('albums.status', '=', 'published');
}

/** A `where` on `photos`: the photos members see (not hidden on request, in a published album). */
export function photoShownToMembers(eb: ExpressionBuilder<Database, 'photos'>) {
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

/** A `where` on `photos`: what an album's ZIP holds, for everyone, managers too (not hidden). */
export function photoInAlbumZip(eb: ExpressionBuilder<Database, 'photos'>) {
  return eb('photos.hidden_at', 'is', null);
}

/**
 * The ids of an album's photos that count for the viewer, as a subquery of the album row of the
 * outer query: every photo for managers (`all`), the photos not hidden on request for members.
 */
export function countedPhotoIdsOfAlbum(all: boolean) {
  return all
    ? sql`select photos.id from photos where photos.album_id = albums.id`
    : sql`select photos.id from photos where photos.album_id = albums.id and photos.hidden_at is null`;
}

/** The batched questions of the gallery's access policy, each over a set of ids or keys. */
export class GalleryAccessRepository {
  private readonly db: Executor;

  constructor(db: Db | Executor) {
    this.db = executorOf(db);
  }

  /** Which of the albums `ids` exist, and unless `all`, are shown to members. */
  async albumIds(ids: readonly number[], all: boolean): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const query = this.db.selectFrom('albums').select('albums.id').where('albums.id', 'in', ids);
    const rows = await (all ? query : query.where(albumShownToMembers)).execute();
    return new Set(rows.map((row) => row.id));
  }

  /** Which of the photos `ids` exist, and unless `all`, are shown to members. */
  async photoIds(ids: readonly number[], all: boolean): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const query = this.db.selectFrom('photos').select('photos.id').where('photos.id', 'in', ids);
    const rows = await (all ? query : query.where(photoShownToMembers)).execute();
    return new Set(rows.map((row) => row.id));
  }

  /**
   * Which of the storage `keys` belong to what only managers see: a hidden photo, a photo of a
   * draft album, or a draft album's cover.
   */
  async restrictedKeys(keys: readonly string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const [photos, covers] = await Promise.all([
      this.db
        .selectFrom('photos')
        .innerJoin('albums', 'albums.id', 'photos.album_id')
        .select(['photos.image_key', 'photos.thumb_key'])
        .where((eb) =>
          eb.or([eb('photos.image_key', 'in', keys), eb('photos.thumb_key', 'in', keys)]),
        )
        .where((eb) =>
          eb.or([eb('photos.hidden_at', 'is not', null), eb('albums.status', '=', 'draft')]),
        )
        .execute(),
      this.db
        .selectFrom('albums')
        .select(['cover_key', 'cover_thumb_key'])
        .where((eb) => eb.or([eb('cover_key', 'in', keys), eb('cover_thumb_key', 'in', keys)]))
        .where('status', '=', 'draft')
        .execute(),
    ]);
    const asked = new Set(keys);
    const found = [
      ...photos.flatMap((row) => [row.image_key, row.thumb_key]),
      ...covers.flatMap((row) => [row.cover_key, row.cover_thumb_key]),
    ];
    return new Set(found.filter((key): key is string => key !== null && asked.has(key)));
  }
}
