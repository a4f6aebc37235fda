import {
  type FaceChild,
  type FaceReviewImage,
  type FaceReviewInput,
  type FaceScanProgress,
  type FaceSearchedInput,
  type NewFaceInput,
  type ReviewFace,
  SERVER_ERRORS,
} from '@fogata/shared';
import { Access } from '../../access/access.js';
import type { ManagedSections } from '../../access/access.repository.js';
import type { Viewer } from '../../access/viewer.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/tokens.js';
import type { FaceImageKind, FaceImageRef } from '../../media/face-rows.js';
import { type KeyUrls, keyUrls } from '../../media/media-urls.js';
import { facesChanged } from '../../media/renditions/face-changes.js';
import { recordAudit } from '../audit/audit.js';
import type { UserRow } from '../users/users.repository.js';
import {
  FacesRepository,
  type FaceWithChild,
  type ImageFiles,
  imageOf,
  toReviewFace,
} from './faces.repository.js';

/*
 * Revisar caras (decisions 075–077): managers see each image of an album (its
 * cover first, then its photos), of a news item or of an experience, with the boxes found or
 * drawn, and mark each face as a child of the audience, an adult, or not a face. Only managers
 * who may see the image (an album of another section is a 404 to a scouter), and a scouter names
 * and changes only the faces of the children they manage (the access policy, decision 106); each
 * save is one audit entry, without the child's name.
 */

/** A page of an album's review: the images and how many there are in all. */
export interface FaceReviewPage {
  images: FaceReviewImage[];
  total: number;
}

/** How the audit trail words each change of a face (`details.change`). */
const CHANGES = {
  pending: 'pendiente',
  child: 'educando',
  adult: 'adulto',
  not_face: 'no es una cara',
  drawn: 'dibujada',
  deleted: 'borrada',
  searched: 'imagen revisada a mano',
  unblurred: 'sin difuminar',
} as const;

export class FacesService {
  constructor(private readonly ctx: AppContext) {}

  private repo() {
    return new FacesRepository(this.ctx.db);
  }

  private access() {
    return new Access(this.ctx);
  }

  /** Whose children `viewer` may assign: those of the sections they manage. */
  private assignableBy(viewer: UserRow): ManagedSections {
    return this.access().managedSections(viewer);
  }

  /**
   * The 404 of a missing image unless `viewer` may review image `image` (the access policy: a
   * photo or an album they may see; a news item or an experience when it exists).
   */
  private async requireImage(viewer: Viewer, image: FaceImageRef): Promise<void> {
    const seen =
      (await this.access().mayReviewFaces(viewer, image)) &&
      (image.kind === 'photo' ||
        image.kind === 'album' ||
        (await this.repo().publicImageFiles(image.kind, image.id)) !== undefined);
    if (!seen) throw new AppError(404, SERVER_ERRORS.faceImageNotFound);
  }

  /** The album whose audience a face of `image` is assigned from (null: every active child). */
  private async albumOf(image: FaceImageRef): Promise<number | null> {
    if (image.kind === 'album') return image.id;
    if (image.kind === 'photo') return (await this.repo().photoAlbum(image.id))?.album_id ?? null;
    return null;
  }

  /** The review images of `files`, their faces read in one query, named as `viewer` may see them. */
  private async images(
    viewer: Viewer,
    kind: FaceImageKind,
    files: ImageFiles[],
    urls: KeyUrls,
  ): Promise<FaceReviewImage[]> {
    const ids = files.map((file) => file.id);
    const [faces, unsearched] = await Promise.all([
      this.repo().facesOf(kind, ids),
      this.repo().unsearched(kind, ids),
    ]);
    const changeable = await this.access().changeableFaces(viewer, faces);
    const byImage = new Map<number, ReviewFace[]>();
    for (const face of faces) {
      const image = imageOf(face);
      const list = byImage.get(image.id) ?? [];
      list.push(toReviewFace(face, changeable(face)));
      byImage.set(image.id, list);
    }
    return files.map((file) => ({
      kind,
      id: file.id,
      image_url: urls.url(file.key),
      thumb_url: urls.url(file.thumbKey),
      width: file.width,
      height: file.height,
      faces: byImage.get(file.id) ?? [],
      searched: !unsearched.has(file.id),
    }));
  }

  /**
   * A page of album `albumId`'s images to review: the cover first, then the photos as uploaded
   * (hidden ones too), in five queries whatever the album's size.
   */
  async albumImages(
    viewer: UserRow,
    albumId: number,
    { page, limit }: { page: number; limit: number },
  ): Promise<FaceReviewPage> {
    await this.access().require(viewer, 'album.see', albumId);
    const repo = this.repo();
    const cover = await repo.coverFiles(albumId);
    const photos = await repo.photoCount(albumId);
    const first = (page - 1) * limit;
    const withCover = cover !== undefined && first === 0;
    // The cover is the first image of page one; the photos follow it.
    const skip = cover ? Math.max(0, first - 1) : first;
    const files = await repo.photoFiles(albumId, skip, withCover ? limit - 1 : limit);
    const urls = this.access().urlsFor(viewer, true);
    const images = [
      ...(withCover && cover ? await this.images(viewer, 'album', [cover], urls) : []),
      ...(await this.images(viewer, 'photo', files, urls)),
    ];
    return { images, total: photos + (cover ? 1 : 0) };
  }

  /** A news item's or an experience's image to review (a list of one). */
  async publicImage(
    viewer: UserRow,
    kind: 'news' | 'experience',
    id: number,
  ): Promise<FaceReviewImage[]> {
    const files = await this.repo().publicImageFiles(kind, id);
    if (!files || !(await this.access().mayReviewFaces(viewer, { kind, id }))) {
      throw new AppError(
        404,
        kind === 'news' ? SERVER_ERRORS.newsNotFound : SERVER_ERRORS.experienceNotFound,
      );
    }
    return this.images(viewer, kind, [files], keyUrls(this.ctx.mediaUrls));
  }

  /**
   * The children `viewer` may assign a face to: of album `albumId`'s audience (any active child
   * when it is the whole group's, or for a news item's or an experience's image: null), and a
   * scouter only their sections'.
   */
  async children(viewer: UserRow, albumId: number | null): Promise<FaceChild[]> {
    if (albumId !== null) await this.access().require(viewer, 'album.see', albumId);
    return this.repo().assignableChildren(this.assignableBy(viewer), albumId);
  }

  /**
   * The face `id` with its image, for `viewer` to change: the 404 of a face on an image they may
   * not review, the 403 of a face of a child they do not manage (decision 106).
   */
  private async requireChangeableFace(viewer: UserRow, id: number): Promise<FaceWithChild> {
    const face = await this.repo().find(id);
    if (!face || !(await this.access().mayReviewFaces(viewer, imageOf(face)))) {
      throw new AppError(404, SERVER_ERRORS.faceNotFound);
    }
    if (!(await this.access().changeableFaces(viewer, [face]))(face)) {
      throw new AppError(403, SERVER_ERRORS.faceOtherSection);
    }
    return face;
  }

  /** The face as the API gives `viewer` it, read again. */
  private async present(viewer: UserRow, id: number): Promise<ReviewFace> {
    const face = await this.repo().find(id);
    if (!face) throw new AppError(404, SERVER_ERRORS.faceNotFound);
    return toReviewFace(face, (await this.access().changeableFaces(viewer, [face]))(face));
  }

  /** One audit entry for a change of a face: the image's album, news item or experience. */
  private async audit(
    trx: Executor,
    actor: UserRow,
    image: FaceImageRef,
    change: keyof typeof CHANGES,
  ): Promise<void> {
    const target = await new FacesRepository(trx).imageLabel(image);
    if (!target) return;
    await recordAudit(trx, {
      actor,
      action: 'faces.reviewed',
      target,
      details: {
        image: image.kind === 'album' ? 'portada' : image.kind === 'photo' ? 'foto' : 'imagen',
        ...(image.kind === 'photo' && { photo_id: String(image.id) }),
        change: CHANGES[change],
      },
    });
  }

  /**
   * Marks face `id` as a child (one `viewer` may assign in this image), an adult, not a face, or
   * pending again; records who and when.
   */
  async review(viewer: UserRow, id: number, input: FaceReviewInput): Promise<ReviewFace> {
    const face = await this.requireChangeableFace(viewer, id);
    const image = imageOf(face);
    const childId = input.status === 'child' ? (input.child_id ?? null) : null;
    if (childId !== null) {
      const offered = await this.repo().assignableChildren(
        this.assignableBy(viewer),
        await this.albumOf(image),
        childId,
      );
      if (offered.length === 0) throw new AppError(400, SERVER_ERRORS.faceChildNotOffered);
    }
    await this.ctx.db.kysely.transaction().execute(async (trx) => {
      const repo = new FacesRepository(trx);
      const changed = await repo.review(
        id,
        { status: input.status, child_id: childId },
        viewer.id,
        nowIso(),
      );
      if (!changed) throw new AppError(404, SERVER_ERRORS.faceNotFound);
      await this.audit(trx, viewer, image, input.status);
    });
    await facesChanged(this.ctx, image.kind, [image.id]);
    return this.present(viewer, id);
  }

  /**
   * 'Dejar de difuminar' in Revisar caras (decision 096): takes a family's blur request off face
   * `id`, as a family that changed its mind asks a manager to. The face rule then shows it only
   * where consent allows. Idempotent: a face with no request is answered as it is.
   */
  async unblur(viewer: UserRow, id: number): Promise<ReviewFace> {
    const face = await this.requireChangeableFace(viewer, id);
    const image = imageOf(face);
    const changed = await this.ctx.db.kysely.transaction().execute(async (trx) => {
      if (!(await new FacesRepository(trx).withdrawBlur(id, viewer.id, nowIso()))) return false;
      await this.audit(trx, viewer, image, 'unblurred');
      return true;
    });
    if (changed) await facesChanged(this.ctx, image.kind, [image.id]);
    return this.present(viewer, id);
  }

  /** A box `viewer` drew on an image they may see, for a face the detector missed. */
  async draw(viewer: UserRow, input: NewFaceInput): Promise<ReviewFace> {
    const image: FaceImageRef = input.image;
    await this.requireImage(viewer, image);
    const id = await this.ctx.db.kysely.transaction().execute(async (trx) => {
      const id = await new FacesRepository(trx).insertManual(image, input.box, nowIso());
      await this.audit(trx, viewer, image, 'drawn');
      return id;
    });
    await facesChanged(this.ctx, image.kind, [image.id]);
    return this.present(viewer, id);
  }

  /** Deletes a box drawn by hand; one the detector found is marked 'not a face' instead (409). */
  async remove(viewer: UserRow, id: number): Promise<void> {
    const face = await this.requireChangeableFace(viewer, id);
    if (face.source !== 'manual') throw new AppError(409, SERVER_ERRORS.faceDetectorNotDeletable);
    const image = imageOf(face);
    await this.ctx.db.kysely.transaction().execute(async (trx) => {
      if (!(await new FacesRepository(trx).delete(id))) {
        throw new AppError(404, SERVER_ERRORS.faceNotFound);
      }
      await this.audit(trx, viewer, image, 'deleted');
    });
    await facesChanged(this.ctx, image.kind, [image.id]);
  }

  /**
   * `viewer` has looked at image `image`, which the detector could not search, and drawn what
   * faces it has: it leaves the scan queue and is no longer blurred whole (decision 099). Saying
   * it of an image already searched changes nothing.
   */
  async markSearched(viewer: UserRow, input: FaceSearchedInput): Promise<void> {
    const image: FaceImageRef = input.image;
    await this.requireImage(viewer, image);
    const changed = await this.ctx.db.kysely.transaction().execute(async (trx) => {
      if (!(await new FacesRepository(trx).markSearched(image))) return false;
      await this.audit(trx, viewer, image, 'searched');
      return true;
    });
    if (changed) await facesChanged(this.ctx, image.kind, [image.id]);
  }

  /** The background scan's progress: images in all, those still queued, those given up on. */
  scanProgress(): Promise<FaceScanProgress> {
    return this.repo().scanProgress();
  }
}
