import type { RemovalStatus } from '@fogata/shared';
import type { Insertable } from 'kysely';
import { photoHideableBy } from '../../access/access.repository.js';
import type { Viewer } from '../../access/viewer.js';
import { type Db, type Executor, executorOf } from '../../db/database.js';
import type { Dialect } from '../../db/migrations/index.js';
import type { PhotoRemovalRequestsTable } from '../../db/schema.js';

/** Statuses under which the photo stays hidden from members. */
export const OPEN_STATUSES = ['pending', 'kept'] as const;

/** A request joined with its photo's thumbnail key and the names of who asked and resolved. */
export interface RemovalRequestRow {
  id: number;
  photo_id: number | null;
  album_id: number | null;
  album_title: string;
  requested_by: number | null;
  reason: string | null;
  status: RemovalStatus;
  resolution_note: string | null;
  resolved_at: string | null;
  created_at: string;
  photo_thumb_key: string | null;
  requester_name: string | null;
  resolver_name: string | null;
}

/** SQL on `photo_removal_requests`. */
export class RemovalRequestsRepository {
  private readonly db: Executor;

  constructor(db: Db | Executor) {
    this.db = executorOf(db);
  }

  /**
   * The photo `viewer` asks to hide, with its album's title, when members may see it (not hidden
   * already, in a published album) and it is in the viewer's audience; on PostgreSQL its row
   * stays locked until the transaction ends, so two requests hide it once.
   */
  findPhotoToHide(photoId: number, viewer: NonNullable<Viewer>, dialect: Dialect) {
    const query = this.db
      .selectFrom('photos')
      .innerJoin('albums', 'albums.id', 'photos.album_id')
      .select(['photos.id', 'photos.album_id', 'albums.title as album_title'])
      .where('photos.id', '=', photoId)
      .where(photoHideableBy(viewer));
    return (dialect === 'postgres' ? query.forUpdate('photos') : query).executeTakeFirst();
  }

  /** Hides photo `photoId` from members as of `now`. */
  async hidePhoto(photoId: number, now: string): Promise<void> {
    await this.db.updateTable('photos').set({ hidden_at: now }).where('id', '=', photoId).execute();
  }

  /** Shows photo `photoId` to members again. */
  async showPhoto(photoId: number): Promise<void> {
    await this.db
      .updateTable('photos')
      .set({ hidden_at: null })
      .where('id', '=', photoId)
      .execute();
  }

  private joined() {
    return this.db
      .selectFrom('photo_removal_requests as r')
      .leftJoin('photos', 'photos.id', 'r.photo_id')
      .leftJoin('users as requester', 'requester.id', 'r.requested_by')
      .leftJoin('users as resolver', 'resolver.id', 'r.resolved_by')
      .select([
        'r.id',
        'r.photo_id',
        'r.album_id',
        'r.album_title',
        'r.requested_by',
        'r.reason',
        'r.status',
        'r.resolution_note',
        'r.resolved_at',
        'r.created_at',
        'photos.thumb_key as photo_thumb_key',
        'requester.name as requester_name',
        'resolver.name as resolver_name',
      ]);
  }

  /** A member's own requests, newest first. */
  listByRequester(userId: number): Promise<RemovalRequestRow[]> {
    return this.joined()
      .where('r.requested_by', '=', userId)
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc')
      .execute();
  }

  /** Every request, newest first (the screen puts the pending ones on top). */
  listAll(): Promise<RemovalRequestRow[]> {
    return this.joined().orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').execute();
  }

  find(id: number): Promise<RemovalRequestRow | undefined> {
    return this.joined().where('r.id', '=', id).executeTakeFirst();
  }

  /** The request's row, locked until the end of the transaction on PostgreSQL. */
  lock(id: number, dialect: Dialect) {
    const query = this.db.selectFrom('photo_removal_requests').selectAll().where('id', '=', id);
    return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  }

  async insert(row: Insertable<PhotoRemovalRequestsTable>): Promise<number> {
    const inserted = await this.db
      .insertInto('photo_removal_requests')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  }

  /** Resolves request `id` with `status`, by `userId`, with an optional note. */
  async resolve(
    id: number,
    status: RemovalStatus,
    userId: number,
    note: string | null,
    at: string,
  ) {
    await this.db
      .updateTable('photo_removal_requests')
      .set({ status, resolved_by: userId, resolution_note: note, resolved_at: at })
      .where('id', '=', id)
      .execute();
  }

  /** Resolves every other open request on the photo the same way (show again, delete). */
  async resolveOthersOfPhoto(
    photoId: number,
    exceptId: number,
    status: RemovalStatus,
    userId: number,
    note: string | null,
    at: string,
  ) {
    await this.db
      .updateTable('photo_removal_requests')
      .set({ status, resolved_by: userId, resolution_note: note, resolved_at: at })
      .where('photo_id', '=', photoId)
      .where('id', '!=', exceptId)
      .where('status', 'in', [...OPEN_STATUSES])
      .execute();
  }
}
