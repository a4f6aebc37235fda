import { can, SERVER_ERRORS } from '@fogata/shared';
import type { AppContext } from '../context.js';
import { AppError } from '../lib/app-error.js';
import { isPrivateKey, type MediaStorage } from '../media/storage/storage.js';
import { type MediaScope, scopeUserId, viewerScope } from '../media/url-signer.js';
import { seesEveryFace } from './face-visibility.js';
import { GalleryAccessRepository } from './gallery-access.repository.js';
import { PublicImagesRepository } from './public-images.repository.js';
import type { Viewer } from './viewer.js';

/*
 * Who may see which album, photo and media file (decision 041, after Immich's access checks).
 * The rules: members see published albums and the photos in them that are not hidden on request;
 * scouters and admins (`gallery:review`) see drafts and hidden photos too (decision 018). And an
 * album's audience (decision 054): the whole group, or some sections; a member sees it when one
 * of their active children is in one of them, a scouter when one of their sections (or their
 * children's) is, an admin always. Whatever a viewer may not see answers as if it did not exist.
 * The SQL of these rules lives in gallery-access.repository.ts and nowhere else; a new rule is a
 * change in these two files.
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
    return new GalleryAccessRepository(this.ctx.db);
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
   * another section or the guardian unlinked, stops working at once (decision 055).
   */
  async openableKeys(scope: MediaScope | null, keys: readonly string[]): Promise<Set<string>> {
    const repo = this.repo();
    if (scope === null) return repo.visibleKeys(keys, null);
    const userId = scopeUserId(scope);
    const viewer = userId === null ? null : await repo.viewer(userId);
    if (!viewer) return new Set();
    const visible = await repo.visibleKeys(keys, viewer);
    // Issue #25 (pub, decision 085): the clean originals of public images, for who reviews faces.
    if (visible.size < keys.length && seesEveryFace(viewer)) {
      const originals = await new PublicImagesRepository(this.ctx.db.kysely).originalKeys(
        keys.filter((key) => !visible.has(key)),
      );
      for (const key of originals) visible.add(key);
    }
    return visible;
  }

  /**
   * How to turn a record's storage keys into URLs for `viewer`. A `restricted` record (for some
   * sections, a hidden photo, a draft album or its photos) gets URLs of the viewer's own, which
   * open its files only while they may see it; anything else gets the shared URLs, the same for
   * everyone (and so cached alike).
   */
  urlsFor(viewer: Viewer, restricted: boolean): Pick<MediaStorage, 'url'> {
    const { storage, mediaUrls } = this.ctx;
    if (!restricted || !viewer) return storage;
    const scope = viewerScope(viewer.id);
    return {
      url: (key) => (isPrivateKey(key) ? mediaUrls.url(key, undefined, scope) : storage.url(key)),
    };
  }
}
