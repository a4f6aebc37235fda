import { ACTIVITY_ERRORS, CAMP_ERRORS, canDeleteComment, SERVER_ERRORS } from '@fogata/shared';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/database.js';
import { AppError } from '../lib/app-error.js';
import { AccessRepository, type ManagedSections } from './access.repository.js';
import { ActivityAccess } from './activity-access.js';
import { CampAccess } from './camp-access.js';
import { type FaceOfImage, FaceReviewAccess, type ReviewImage } from './face-review.js';
import { FamilyAccess } from './family-access.js';
import { GalleryAccess } from './gallery-access.js';
import type { Viewer } from './viewer.js';

/*
 * The access policy's one entry (decision 121, after Immich's access checks): given a viewer and
 * what they want to do with some things of one kind, the ids they may, or the error of one they
 * may not. The rules themselves live beside it — the gallery's (gallery-access.ts), the
 * family's (family-access.ts), the activities' (activity-access.ts), the faces'
 * (face-visibility.ts, face-review.ts), image consent's (image-consent.ts) — and their SQL in
 * access.repository.ts. A new kind of thing is a new permission here, a rule beside it and its
 * queries in the repository.
 *
 * Every answer is batched: the same few queries (or none) for any number of ids, so a list asks
 * once.
 * Whatever a viewer may not see answers as if it did not exist (404); what they see but may not
 * change is a 403.
 */

/** What a viewer may be asked about, as `<kind>.<action>`. */
export type AccessPermission =
  /** See an album: published (drafts for managers) and of their audience. */
  | 'album.see'
  /** See a photo: of an album they see, not hidden on request (hidden too for managers). */
  | 'photo.see'
  /** Manage a child: an admin every one, a scouter those of their sections. */
  | 'child.manage'
  /** See a child's name: its managers and its guardians. */
  | 'child.see'
  /** Answer for a child as family: its guardians. */
  | 'child.own'
  /** Put children in a section: an admin every one, a scouter those they are assigned to. */
  | 'section.manage'
  /** Delete a comment: its author, a scouter or an admin. */
  | 'comment.delete'
  /**
   * See an activity: its managers in any state; a family once it is not a borrador, when an
   * active child of theirs is in its audience (activity-access.ts).
   */
  | 'activity.see'
  /** Manage an activity: an admin; a scouter when it is the whole group's or names a section of theirs. */
  | 'activity.manage'
  /** Go to an activity as one of its adults: its staff (camp-access.ts). */
  | 'activity.staff'
  /**
   * Read the fichas of an activity's children: its staff, from two days before it starts until it
   * ends, not cancelled (camp-access.ts).
   */
  | 'activity.camp';

/** The error of a thing a viewer may not reach, by permission. */
const DENIED: Record<AccessPermission, () => AppError> = {
  'album.see': () => new AppError(404, SERVER_ERRORS.albumNotFound),
  'photo.see': () => new AppError(404, SERVER_ERRORS.photoNotFound),
  'child.manage': () => new AppError(404, SERVER_ERRORS.childNotFound),
  'child.see': () => new AppError(404, SERVER_ERRORS.childNotFound),
  'child.own': () => new AppError(404, SERVER_ERRORS.childNotFound),
  'section.manage': () => new AppError(403, SERVER_ERRORS.sectionNotManaged),
  'comment.delete': () => new AppError(403, SERVER_ERRORS.forbidden),
  'activity.see': () => new AppError(404, ACTIVITY_ERRORS.notFound),
  'activity.manage': () => new AppError(403, ACTIVITY_ERRORS.notManaged),
  'activity.staff': () => new AppError(403, CAMP_ERRORS.notStaff),
  'activity.camp': () => new AppError(404, CAMP_ERRORS.healthNotFound),
};

/** The access policy's questions, each over a set of ids. */
export class Access {
  constructor(private readonly ctx: Pick<AppContext, 'db' | 'storage' | 'mediaUrls'>) {}

  private family() {
    return new FamilyAccess(this.ctx);
  }

  private gallery() {
    return new GalleryAccess(this.ctx);
  }

  private activities() {
    return new ActivityAccess(this.ctx);
  }

  /**
   * Which of `ids` `viewer` may `permission`. For a manager's permission on things that need
   * not exist (`child.manage`, `section.manage`), an admin gets every id back without a query:
   * whether they exist is the caller's read; `require` checks it.
   */
  check(
    viewer: Viewer,
    permission: AccessPermission,
    ids: readonly number[],
  ): Promise<Set<number>> {
    switch (permission) {
      case 'album.see':
        return this.gallery().visibleAlbumIds(viewer, ids);
      case 'photo.see':
        return this.gallery().visiblePhotoIds(viewer, ids);
      case 'child.manage':
        return this.family().managedChildIds(viewer, ids);
      case 'child.see':
        return this.family().seenChildIds(viewer, ids);
      case 'child.own':
        return this.family().ownChildIds(viewer, ids);
      case 'section.manage':
        return this.family().managedSectionIds(viewer, ids);
      case 'comment.delete':
        return this.deletableCommentIds(viewer, ids);
      case 'activity.see':
        return this.activities().visibleActivityIds(viewer, ids);
      case 'activity.manage':
        return this.activities().managedActivityIds(viewer, ids);
      case 'activity.staff':
        return new CampAccess(this.ctx).staffActivityIds(viewer, ids);
      case 'activity.camp':
        return new CampAccess(this.ctx).campActivityIds(viewer, ids);
    }
  }

  /** Which of comments `ids` `viewer` may delete, by who wrote each (one query). */
  private async deletableCommentIds(viewer: Viewer, ids: readonly number[]): Promise<Set<number>> {
    if (!viewer) return new Set();
    const authors = await new AccessRepository(this.ctx.db).commentAuthors(ids);
    const deletable = [...authors].filter(([, author]) =>
      canDeleteComment(viewer.role, viewer.id, author),
    );
    return new Set(deletable.map(([id]) => id));
  }

  /** Whether `viewer` may `permission` thing `id` (that exists, for a child). */
  async may(viewer: Viewer, permission: AccessPermission, id: number): Promise<boolean> {
    if (permission === 'child.manage') return this.family().childManaged(viewer, id);
    if (permission === 'child.see') return this.family().maySeeChild(viewer, id);
    return (await this.check(viewer, permission, [id])).has(id);
  }

  /**
   * The error of thing `id` unless `viewer` may: 404 as if missing; 403 for a section, and for an
   * activity they see but do not manage (one they do not see is a 404 there too).
   */
  async require(viewer: Viewer, permission: AccessPermission, id: number): Promise<void> {
    if (await this.may(viewer, permission, id)) return;
    if (
      (permission === 'activity.manage' || permission === 'activity.staff') &&
      !(await this.may(viewer, 'activity.see', id))
    ) {
      throw DENIED['activity.see']();
    }
    throw DENIED[permission]();
  }

  /**
   * The sections `viewer` manages, as a subquery for a list to filter by in the same query: all
   * (an admin), those they are assigned to (a scouter), none (anyone else).
   */
  managedSections(viewer: Viewer): ManagedSections {
    return this.family().managedSections(viewer);
  }

  /** Whether `viewer` manages every section (an admin), so every child, request and audience. */
  managesAll(viewer: Viewer): boolean {
    return this.managedSections(viewer).all;
  }

  /**
   * The copy of each of some images that a viewer gets: clean, or with the faces they may not
   * see blurred (the face rule), at URLs of their own when only some may see it.
   */
  copiesFor(...args: Parameters<GalleryAccess['copiesFor']>) {
    return this.gallery().copiesFor(...args);
  }

  /** The URLs of a record's files for a viewer: their own when only some may see it. */
  urlsFor(...args: Parameters<GalleryAccess['urlsFor']>) {
    return this.gallery().urlsFor(...args);
  }

  /** Whether `viewer` may review the faces of image `image` (Revisar caras). */
  mayReviewFaces(viewer: Viewer, image: ReviewImage): Promise<boolean> {
    return new FaceReviewAccess(this.ctx).mayReviewImage(viewer, image);
  }

  /** Of `faces` on images `viewer` may review, which they see named and may change. */
  changeableFaces<F extends FaceOfImage>(
    viewer: Viewer,
    faces: readonly F[],
  ): Promise<(face: F) => boolean> {
    return new FaceReviewAccess(this.ctx).changeable(viewer, faces);
  }
}

/**
 * The children `userId` is a guardian of, read in transaction `db` (whose own copies of public
 * images go when the guardian does).
 */
export function guardedChildIds(db: Executor, userId: number): Promise<Set<number>> {
  return new AccessRepository(db).guardedChildIds(userId);
}

/**
 * The addresses of the managers who see album `albumId` (who are told of a removal request in
 * it), read in transaction `db`: every admin, and the scouters of its audience.
 */
export function albumReviewerEmails(db: Executor, albumId: number): Promise<string[]> {
  return new AccessRepository(db).reviewerEmails(albumId);
}
