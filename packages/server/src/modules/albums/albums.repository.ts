import type { Album } from '@fogata/shared';
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import {
  albumShownToMembers,
  countedPhotoIdsOfAlbum,
} from '../../access/gallery-access.repository.js';
import { type Db, type Executor, executorOf } from '../../db/database.js';
import type { Dialect } from '../../db/migrations/index.js';
import type { AlbumsTable } from '../../db/schema.js';
import type { MediaStorage } from '../../media/storage/storage.js';
import { commentsCountInSql, likesCountInSql } from '../interactions/interactions.repository.js';

export type AlbumRow = Selectable<AlbumsTable>;

/** An album row with its counts; PostgreSQL returns count() as a string (bigint). */
export type AlbumWithCounts = AlbumRow & {
  photos_count: number | string;
  likes_count: number | string;
  comments_count: number | string;
};

/** The API shape of an album: cover files as signed URLs, counts summed over its photos. */
export function toAlbum(row: AlbumWithCounts, storage: Pick<MediaStorage, 'url'>): Album {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    cover: row.cover_key ? storage.url(row.cover_key) : null,
    cover_thumb: row.cover_thumb_key ? storage.url(row.cover_thumb_key) : null,
    cover_placeholder: row.cover_placeholder,
    cover_width: row.cover_width,
    cover_height: row.cover_height,
    likes_count: Number(row.likes_count),
    comments_count: Number(row.comments_count),
    photos_count: Number(row.photos_count),
    published: row.status === 'published',
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** SQL on `albums`. */
export class AlbumsRepository {
  private readonly db: Executor;

  constructor(db: Db | Executor) {
    this.db = executorOf(db);
  }

  /**
   * Albums with their photo, like and comment counts, computed in the same query. `all`
   * (managers): drafts too, and hidden photos counted; else what members see (the access rules).
   */
  private withCounts(all: boolean) {
    const ids = countedPhotoIdsOfAlbum(all);
    const query = this.db
      .selectFrom('albums')
      .selectAll('albums')
      .select([
        sql<number>`(select count(*) from (${ids}) as shown)`.as('photos_count'),
        likesCountInSql('photo', ids).as('likes_count'),
        commentsCountInSql('photo', ids).as('comments_count'),
      ]);
    return all ? query : query.where(albumShownToMembers);
  }

  /** Every album `all` says (see withCounts), newest first, in one query. */
  list(all: boolean): Promise<AlbumWithCounts[]> {
    return this.withCounts(all)
      .orderBy('albums.created_at', 'desc')
      .orderBy('albums.id', 'desc')
      .execute();
  }

  find(id: number, all: boolean): Promise<AlbumWithCounts | undefined> {
    return this.withCounts(all).where('albums.id', '=', id).executeTakeFirst();
  }

  findRow(id: number): Promise<AlbumRow | undefined> {
    return this.db.selectFrom('albums').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Whether album `id` exists (whether a viewer may see it is gallery-access's question). */
  async exists(id: number): Promise<boolean> {
    const query = this.db.selectFrom('albums').select('id').where('id', '=', id);
    return (await query.executeTakeFirst()) !== undefined;
  }

  /**
   * Reads the album inside a transaction and, on PostgreSQL, locks its row until the end of it:
   * an upload into an album being deleted waits, then finds it gone. (SQLite runs one write
   * transaction at a time anyway.)
   */
  lock(id: number, dialect: Dialect): Promise<AlbumRow | undefined> {
    const query = this.db.selectFrom('albums').selectAll().where('id', '=', id);
    return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  }

  async insert(album: Insertable<AlbumsTable>): Promise<number> {
    const row = await this.db
      .insertInto('albums')
      .values(album)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(
    id: number,
    changes: Updateable<Omit<AlbumsTable, 'id' | 'created_at' | 'created_by'>>,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('albums')
      .set(changes)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async delete(id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('albums').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
