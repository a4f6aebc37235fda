import { can, SERVER_ERRORS } from '@fogata/shared';
import type { AppContext } from '../context.js';
import { executorOf } from '../db/database.js';
import { AppError } from '../lib/app-error.js';
import { ImageRenditionsRepository } from '../media/copies/copies.repository.js';
import {
  copyOpening,
  type GalleryImageKind,
  isGalleryKind,
  PENDING_PLACEHOLDER,
  type RenditionSpec,
  renditionImage,
  renditionKeys,
} from '../media/copies/copy-names.js';
import { PublicImagesRepository } from '../media/copies/public-copies.repository.js';
import { type KeyUrls, keyUrls } from '../media/media-urls.js';
import { type MediaScope, scopeUserId, viewerScope } from '../media/url-signer.js';
import { AccessRepository } from './access.repository.js';
import { type BlurPlan, blurSetKey, FaceVisibility, seesEveryFace } from './face-visibility.js';
import { openableOwnPublicCopies } from './own-public-copies.js';
import type { Viewer } from './viewer.js';

/** An image's stored files as its row has them, and whether only some viewers may see it. */
export interface ImageFiles {
  id: number;
  key: string | null;
  thumbKey: string | null;
  placeholder: string | null;
  /** A draft, a hidden photo, an album for some sections (decision 055). */
  restricted: boolean;
  /** False when the image is known to have no face (its list says): no face rule to read. */
  hasFaces?: boolean;
}

/** The copy of an image a viewer gets: its files (clean or blurred), placeholder and URLs. */
export interface ImageCopy {
  key: string | null;
  thumbKey: string | null;
  placeholder: string | null;
  urls: KeyUrls;
  /** For a blurred copy, what it is made of (to make it where it is read, as the ZIP does). */
  spec: RenditionSpec | null;
}

/** A media key a URL may open; `spec` when it is a blurred copy (made if it is missing). */
export interface Opening {
  spec: RenditionSpec | null;
}

/*
 * Who may see which album, photo and media file (decision 041, after Immich's access checks).
 * The rules: members see published albums and the photos in them that are not hidden on request;
 * scouters and admins (`gallery:review`) see drafts and hidden photos too (decision 018). And an
 * album's audience (decision 054): the whole group, or some sections; a member sees it when one
 * of their active children is in one of them, a scouter when one of their sections (or their
 * children's) is, an admin always. Whatever a viewer may not see answers as if it did not exist.
 * The SQL of these rules lives in access.repository.ts and nowhere else; a new rule is a change
 * in these two files.
 */

export type { Viewer } from './viewer.js';

/** Whether `viewer` sees draft albums and hidden photos: scouters and admins (decision 018). */
export function seesRestricted(viewer: Viewer): boolean {
  return can(viewer?.role ?? null, 'gallery:review');
}

/** Whether only managers may see an album: a draft. */
export function isRestrictedAlbum(album: { status: string }): boolean {
  return album.status === 'draft';
}

/** Whether only managers may see a photo: hidden on request, or in a draft album. */
export function isRestrictedPhoto(photo: {
  hidden_at: string | null;
  album_status: string | null;
}): boolean {
  return photo.hidden_at !== null || photo.album_status !== 'published';
}

/** The gallery's access questions, each batched over ids; a denial reads as not found. */
export class GalleryAccess {
  constructor(private readonly ctx: Pick<AppContext, 'db' | 'storage' | 'mediaUrls'>) {}

  private repo() {
    return new AccessRepository(this.ctx.db);
  }

  /** Which of the albums `ids` `viewer` may see. */
  visibleAlbumIds(viewer: Viewer, ids: readonly number[]): Promise<Set<number>> {
    return this.repo().albumIds(ids, viewer);
  }

  /** Which of the photos `ids` `viewer` may see. */
  visiblePhotoIds(viewer: Viewer, ids: readonly number[]): Promise<Set<number>> {
    return this.repo().photoIds(ids, viewer);
  }

  /** The 404 of a missing album (SERVER_ERRORS.albumNotFound) unless `viewer` may see album `id`. */
  async requireAlbum(viewer: Viewer, id: number): Promise<void> {
    if (!(await this.visibleAlbumIds(viewer, [id])).has(id)) {
      throw new AppError(404, SERVER_ERRORS.albumNotFound);
    }
  }

  /** The 404 of a missing photo (SERVER_ERRORS.photoNotFound) unless `viewer` may see photo `id`. */
  async requirePhoto(viewer: Viewer, id: number): Promise<void> {
    if (!(await this.visiblePhotoIds(viewer, [id])).has(id)) {
      throw new AppError(404, SERVER_ERRORS.photoNotFound);
    }
  }

  /**
   * Which of the members-only storage `keys` a URL of `scope` opens, by the rules as they stand
   * now: a URL without scope, what every member sees (a published whole-group album, a photo not
   * hidden in it); a viewer's URL, what that account sees today — so a link handed out before
   * the photo was hidden, the album unpublished or given to other sections, the child moved to
   * another section or the guardian unlinked, stops working at once (decision 055). And the faces
   * (decision 080): a clean file opens only when that viewer must get no face blurred in it; a
   * blurred copy, when it hides every face the viewer must get blurred (more blur is safe).
   */
  async openableKeys(scope: MediaScope | null, keys: readonly string[]): Promise<Set<string>> {
    return new Set((await this.openable(scope, keys)).keys());
  }

  /** openableKeys, with what a blurred copy is made of (to make it when it is missing). */
  async openable(scope: MediaScope | null, keys: readonly string[]): Promise<Map<string, Opening>> {
    const result = new Map<string, Opening>();
    const repo = this.repo();
    let viewer: Viewer = null;
    if (scope !== null) {
      const userId = scopeUserId(scope);
      viewer = userId === null ? null : await repo.viewer(userId);
      if (!viewer) return result;
    }
    const copies = keys.flatMap((key) => {
      const image = renditionImage(key);
      return image && isGalleryKind(image.kind) ? [{ key, kind: image.kind, id: image.id }] : [];
    });
    const copyKeys = new Set(copies.map((copy) => copy.key));
    const cleanKeys = keys.filter((key) => !copyKeys.has(key));
    const db = executorOf(this.ctx.db);
    const idsOf = (kind: GalleryImageKind) =>
      copies.filter((copy) => copy.kind === kind).map((copy) => copy.id);
    const [owners, rows, sources] = await Promise.all([
      repo.keyOwners(cleanKeys, viewer),
      new ImageRenditionsRepository(db).byKeys([...copyKeys]),
      copies.length === 0
        ? new Map<string, string>()
        : repo.visibleSources(viewer, idsOf('photo'), idsOf('album')),
    ]);
    const visibleCopies = copies.filter((copy) => sources.has(`${copy.kind}-${copy.id}`));
    const plansOf = (kind: GalleryImageKind) => {
      const ids = [
        ...[...owners.values()].filter((o) => o.kind === kind).map((o) => o.id),
        ...visibleCopies.filter((copy) => copy.kind === kind).map((copy) => copy.id),
      ];
      return new FaceVisibility(db).plans(viewer, kind, ids);
    };
    const [photoPlans, albumPlans] = await Promise.all([plansOf('photo'), plansOf('album')]);
    const planOf = (kind: GalleryImageKind, id: number): BlurPlan | undefined =>
      (kind === 'photo' ? photoPlans : albumPlans).get(id);

    for (const [key, owner] of owners) {
      if (planOf(owner.kind, owner.id)?.viewer.length === 0) result.set(key, { spec: null });
    }
    for (const copy of visibleCopies) {
      const source = sources.get(`${copy.kind}-${copy.id}`) as string;
      const needed = planOf(copy.kind, copy.id)?.viewer;
      if (!needed) continue;
      const row = rows.find((r) => r.image_key === copy.key || r.thumb_key === copy.key);
      // Not made yet and nothing to blur: this viewer is given the clean file, not a copy.
      if (!row && needed.length === 0) continue;
      const image = { kind: copy.kind, imageId: copy.id, source };
      const spec = copyOpening(this.ctx.mediaUrls, copy.key, image, needed, row);
      if (spec) result.set(copy.key, { spec });
    }
    // Decision 085: the clean originals of public images, for who reviews faces.
    if (viewer && result.size < keys.length && seesEveryFace(viewer)) {
      const originals = await new PublicImagesRepository(db).originalKeys(
        keys.filter((key) => !result.has(key)),
      );
      for (const key of originals) result.set(key, { spec: null });
    }
    // Decision 100: a family's own copy of a news item's or an experience's image.
    if (viewer && result.size < keys.length) {
      const own = await openableOwnPublicCopies(
        db,
        this.ctx.mediaUrls,
        viewer,
        keys.filter((key) => !result.has(key)),
      );
      for (const [key, opening] of own) result.set(key, opening);
    }
    return result;
  }

  /**
   * The copy of each of `images` (of `kind`) that `viewer` gets, by the face rule as it stands
   * now (decision 080): the clean files when no face must be blurred for them, else the blurred
   * copy of exactly the faces they may not see (its URL works before it is made; its placeholder
   * is a plain grey until it is). An image whose copy differs from a member's with no children
   * (a family's own child, a manager) gets the viewer's own URLs, as restricted ones do. A
   * constant number of queries for any number of images.
   */
  async copiesFor(
    viewer: Viewer,
    kind: GalleryImageKind,
    images: readonly ImageFiles[],
  ): Promise<Map<number, ImageCopy>> {
    const db = executorOf(this.ctx.db);
    const withFiles = images.filter((image) => image.key !== null && image.hasFaces !== false);
    const plans = await new FaceVisibility(db).plans(
      viewer,
      kind,
      withFiles.map((image) => image.id),
    );
    const blurred = new Map<number, { imageKey: string; thumbKey: string; spec: RenditionSpec }>();
    for (const image of withFiles) {
      const boxes = plans.get(image.id)?.viewer ?? [];
      if (boxes.length === 0 || image.key === null) continue;
      const spec = { kind, imageId: image.id, source: image.key, boxes };
      blurred.set(image.id, { ...renditionKeys(this.ctx.mediaUrls, spec), spec });
    }
    const rows = await new ImageRenditionsRepository(db).byImageKeys(
      [...blurred.values()].map((keys) => keys.imageKey),
    );
    const placeholders = new Map(rows.map((row) => [row.image_key, row.placeholder]));
    const result = new Map<number, ImageCopy>();
    for (const image of images) {
      const plan = plans.get(image.id);
      const own = plan !== undefined && blurSetKey(plan.viewer) !== blurSetKey(plan.member);
      const urls = this.urlsFor(viewer, image.restricted || own);
      const copy = blurred.get(image.id);
      result.set(
        image.id,
        copy
          ? {
              key: copy.imageKey,
              thumbKey: copy.thumbKey,
              placeholder: placeholders.get(copy.imageKey) ?? PENDING_PLACEHOLDER,
              urls,
              spec: copy.spec,
            }
          : {
              key: image.key,
              thumbKey: image.thumbKey,
              placeholder: image.placeholder,
              urls,
              spec: null,
            },
      );
    }
    return result;
  }

  /**
   * How to turn a record's storage keys into URLs for `viewer`. A `restricted` record (for some
   * sections, a hidden photo, a draft album or its photos) gets URLs of the viewer's own, which
   * open its files only while they may see it; anything else gets the shared URLs, the same for
   * everyone (and so cached alike).
   */
  urlsFor(viewer: Viewer, restricted: boolean): KeyUrls {
    return keyUrls(this.ctx.mediaUrls, restricted && viewer ? viewerScope(viewer.id) : null);
  }
}
