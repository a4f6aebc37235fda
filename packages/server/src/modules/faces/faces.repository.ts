import type { FaceChild, ReviewFace } from '@fogata/shared';
import { type Selectable, sql } from 'kysely';
import {
  AccessRepository,
  childAssignable,
  type ManagedSections,
} from '../../access/access.repository.js';
import { type Db, type Executor, executorOf } from '../../db/database.js';
import type { FacesTable } from '../../db/schema.js';
import { type FaceImageKind, type FaceImageRef, faceImageColumn } from '../../media/face-rows.js';

export type FaceRow = Selectable<FacesTable>;

/** A face with the name of the child it is assigned to. */
export type FaceWithChild = FaceRow & { child_name: string | null };

/** The image a face is on, from whichever of its four columns is set. */
export function imageOf(face: FaceRow): FaceImageRef {
  if (face.photo_id !== null) return { kind: 'photo', id: face.photo_id };
  if (face.album_id !== null) return { kind: 'album', id: face.album_id };
  if (face.news_id !== null) return { kind: 'news', id: face.news_id };
  return { kind: 'experience', id: face.experience_id ?? 0 };
}

/**
 * The API shape of a face; `changeable` false (a child the viewer does not manage, decision 106)
 * leaves the child out, name and id.
 */
export function toReviewFace(row: FaceWithChild, changeable: boolean): ReviewFace {
  return {
    id: row.id,
    x: Number(row.x),
    y: Number(row.y),
    width: Number(row.width),
    height: Number(row.height),
    score: row.score === null ? null : Number(row.score),
    source: row.source,
    status: row.status,
    child:
      changeable && row.status === 'child' && row.child_id !== null
        ? { id: row.child_id, full_name: row.child_name ?? '' }
        : null,
    changeable,
    blur_requested: row.blur_requested_at !== null,
  };
}

/** A stored image's files and size: a photo's, a cover's, a news item's, an experience's. */
export interface ImageFiles {
  id: number;
  key: string;
  thumbKey: string;
  width: number;
  height: number;
}

/** SQL on `faces` and `face_scan_queue`, and the image files they point to. */
export class FacesRepository {
  private readonly db: Executor;

  constructor(db: Db | Executor) {
    this.db = executorOf(db);
  }

  /** The faces of images `ids` of `kind`, with their children's names, in one query. */
  async facesOf(kind: FaceImageKind, ids: readonly number[]): Promise<FaceWithChild[]> {
    if (ids.length === 0) return [];
    // As found, then as drawn: a face keeps its number on the screen.
    return this.db
      .selectFrom('faces')
      .leftJoin('children', 'children.id', 'faces.child_id')
      .selectAll('faces')
      .select('children.full_name as child_name')
      .where(`faces.${faceImageColumn(kind)}`, 'in', ids)
      .orderBy('faces.id')
      .execute();
  }

  async find(id: number): Promise<FaceWithChild | undefined> {
    return this.db
      .selectFrom('faces')
      .leftJoin('children', 'children.id', 'faces.child_id')
      .selectAll('faces')
      .select('children.full_name as child_name')
      .where('faces.id', '=', id)
      .executeTakeFirst();
  }

  /** Marks face `id`; answers whether it was still there. */
  async review(
    id: number,
    change: { status: FaceRow['status']; child_id: number | null },
    by: number,
    now: string,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('faces')
      .set({ ...change, reviewed_by: by, reviewed_at: now })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Takes a family's blur request off face `id`, recording the manager as its reviewer;
   * answers whether it had one.
   */
  async withdrawBlur(id: number, by: number, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('faces')
      .set({ blur_requested_at: null, blur_requested_by: null, reviewed_by: by, reviewed_at: now })
      .where('id', '=', id)
      .where('blur_requested_at', 'is not', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** A box a manager drew: a face, pending its review like any other. */
  async insertManual(
    image: FaceImageRef,
    box: { x: number; y: number; width: number; height: number },
    now: string,
  ): Promise<number> {
    const row = await this.db
      .insertInto('faces')
      .values({
        photo_id: null,
        album_id: null,
        news_id: null,
        experience_id: null,
        [faceImageColumn(image.kind)]: image.id,
        ...box,
        score: null,
        source: 'manual',
        status: 'pending',
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** The images among `ids` of `kind` whose faces were not looked for (decision 099). */
  async unsearched(kind: FaceImageKind, ids: readonly number[]): Promise<Set<number>> {
    return new Set(await new AccessRepository(this.db).unsearched(kind, ids));
  }

  /** Takes image `image` out of the scan queue (it has been looked at); answers whether it was in. */
  async markSearched(image: FaceImageRef): Promise<boolean> {
    const result = await this.db
      .deleteFrom('face_scan_queue')
      .where(faceImageColumn(image.kind), '=', image.id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async delete(id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('faces').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** The album a photo is in, with its title (a face's audit entry names the album). */
  photoAlbum(photoId: number): Promise<{ album_id: number } | undefined> {
    return this.db
      .selectFrom('photos')
      .select('album_id')
      .where('id', '=', photoId)
      .executeTakeFirst();
  }

  /** What an image is called in the audit trail: its album's, news item's or experience's title. */
  async imageLabel(
    image: FaceImageRef,
  ): Promise<{ type: 'album' | 'news' | 'experience'; id: number; label: string } | undefined> {
    switch (image.kind) {
      case 'photo': {
        const row = await this.db
          .selectFrom('photos')
          .innerJoin('albums', 'albums.id', 'photos.album_id')
          .select(['albums.id', 'albums.title'])
          .where('photos.id', '=', image.id)
          .executeTakeFirst();
        return row && { type: 'album', id: row.id, label: row.title };
      }
      case 'album': {
        const row = await this.db
          .selectFrom('albums')
          .select(['id', 'title'])
          .where('id', '=', image.id)
          .executeTakeFirst();
        return row && { type: 'album', id: row.id, label: row.title };
      }
      case 'news': {
        const row = await this.db
          .selectFrom('news')
          .select(['id', 'title'])
          .where('id', '=', image.id)
          .executeTakeFirst();
        return row && { type: 'news', id: row.id, label: row.title };
      }
      case 'experience': {
        const row = await this.db
          .selectFrom('experiences')
          .select(['id', 'title'])
          .where('id', '=', image.id)
          .executeTakeFirst();
        return row && { type: 'experience', id: row.id, label: row.title };
      }
    }
  }

  /** An album's cover files, or undefined (no album, or no cover). */
  async coverFiles(albumId: number): Promise<ImageFiles | undefined> {
    const row = await this.db
      .selectFrom('albums')
      .select(['id', 'cover_key', 'cover_thumb_key', 'cover_width', 'cover_height'])
      .where('id', '=', albumId)
      .executeTakeFirst();
    if (!row?.cover_key || !row.cover_thumb_key) return undefined;
    return {
      id: row.id,
      key: row.cover_key,
      thumbKey: row.cover_thumb_key,
      width: row.cover_width ?? 0,
      height: row.cover_height ?? 0,
    };
  }

  /** How many photos album `albumId` has (hidden ones too: managers review them). */
  async photoCount(albumId: number): Promise<number> {
    const row = await this.db
      .selectFrom('photos')
      .select(sql<number | string>`count(*)`.as('n'))
      .where('album_id', '=', albumId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** A page of album `albumId`'s photos, as uploaded (oldest first). */
  async photoFiles(albumId: number, offset: number, limit: number): Promise<ImageFiles[]> {
    if (limit <= 0) return [];
    const rows = await this.db
      .selectFrom('photos')
      .select(['id', 'image_key', 'thumb_key', 'width', 'height'])
      .where('album_id', '=', albumId)
      .orderBy('id')
      .offset(offset)
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      key: row.image_key,
      thumbKey: row.thumb_key,
      width: row.width,
      height: row.height,
    }));
  }

  /** A news item's or an experience's image files, or undefined (no row, or no image). */
  async publicImageFiles(kind: 'news' | 'experience', id: number): Promise<ImageFiles | undefined> {
    const table = kind === 'news' ? 'news' : 'experiences';
    const row = await this.db
      .selectFrom(table)
      .select(['id', 'image_key', 'image_thumb_key', 'image_width', 'image_height'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row?.image_key || !row.image_thumb_key) return undefined;
    return {
      id: row.id,
      key: row.image_key,
      thumbKey: row.image_thumb_key,
      width: row.image_width ?? 0,
      height: row.image_height ?? 0,
    };
  }

  /**
   * The children a face may be assigned to: the active ones, of album `albumId`'s sections when
   * it is for some (null: any), and of the sections `managed` the viewer manages (the access
   * policy's); in the sections' order, by name.
   */
  async assignableChildren(
    managed: ManagedSections,
    albumId: number | null,
    childId?: number,
  ): Promise<FaceChild[]> {
    let query = this.db
      .selectFrom('children')
      .innerJoin('sections', 'sections.id', 'children.section_id')
      .select(['children.id', 'children.full_name', 'sections.name as section'])
      .where('children.active', '=', 1)
      .where(childAssignable(albumId, managed));
    if (childId !== undefined) query = query.where('children.id', '=', childId);
    return query
      .orderBy('sections.position')
      .orderBy('sections.id')
      .orderBy('children.name_search')
      .orderBy('children.id')
      .execute();
  }

  /** Images stored (photos, covers, news and experience images), and those still to scan. */
  async scanProgress(): Promise<{ total: number; remaining: number; given_up: number }> {
    const { rows } = await sql<{
      total: number | string;
      remaining: number | string;
      given_up: number | string;
    }>`select
        (select count(*) from photos)
        + (select count(*) from albums where cover_key is not null)
        + (select count(*) from news where image_key is not null)
        + (select count(*) from experiences where image_key is not null) as total,
        (select count(*) from face_scan_queue where gave_up_at is null) as remaining,
        (select count(*) from face_scan_queue where gave_up_at is not null) as given_up`.execute(
      this.db,
    );
    const row = rows[0];
    return {
      total: Number(row?.total ?? 0),
      remaining: Number(row?.remaining ?? 0),
      given_up: Number(row?.given_up ?? 0),
    };
  }
}
