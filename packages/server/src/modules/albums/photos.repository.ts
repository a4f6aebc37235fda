import { type Insertable, type Selectable, sql } from 'kysely';
import {
  imageHasFaces,
  photoAlbumForSections,
  photoInAlbumZip,
  photoShownTo,
} from '../../access/access.repository.js';
import type { Viewer } from '../../access/viewer.js';
import { type Db, type Executor, executorOf } from '../../db/database.js';
import type { Dialect } from '../../db/migrations/index.js';
import type { PhotosTable } from '../../db/schema.js';
import {
  commentsCountSql,
  likedBySql,
  likesCountSql,
} from '../interactions/interactions.repository.js';

export type PhotoRow = Selectable<PhotosTable>;

/** A photo row with its counts and the reader's like (types as each database returns them). */
export type PhotoWithCounts = PhotoRow & {
  album_status: string;
  /** Whether its album is for some sections (1/0 on SQLite, a boolean on PostgreSQL). */
  album_for_sections: number | boolean;
  /** Whether it has a face (1/0 on SQLite, a boolean on PostgreSQL). */
  has_faces: number | boolean;
  likes_count: number | string;
  comments_count: number | string;
  user_has_liked: boolean | number;
};

/** The storage keys of a photo's files. */
export interface PhotoFiles {
  id: number;
  image_key: string;
  thumb_key: string;
}

/** SQL on `photos`. */
export class PhotosRepository {
  private readonly db: Executor;

  constructor(db: Db | Executor) {
    this.db = executorOf(db);
  }

  /**
   * Photos with like and comment counts and whether the viewer liked each, in one query. With
   * `shownTo`, only the photos that viewer sees (the access rules); without, every photo.
   */
  private withCounts(viewerId: number | null, shownTo?: Viewer) {
    const query = this.db
      .selectFrom('photos')
      .selectAll('photos')
      .select([
        likesCountSql('photo', 'photos.id').as('likes_count'),
        commentsCountSql('photo', 'photos.id').as('comments_count'),
        likedBySql('photo', 'photos.id', viewerId).as('user_has_liked'),
        sql<string>`(select albums.status from albums where albums.id = photos.album_id)`.as(
          'album_status',
        ),
        photoAlbumForSections().as('album_for_sections'),
        imageHasFaces('photos').as('has_faces'),
      ]);
    return shownTo === undefined ? query : query.where(photoShownTo(shownTo));
  }

  /** An album's photos that `viewer` sees, newest first. */
  listByAlbum(
    albumId: number,
    viewer: NonNullable<Viewer>,
    page?: { limit: number; offset: number },
  ): Promise<PhotoWithCounts[]> {
    const query = this.withCounts(viewer.id, viewer)
      .where('photos.album_id', '=', albumId)
      .orderBy('photos.created_at', 'desc')
      .orderBy('photos.id', 'desc');
    return (page ? query.limit(page.limit).offset(page.offset) : query).execute();
  }

  /** Photo `id` if `viewer` sees it. */
  find(id: number, viewer: NonNullable<Viewer>): Promise<PhotoWithCounts | undefined> {
    return this.withCounts(viewer.id, viewer).where('photos.id', '=', id).executeTakeFirst();
  }

  /** Several photos by id, in the order of `ids` (fresh uploads, for the answer). */
  async findMany(ids: number[], viewerId: number | null): Promise<PhotoWithCounts[]> {
    if (ids.length === 0) return [];
    const rows = await this.withCounts(viewerId).where('photos.id', 'in', ids).execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** Inserts the photos in the given order; returns their ids in that order. */
  async insertMany(photos: Insertable<PhotosTable>[]): Promise<number[]> {
    const ids: number[] = [];
    for (const photo of photos) {
      const row = await this.db
        .insertInto('photos')
        .values(photo)
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    return ids;
  }

  /**
   * The photo's files, read inside the transaction that deletes it and, on PostgreSQL, its row
   * locked until the end of it: a blurred copy being stored for it meanwhile (which locks the row
   * to share) either lands before, and is read and deleted with it, or waits and finds it gone.
   */
  lockFiles(id: number, dialect: Dialect): Promise<PhotoFiles | undefined> {
    const query = this.db
      .selectFrom('photos')
      .select(['id', 'image_key', 'thumb_key'])
      .where('id', '=', id);
    return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  }

  /** Sets a photo's caption; false when there is no such photo. */
  async setDescription(id: number, description: string | null): Promise<boolean> {
    const result = await this.db
      .updateTable('photos')
      .set({ description })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * What an album's ZIP holds: the display copy of every photo not hidden, in the album's order
   * (newest first). Hidden photos are left out for everyone, managers too.
   */
  displayCopies(
    albumId: number,
  ): Promise<{ id: number; image_key: string; created_at: string; has_faces: number | boolean }[]> {
    return this.db
      .selectFrom('photos')
      .select(['id', 'image_key', 'created_at', imageHasFaces('photos').as('has_faces')])
      .where('album_id', '=', albumId)
      .where(photoInAlbumZip)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /** The album a photo is in, with its title (for the audit trail). */
  albumOf(id: number): Promise<{ album_id: number; album_title: string } | undefined> {
    return this.db
      .selectFrom('photos')
      .innerJoin('albums', 'albums.id', 'photos.album_id')
      .select(['photos.album_id as album_id', 'albums.title as album_title'])
      .where('photos.id', '=', id)
      .executeTakeFirst();
  }

  filesOfAlbum(albumId: number): Promise<PhotoFiles[]> {
    return this.db
      .selectFrom('photos')
      .select(['id', 'image_key', 'thumb_key'])
      .where('album_id', '=', albumId)
      .execute();
  }

  async delete(id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('photos').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async deleteByAlbum(albumId: number): Promise<void> {
    await this.db.deleteFrom('photos').where('album_id', '=', albumId).execute();
  }
}
