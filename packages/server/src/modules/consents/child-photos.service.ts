import { type ChildPhoto, ROUTES, SERVER_ERRORS, SERVER_SUCCESS } from '@fogata/shared';
import { Access, albumReviewerEmails } from '../../access/access.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/tokens.js';
import { faceBlurRequestMail } from '../../mail/templates.js';
import { facesChanged } from '../../media/renditions/face-changes.js';
import { PhotosService } from '../albums/photos.service.js';
import { recordAudit } from '../audit/audit.js';
import type { UserRow } from '../users/users.repository.js';
import { ConsentsRepository } from './consents.repository.js';

/**
 * 'Fotos de mi educando' (decision 073): a guardian sees, among the photos they
 * may see, those where a manager assigned a face to their child, and may ask for the child to be
 * blurred in one of them. The request marks the child's faces in that photo; the face rule
 * (access/face-visibility) then blurs them for everyone but the managers, and the managers who
 * see the album are mailed, as with a removal request. Any guardian of the child may take the
 * request back (decision 096).
 */
export class ChildPhotosService {
  private readonly access: Access;

  constructor(private readonly ctx: AppContext) {
    this.access = new Access(ctx);
  }

  /** A page of the photos, newest first, with whether a blur was asked in each; five queries. */
  async list(
    viewer: UserRow,
    childId: number,
    page: { page: number; limit: number },
  ): Promise<{ photos: ChildPhoto[]; total: number }> {
    await this.access.require(viewer, 'child.own', childId);
    const repo = new ConsentsRepository(this.ctx.db);
    const [ids, total] = await Promise.all([
      repo.childPhotoPage(childId, viewer, {
        offset: (page.page - 1) * page.limit,
        limit: page.limit,
      }),
      repo.childPhotoCount(childId, viewer),
    ]);
    const [photos, faces] = await Promise.all([
      new PhotosService(this.ctx).presentByIds(viewer, ids),
      repo.childFaces(childId, ids),
    ]);
    // A photo is done when every face of the child in it is marked.
    const pending = new Set(
      faces.filter((f) => f.blur_requested_at === null).map((f) => f.photo_id),
    );
    return {
      photos: photos.map((photo) => ({ ...photo, blur_requested: !pending.has(photo.id) })),
      total,
    };
  }

  /**
   * Blurs child `childId` in photo `photoId` for everyone (but the managers). Idempotent: when
   * every face of the child there is already marked, nothing new is written nor sent.
   */
  async requestBlur(
    viewer: UserRow,
    childId: number,
    photoId: number,
  ): Promise<{ message: string; blur_requested: true }> {
    await this.access.require(viewer, 'child.own', childId);
    const { config } = this.ctx;
    const changed = await this.ctx.db.kysely.transaction().execute(async (trx) => {
      const repo = new ConsentsRepository(trx);
      const photo = await repo.shownPhoto(photoId, viewer);
      const faces = photo ? await repo.childFaces(childId, [photoId]) : [];
      if (!photo || faces.length === 0) throw new AppError(404, SERVER_ERRORS.childPhotoNotFound);
      const toMark = faces.filter((f) => f.blur_requested_at === null).map((f) => f.id);
      if (toMark.length === 0) return false;
      if ((await repo.requestBlur(toMark, viewer.id, nowIso())) === 0) return false;
      await recordAudit(trx, {
        actor: viewer,
        action: 'face.blur_requested',
        target: { type: 'photo', id: photo.id, label: photo.album_title },
        details: { child: String(childId) },
      });
      const managers = await albumReviewerEmails(trx, photo.album_id);
      for (const email of managers) {
        const mail = faceBlurRequestMail({
          to: email,
          groupName: config.group.name,
          albumTitle: photo.album_title,
          requesterName: viewer.name,
          link: `${config.publicUrl}${ROUTES.album.getHref(photo.album_id)}`,
        });
        await this.ctx.mailQueue.enqueue(mail, { trx });
      }
      return true;
    });
    if (changed) {
      this.ctx.mailQueue.kick();
      await facesChanged(this.ctx, 'photo', [photoId]);
    }
    return { message: SERVER_SUCCESS.blurRequested, blur_requested: true };
  }

  /**
   * 'Dejar de difuminar' (decision 096): takes the blur request off child `childId`'s faces in
   * photo `photoId`, asked by any guardian of the child (not only the one who pressed it). The
   * face rule then shows the face again only where consent allows; nothing else changes.
   * Idempotent: with nothing marked, nothing is written. Audited as the request is; no mail: the
   * managers have nothing to do about it.
   */
  async withdrawBlur(
    viewer: UserRow,
    childId: number,
    photoId: number,
  ): Promise<{ message: string; blur_requested: false }> {
    await this.access.require(viewer, 'child.own', childId);
    const changed = await this.ctx.db.kysely.transaction().execute(async (trx) => {
      const repo = new ConsentsRepository(trx);
      const photo = await repo.shownPhoto(photoId, viewer);
      const faces = photo ? await repo.childFaces(childId, [photoId]) : [];
      if (!photo || faces.length === 0) throw new AppError(404, SERVER_ERRORS.childPhotoNotFound);
      const marked = faces.filter((f) => f.blur_requested_at !== null).map((f) => f.id);
      if ((await repo.withdrawBlur(marked)) === 0) return false;
      await recordAudit(trx, {
        actor: viewer,
        action: 'face.blur_withdrawn',
        target: { type: 'photo', id: photo.id, label: photo.album_title },
        details: { child: String(childId) },
      });
      return true;
    });
    if (changed) await facesChanged(this.ctx, 'photo', [photoId]);
    return { message: SERVER_SUCCESS.blurWithdrawn, blur_requested: false };
  }
}
