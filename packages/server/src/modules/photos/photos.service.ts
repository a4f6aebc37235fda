import {
  LIMITS,
  MSG,
  type Photo,
  type PhotosPageQuery,
  parseId,
  SERVER_ERRORS,
  SERVER_SUCCESS,
  type UploadFailure,
  type UploadResult,
  uploadCaptionsSchema,
} from '@fogata/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import {
  deleteMedia,
  keepMedia,
  markForDeletion,
  type StoredImage,
  storeImageVariants,
  toImageVariants,
} from '../../lib/media.js';
import type { UploadedFile } from '../../lib/media-upload.js';
import { nowIso } from '../../lib/tokens.js';
import { mediaUrlsFor, seesRestricted } from '../albums/album-visibility.js';
import { AlbumsRepository } from '../albums/albums.repository.js';
import { type AuditActor, recordAudit } from '../audit/audit.js';
import { deleteInteractions } from '../interactions/interactions.repository.js';
import type { UserRow } from '../users/users.repository.js';
import { isRestricted, PhotosRepository, toPhoto } from './photos.repository.js';

/** Photos are members-only media. */
export const PHOTOS_FOLDER = 'private/photos';

/** An upload's answer and its status: 201 when a photo landed, 400 when none did. */
export interface UploadOutcome {
  status: 201 | 400;
  body: UploadResult;
}

/** Reads `albumId` from a form: a row id (see parseId), else the 400 that asks for it. */
function parseAlbumId(raw: string | undefined): number {
  const id = parseId(raw?.trim() ?? '');
  if (id === null) {
    throw new AppError(400, SERVER_ERRORS.albumIdRequired, [
      { field: 'albumId', message: SERVER_ERRORS.albumIdRequired },
    ]);
  }
  return id;
}

/**
 * Reads the upload's optional `captions` field (a JSON array, one caption or null per file in
 * the order of the `images` parts); a 400 on the field when it is not one.
 */
function parseCaptions(raw: string | undefined): (string | null)[] {
  if (raw === undefined || raw.trim() === '') return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    value = undefined;
  }
  const parsed = uploadCaptionsSchema.safeParse(value);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? MSG.photoCaptionsInvalid;
    throw new AppError(400, message, [{ field: 'captions', message }]);
  }
  return parsed.data;
}

/** The storage keys of stored images' files. */
function keysOf(images: StoredImage[]): string[] {
  return images.flatMap((image) => [image.key, image.thumbKey]);
}

/** Photos: list an album's, read one, upload a batch, delete one. */
export class PhotosService {
  constructor(private readonly ctx: AppContext) {}

  private repo() {
    return new PhotosRepository(this.ctx.db);
  }

  /**
   * The album's photos, newest first; 404 when the album does not exist or is a draft the viewer
   * may not see. Members never get a photo hidden on request (decision 018).
   */
  async listByAlbum(
    viewer: UserRow,
    albumId: number,
    paging: PhotosPageQuery = {},
  ): Promise<Photo[]> {
    const all = seesRestricted(viewer);
    if (!(await new AlbumsRepository(this.ctx.db).exists(albumId, all))) {
      throw new AppError(404, SERVER_ERRORS.albumNotFound);
    }
    // Decision 014: a page when asked for one, else the whole album (the documented call).
    const asked = paging.page !== undefined || paging.limit !== undefined;
    const limit = paging.limit ?? LIMITS.photosPageSize;
    const page = asked ? { limit, offset: ((paging.page ?? 1) - 1) * limit } : undefined;
    const rows = await this.repo().listByAlbum(albumId, viewer.id, all, page);
    return rows.map((row) => toPhoto(row, mediaUrlsFor(this.ctx, viewer, isRestricted(row))));
  }

  /** A photo; hidden or in a draft, a 404 to anyone but a manager. */
  async get(viewer: UserRow, id: number): Promise<Photo> {
    const row = await this.repo().find(id, viewer.id, seesRestricted(viewer));
    if (!row) throw new AppError(404, SERVER_ERRORS.photoNotFound);
    return toPhoto(row, mediaUrlsFor(this.ctx, viewer, isRestricted(row)));
  }

  /** Sets or clears photo `id`'s caption (managers); answers with the photo. */
  async setCaption(user: UserRow, id: number, description: string | null): Promise<Photo> {
    if (!(await this.repo().setDescription(id, description))) {
      throw new AppError(404, SERVER_ERRORS.photoNotFound);
    }
    return this.get(user, id);
  }

  /** Whether `viewer` may see photo `id` (likes and comments ask; no viewer: as a member). */
  exists(id: number, viewer?: UserRow | null): Promise<boolean> {
    return this.repo().exists(id, seesRestricted(viewer));
  }

  /**
   * Stores each file (one at a time, to bound memory) as display copy, thumbnail and
   * placeholder; a file that is too large, not an image or unreadable becomes a failure entry
   * while the others land. The rows go in one transaction after the files; if anything fails,
   * every file written is removed: no file and no row are left behind. The files stay journaled
   * until the rows are committed, so a crash mid-way leaves them to reconciliation.
   */
  async upload(
    user: UserRow,
    rawAlbumId: string | undefined,
    files: UploadedFile[],
    rawCaptions?: string,
  ): Promise<UploadOutcome> {
    const albumId = parseAlbumId(rawAlbumId);
    const captions = parseCaptions(rawCaptions);
    if (files.length === 0) {
      throw new AppError(400, MSG.imagesRequired, [
        { field: 'images', message: MSG.imagesRequired },
      ]);
    }
    if (!(await new AlbumsRepository(this.ctx.db).exists(albumId))) {
      throw new AppError(404, SERVER_ERRORS.albumNotFound);
    }

    const stored: StoredImage[] = [];
    /** The caption of each stored image, by the same index. */
    const descriptions: (string | null)[] = [];
    const failures: UploadFailure[] = [];
    let ids: number[] = [];
    try {
      for (const [index, file] of files.entries()) {
        if (file.tooLarge) {
          failures.push({ file: file.filename, error: MSG.imageTooLarge });
          continue;
        }
        let variants: Awaited<ReturnType<typeof toImageVariants>>;
        try {
          variants = await toImageVariants(file.path);
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          failures.push({ file: file.filename, error: err.message });
          continue;
        }
        stored.push(await storeImageVariants(this.ctx, PHOTOS_FOLDER, variants));
        descriptions.push(captions[index] ?? null);
      }
      if (stored.length === 0) {
        return {
          status: 400,
          body: { message: SERVER_ERRORS.uploadAllFailed, uploaded: [], failures },
        };
      }
      const { db } = this.ctx;
      ids = await db.kysely.transaction().execute(async (trx) => {
        // Locked on PostgreSQL: an album deleted meanwhile makes this a 404, not orphan rows.
        if (!(await new AlbumsRepository(trx).lock(albumId, db.dialect))) {
          throw new AppError(404, SERVER_ERRORS.albumNotFound);
        }
        const now = nowIso();
        return new PhotosRepository(trx).insertMany(
          stored.map((image, index) => ({
            album_id: albumId,
            image_key: image.key,
            thumb_key: image.thumbKey,
            placeholder: image.placeholder,
            width: image.width,
            height: image.height,
            description: descriptions[index] ?? null,
            uploaded_by: user.id,
            created_at: now,
          })),
        );
      });
    } catch (err) {
      await deleteMedia(this.ctx, keysOf(stored), err);
      throw err;
    }
    await keepMedia(this.ctx, keysOf(stored));

    const rows = await this.repo().findMany(ids, user.id);
    const uploaded = rows.map((row) =>
      toPhoto(row, mediaUrlsFor(this.ctx, user, isRestricted(row))),
    );
    const message =
      failures.length === 0
        ? SERVER_SUCCESS.photosUploaded(uploaded.length)
        : SERVER_SUCCESS.photosPartlyUploaded(uploaded.length, failures.length);
    return { status: 201, body: { message, uploaded, failures } };
  }

  /** Deletes the photo with its likes and comments (journaling its files), then its files. */
  async delete(actor: AuditActor, id: number): Promise<{ message: string }> {
    const files = await this.ctx.db.kysely.transaction().execute(async (trx) => {
      const photos = new PhotosRepository(trx);
      const photo = await photos.findFiles(id);
      if (!photo) throw new AppError(404, SERVER_ERRORS.photoNotFound);
      const album = await photos.albumOf(id);
      const keys = [photo.image_key, photo.thumb_key];
      await markForDeletion(this.ctx, keys, trx);
      await deleteInteractions(trx, 'photo', [id]);
      await photos.delete(id);
      await recordAudit(trx, {
        actor,
        action: 'photo.deleted',
        target: { type: 'photo', id, label: album?.album_title ?? null },
        details: album ? { album_id: String(album.album_id) } : undefined,
      });
      return keys;
    });
    await deleteMedia(this.ctx, files);
    return { message: SERVER_SUCCESS.photoDeleted };
  }
}
