import { can, type SectionRef } from '@fogata/shared';
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import {
  albumShownTo,
  countedPhotoIdsOfAlbum,
  imageHasFaces,
  type ManagedSections,
  sectionManagedIn,
} from '../../access/access.repository.js';
import type { Viewer } from '../../access/viewer.js';
import { type Db, type Executor, executorOf } from '../../db/database.js';
import type { Dialect } from '../../db/migrations/index.js';
import type { AlbumsTable } from '../../db/schema.js';
import { commentsCountInSql, likesCountInSql } from '../interactions/interactions.repository.js';

export type AlbumRow = Selectable<AlbumsTable>;

/** An album row with its counts; PostgreSQL returns count() as a string (bigint). */
export type AlbumWithCounts = AlbumRow & {
  /** Whether its cover has a face (1/0 on SQLite, a boolean on PostgreSQL). */
  has_faces: number | boolean;
  photos_count: number | string;
  likes_count: number | string;
  comments_count: number | string;
  /** Managers' reads only: the faces still to review. */
  faces_to_review?: number | string;
};

/**
 * The faces still to review in album `albums.id`: its cover's and its photos' (hidden ones too),
 * two counts on the faces' indexes; and each image the face scan gave up on, which only a
 * manager can clear (decision 099: it counts as one face, as large as the image).
 */
function facesToReviewSql() {
  return sql<number | string>`((select count(*) from faces
      where faces.album_id = albums.id and faces.status = 'pending')
    + (select count(*) from faces inner join photos on photos.id = faces.photo_id
      where photos.album_id = albums.id and faces.status = 'pending')
    + (select count(*) from face_scan_queue q
      where q.album_id = albums.id and q.gave_up_at is not null)
    + (select count(*) from face_scan_queue q inner join photos on photos.id = q.photo_id
      where photos.album_id = albums.id and q.gave_up_at is not null))`;
}

/** A section as an audience's choice: whether it is retired tells if it may be newly chosen. */
export interface AudienceSection extends SectionRef {
  retired: boolean;
}

/** SQL on `albums`. */
export class AlbumsRepository {
  private readonly db: Executor;

  constructor(db: Db | Executor) {
    this.db = executorOf(db);
  }

  /**
   * Albums with their photo, like and comment counts, computed in the same query: the albums
   * `viewer` sees, and the photos that count for them (the access rules).
   */
  private withCounts(viewer: Viewer) {
    const ids = countedPhotoIdsOfAlbum(viewer);
    return this.db
      .selectFrom('albums')
      .selectAll('albums')
      .select([
        sql<number>`(select count(*) from (${ids}) as shown)`.as('photos_count'),
        likesCountInSql('photo', ids).as('likes_count'),
        commentsCountInSql('photo', ids).as('comments_count'),
        imageHasFaces('albums').as('has_faces'),
      ])
      .$if(can(viewer?.role ?? null, 'faces:review'), (query) =>
        query.select(facesToReviewSql().as('faces_to_review')),
      )
      .where(albumShownTo(viewer));
  }

  /** The faces still to review in each of albums `ids`, in one query. */
  async facesToReview(ids: readonly number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('albums')
      .select(['albums.id', facesToReviewSql().as('n')])
      .where('albums.id', 'in', ids)
      .execute();
    return new Map(rows.map((row) => [row.id, Number(row.n)]));
  }

  /** Every album `viewer` sees (see withCounts), newest first, in one query. */
  list(viewer: Viewer): Promise<AlbumWithCounts[]> {
    return this.withCounts(viewer)
      .orderBy('albums.created_at', 'desc')
      .orderBy('albums.id', 'desc')
      .execute();
  }

  find(id: number, viewer: Viewer): Promise<AlbumWithCounts | undefined> {
    return this.withCounts(viewer).where('albums.id', '=', id).executeTakeFirst();
  }

  /**
   * The audiences of albums `ids` in one query: each album's sections in the sections' order
   * (an album with none, the whole group's, is absent from the map).
   */
  async audiences(ids: readonly number[]): Promise<Map<number, AudienceSection[]>> {
    const byAlbum = new Map<number, AudienceSection[]>();
    if (ids.length === 0) return byAlbum;
    const rows = await this.db
      .selectFrom('album_sections')
      .innerJoin('sections', 'sections.id', 'album_sections.section_id')
      .select([
        'album_sections.album_id',
        'sections.id',
        'sections.name',
        'sections.colour',
        'sections.retired_at',
      ])
      .where('album_sections.album_id', 'in', ids)
      .orderBy('sections.position')
      .orderBy('sections.id')
      .execute();
    for (const row of rows) {
      const list = byAlbum.get(row.album_id) ?? [];
      list.push({
        id: row.id,
        name: row.name,
        colour: row.colour,
        retired: row.retired_at !== null,
      });
      byAlbum.set(row.album_id, list);
    }
    return byAlbum;
  }

  /** Sets album `id`'s audience to `sectionIds` (none: the whole group). */
  async setAudience(id: number, sectionIds: readonly number[]): Promise<void> {
    await this.db.deleteFrom('album_sections').where('album_id', '=', id).execute();
    if (sectionIds.length === 0) return;
    await this.db
      .insertInto('album_sections')
      .values(sectionIds.map((section_id) => ({ album_id: id, section_id })))
      .execute();
  }

  /** The sections `ids` that exist, with whether each is retired. */
  sectionsByIds(
    ids: readonly number[],
  ): Promise<{ id: number; name: string; retired_at: string | null }[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('sections')
      .select(['id', 'name', 'retired_at'])
      .where('id', 'in', ids)
      .execute();
  }

  /**
   * The sections a manager may give a new audience, in their order: those in use (not retired)
   * among the sections `managed` they manage (the access policy's).
   */
  audienceChoices(managed: ManagedSections): Promise<SectionRef[]> {
    return this.db
      .selectFrom('sections')
      .select(['sections.id', 'sections.name', 'sections.colour'])
      .where('sections.retired_at', 'is', null)
      .where(sectionManagedIn(managed))
      .orderBy('sections.position')
      .orderBy('sections.id')
      .execute();
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
