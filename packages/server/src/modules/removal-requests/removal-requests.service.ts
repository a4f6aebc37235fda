import {
  type MyRemovalRequest,
  type RemovalAction,
  type RemovalRequest,
  type RemovalStatus,
  ROUTES,
  SERVER_ERRORS,
  SERVER_SUCCESS,
} from '@fogata/shared';
import { Access, albumReviewerEmails } from '../../access/access.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/tokens.js';
import { removalRequestMail } from '../../mail/templates.js';
import { deleteMedia } from '../../media/media-files.js';
import { deletePhotoIn } from '../albums/photos.service.js';
import { recordAudit } from '../audit/audit.js';
import type { UserRow } from '../users/users.repository.js';
import {
  OPEN_STATUSES,
  type RemovalRequestRow,
  RemovalRequestsRepository,
} from './removal-requests.repository.js';

/** The status a request shows: an open one whose photo is gone reads as deleted. */
function statusOf(row: Pick<RemovalRequestRow, 'status' | 'photo_id'>): RemovalStatus {
  const open = (OPEN_STATUSES as readonly string[]).includes(row.status);
  return open && row.photo_id === null ? 'deleted' : row.status;
}

function toMine(row: RemovalRequestRow): MyRemovalRequest {
  return {
    id: row.id,
    photo_id: row.photo_id,
    album_id: row.album_id,
    album_title: row.album_title,
    reason: row.reason,
    status: statusOf(row),
    resolution_note: row.resolution_note,
    created_at: row.created_at,
    resolved_at: row.resolved_at,
  };
}

const RESOLVED_STATUS: Record<RemovalAction, RemovalStatus> = {
  delete: 'deleted',
  keep: 'kept',
  show: 'shown',
};

const RESOLVED_MESSAGE: Record<RemovalAction, string> = {
  delete: SERVER_SUCCESS.removalResolvedDeleted,
  keep: SERVER_SUCCESS.removalResolvedKept,
  show: SERVER_SUCCESS.removalResolvedShown,
};

/**
 * A member asks for a photo to be hidden: it is hidden from everyone but managers in the same
 * transaction, managers are mailed, and a manager resolves it: delete the photo, keep it hidden,
 * or show it again (decision 018).
 */
export class RemovalRequestsService {
  constructor(private readonly ctx: AppContext) {}

  private repo() {
    return new RemovalRequestsRepository(this.ctx.db);
  }

  /**
   * Hides photo `photoId` at once and records the request; a photo the member cannot see (hidden
   * already, in a draft, missing) is a 404. The managers' mails go out after the commit.
   */
  async request(
    user: UserRow,
    photoId: number,
    reason: string | undefined,
  ): Promise<{ message: string; request: MyRemovalRequest }> {
    const { db, config } = this.ctx;
    const id = await db.kysely.transaction().execute(async (trx) => {
      const requests = new RemovalRequestsRepository(trx);
      const photo = await requests.findPhotoToHide(photoId, user, db.dialect);
      if (!photo) throw new AppError(404, SERVER_ERRORS.photoNotFound);
      const now = nowIso();
      const id = await requests.insert({
        photo_id: photo.id,
        album_id: photo.album_id,
        album_title: photo.album_title,
        requested_by: user.id,
        reason: reason || null,
        status: 'pending',
        resolution_note: null,
        resolved_by: null,
        resolved_at: null,
        created_at: now,
      });
      await requests.hidePhoto(photo.id, now);
      await recordAudit(trx, {
        actor: user,
        action: 'photo.hidden',
        target: { type: 'photo', id: photo.id, label: photo.album_title },
        details: { request: String(id) },
      });
      // Only the managers who see the album hear of it (another section's scouter does not).
      const managers = await albumReviewerEmails(trx, photo.album_id);
      for (const email of managers) {
        const mail = removalRequestMail({
          to: email,
          groupName: config.group.name,
          albumTitle: photo.album_title,
          requesterName: user.name,
          reason: reason || null,
          link: `${config.publicUrl}${ROUTES.removalRequests.getHref()}`,
        });
        await this.ctx.mailQueue.enqueue(mail, { trx });
      }
      return id;
    });
    this.ctx.mailQueue.kick();
    const row = await this.repo().find(id);
    if (!row) throw new AppError(404, SERVER_ERRORS.removalRequestNotFound);
    return { message: SERVER_SUCCESS.removalRequested, request: toMine(row) };
  }

  /** The member's own requests and their state; never the photo itself. */
  async mine(user: UserRow): Promise<MyRemovalRequest[]> {
    const rows = await this.repo().listByRequester(user.id);
    return rows.map(toMine);
  }

  /**
   * The requests for the managers' screen, with the photo's thumbnail while it exists: those of
   * the albums the viewer sees (an admin, all; a scouter, not another section's), in two queries.
   */
  async list(viewer: UserRow): Promise<RemovalRequest[]> {
    const rows = await this.repo().listAll();
    const seen = await this.seenRequests(viewer, rows);
    return rows.filter((row) => seen(row)).map((row) => this.toFull(row, viewer));
  }

  /**
   * Whether `viewer` sees a request: an admin every one; anyone else those of an album they see
   * (of an album since deleted, none: its audience is gone with it).
   */
  private async seenRequests(viewer: UserRow, rows: RemovalRequestRow[]) {
    if (new Access(this.ctx).managesAll(viewer)) return () => true;
    const albumIds = [
      ...new Set(rows.flatMap((row) => (row.album_id === null ? [] : [row.album_id]))),
    ];
    const visible = await new Access(this.ctx).check(viewer, 'album.see', albumIds);
    return (row: RemovalRequestRow) => row.album_id !== null && visible.has(row.album_id);
  }

  private toFull(row: RemovalRequestRow, viewer: UserRow): RemovalRequest {
    return {
      ...toMine(row),
      photo_thumb: row.photo_thumb_key
        ? new Access(this.ctx).urlsFor(viewer, true).url(row.photo_thumb_key)
        : null,
      requester_name: row.requester_name,
      resolver_name: row.resolver_name,
    };
  }

  /**
   * Resolves an open request (pending, or kept hidden): `delete` removes the photo with its
   * likes, comments and files; `keep` leaves it hidden; `show` makes it visible again. Deleting
   * or showing closes every open request on that photo. A closed one is a 409.
   */
  async resolve(
    user: UserRow,
    id: number,
    action: RemovalAction,
    note: string | undefined,
  ): Promise<{ message: string; request: RemovalRequest }> {
    const { db } = this.ctx;
    const status = RESOLVED_STATUS[action];
    // Another section's request is as missing to a scouter as their album is (read before the
    // transaction: its album never changes).
    const seen = await this.repo().find(id);
    if (!seen || !(await this.seenRequests(user, [seen]))(seen)) {
      throw new AppError(404, SERVER_ERRORS.removalRequestNotFound);
    }
    const files = await db.kysely.transaction().execute(async (trx) => {
      const requests = new RemovalRequestsRepository(trx);
      const request = await requests.lock(id, db.dialect);
      if (!request) throw new AppError(404, SERVER_ERRORS.removalRequestNotFound);
      const photoId = request.photo_id;
      if (photoId === null || statusOf(request) !== request.status || !isOpen(request.status)) {
        throw new AppError(409, SERVER_ERRORS.removalRequestClosed);
      }
      const now = nowIso();
      const text = note || null;
      await requests.resolve(id, status, user.id, text, now);
      let files: string[] = [];
      if (action === 'delete') {
        await requests.resolveOthersOfPhoto(photoId, id, status, user.id, text, now);
        files = (await deletePhotoIn(this.ctx, trx, photoId)) ?? [];
      } else if (action === 'show') {
        await requests.resolveOthersOfPhoto(photoId, id, status, user.id, text, now);
        await requests.showPhoto(photoId);
      }
      await recordAudit(trx, {
        actor: user,
        action: 'hide_request.resolved',
        target: { type: 'hide_request', id, label: request.album_title },
        details: { photo: String(photoId), how: action },
      });
      return files;
    });
    await deleteMedia(this.ctx, files);
    const row = await this.repo().find(id);
    if (!row) throw new AppError(404, SERVER_ERRORS.removalRequestNotFound);
    return { message: RESOLVED_MESSAGE[action], request: this.toFull(row, user) };
  }
}

function isOpen(status: string): boolean {
  return (OPEN_STATUSES as readonly string[]).includes(status);
}
