import { can, SERVER_ERRORS } from '@fogata/shared';
import type { AppContext } from '../context.js';
import { AppError } from '../lib/app-error.js';
import { isPrivateKey, type MediaStorage } from '../media/storage/storage.js';
import { MANAGER_SCOPE, type MediaScope } from '../media/url-signer.js';
import { GalleryAccessRepository } from './gallery-access.repository.js';
import type { Viewer } from './viewer.js';

/*
 * Who may see which album, photo and media file (decision 041, after Immich's access checks).
 * Today's rules (decision 018): members see published albums and the photos in them that are
 * not hidden on request; scouters and admins (`gallery:review`) see drafts and hidden photos too.
 * Whatever a viewer may not see answers as if it did not exist. The SQL of these rules lives in
 * gallery-access.repository.ts and nowhere else; a new rule is a change in these two files.
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

/** Whether `viewer` may see a photo whose row (and its album's status) is at hand. */
export function maySeePhoto(
  viewer: Viewer,
  photo: { hidden_at: string | null; album_status: string | null },
): boolean {
  return seesRestricted(viewer) || !isRestrictedPhoto(photo);
}

/** The gallery's access questions, each batched over ids; a denial reads as not found. */
export class GalleryAccess {
  constructor(private readonly ctx: Pick<AppContext, 'db' | 'storage' | 'mediaUrls'>) {}

  private repo() {
    return new GalleryAccessRepository(this.ctx.db);
  }

  /** Which of the albums `ids` `viewer` may see. */
  visibleAlbumIds(viewer: Viewer, ids: readonly number[]): Promise<Set<number>> {
    return this.repo().albumIds(ids, seesRestricted(viewer));
  }

  /** Which of the photos `ids` `viewer` may see. */
  visiblePhotoIds(viewer: Viewer, ids: readonly number[]): Promise<Set<number>> {
    return this.repo().photoIds(ids, seesRestricted(viewer));
  }

  /** The 404 of a missing album (SERVER_ERRORS.albumNotFound) unless `viewer` may see album `id`. */
  async requireAlbum(viewer: Viewer, id: number): Promise<void> {
    if (!(await this.visibleAlbumIds(viewer, [id])).has(id)) {
      throw new AppError(404, SERVER_ERRORS.albumNotFound);
    }
  }

  /**
   * Which of the members-only storage `keys` a URL of `scope` opens: a manager's URL opens them
   * all; a plain one none that belongs to a hidden photo or a draft, so a link handed out before
   * the photo was hidden (or the album unpublished) stops working at once.
   */
  async openableKeys(scope: MediaScope | null, keys: readonly string[]): Promise<Set<string>> {
    if (scope === MANAGER_SCOPE) return new Set(keys);
    const restricted = await this.repo().restrictedKeys(keys);
    return new Set(keys.filter((key) => !restricted.has(key)));
  }

  /**
   * How to turn a record's storage keys into URLs for `viewer`. A `restricted` record (a hidden
   * photo, a draft album or its photos) gets manager-scoped URLs, which still open its files;
   * anything else gets the usual URLs, the same for everyone (and so cached alike).
   */
  urlsFor(viewer: Viewer, restricted: boolean): Pick<MediaStorage, 'url'> {
    const { storage, mediaUrls } = this.ctx;
    if (!restricted || !seesRestricted(viewer)) return storage;
    return {
      url: (key) =>
        isPrivateKey(key) ? mediaUrls.url(key, undefined, MANAGER_SCOPE) : storage.url(key),
    };
  }
}
