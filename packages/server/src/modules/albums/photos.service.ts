import {
  LIMITS,
  MSG,
  type Photo,
  type PhotosPageQuery,
  SERVER_ERRORS,
  SERVER_SUCCESS,
  type UploadFailure,
} from '@fogata/shared';
import { Access } from '../../access/access.js';
import { isRestrictedPhoto } from '../../access/gallery-access.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/database.js';
import { readGroupSettings } from '../../db/group-settings.js';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/tokens.js';
import { ImageRenditionsRepository } from '../../media/copies/copies.repository.js';
import { saveFaceSearch } from '../../media/face-rows.js';
import { SEARCH_LATER, wakeFaceScan } from '../../media/face-search.js';
import { type ImageVariants, toImageVariants } from '../../media/image-pipeline.js';
import {
  deleteMedia,
  keepMedia,
  markForDeletion,
  type StoredImage,
  storeImageVariants,
} from '../../media/media-files.js';
import type { KeyUrls } from '../../media/media-urls.js';
import { storeWholeBlurs, wholeBlurOf } from '../../media/renditions/whole-blur.js';
import type { UploadedFile } from '../../media/upload.js';
import { recordAudit } from '../audit/audit.js';
import { deleteInteractions } from '../interactions/interactions.repository.js';
import type { UserRow } from '../users/users.repository.js';
import { AlbumsRepository } from './albums.repository.js';
import { PhotosRepository, type PhotoWithCounts } from './photos.repository.js';

/** Photos are members-only media. */
export const PHOTOS_FOLDER = 'private/photos';

/** A batch to upload, its fields validated: the album, the files, a caption per file. */
export interface PhotoUpload {
  albumId: number;
  files: UploadedFile[];
  /** By the index of `files`; fewer than files leave the rest without one. */
  captions: (string | null)[];
}

/** What became of a batch: the photos that landed, and each file that did not, with why. */
export interface UploadOutcome {
  uploaded: Photo[];
  failures: UploadFailure[];
}

/** The storage keys of stored images' files. */
function keysOf(images: StoredImage[]): string[] {
  return images.flatMap((image) => [image.key, image.thumbKey]);
}

/** The API shape of a photo: files as the URLs `urls` makes of them. */
function toPhoto(row: PhotoWithCounts, urls: KeyUrls): Photo {
  return {
    id: row.id,
    album_id: row.album_id,
    image_url: urls.url(row.image_key),
    thumb_url: urls.url(row.thumb_key),
    width: row.width,
    height: row.height,
    placeholder: row.placeholder,
    description: row.description,
    likes_count: Number(row.likes_count),
    comments_count: Number(row.comments_count),
    user_has_liked: Boolean(row.user_has_liked),
    hidden: row.hidden_at !== null,
    created_at: row.created_at,
  };
}

/**
 * Deletes photo `id` in the transaction `trx`, with its likes, comments and blurred copies
 * (decision 080), its files journaled; answers their keys, to delete once `trx` commits, or null
 * when there is no such photo. A removal request deletes its photo this way, in the transaction
 * that resolves it. The photo's row is locked first, so a copy stored for it meanwhile is either
 * deleted with it or never recorded (decision 198).
 */
export async function deletePhotoIn(
  ctx: AppContext,
  trx: Executor,
  id: number,
): Promise<string[] | null> {
  const photos = new PhotosRepository(trx);
  const photo = await photos.lockFiles(id, ctx.db.dialect);
  if (!photo) return null;
  const copies = await new ImageRenditionsRepository(trx).deleteOfImages('photo', [id]);
  const keys = [photo.image_key, photo.thumb_key, ...copies];
  await markForDeletion(ctx, keys, trx);
  await deleteInteractions(trx, 'photo', [id]);
  await photos.delete(id);
  return keys;
}

/** Photos: list an album's, read one, upload a batch, delete one. */
export class PhotosService {
  constructor(private readonly ctx: AppContext) {}

  private repo() {
    return new PhotosRepository(this.ctx.db);
  }

  private access() {
    return new Access(this.ctx);
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
    await this.access().require(viewer, 'album.see', albumId);
    // Decision 014: a page when asked for one, else the whole album (the documented call).
    const asked = paging.page !== undefined || paging.limit !== undefined;
    const limit = paging.limit ?? LIMITS.photosPageSize;
    const page = asked ? { limit, offset: ((paging.page ?? 1) - 1) * limit } : undefined;
    const rows = await this.repo().listByAlbum(albumId, viewer, page);
    return this.present(viewer, rows);
  }

  /**
   * The API photos of `rows` for `viewer`: a photo hidden, in a draft or in an album for some
   * sections gets URLs of the viewer's own (decision 055); a photo with faces the viewer may not
   * see, the blurred copy's files and placeholder (decision 080). The face rule is read once for
   * all the rows.
   */
  private async present(viewer: UserRow, rows: PhotoWithCounts[]): Promise<Photo[]> {
    const copies = await this.access().copiesFor(
      viewer,
      'photo',
      rows.map((row) => ({
        id: row.id,
        key: row.image_key,
        thumbKey: row.thumb_key,
        placeholder: row.placeholder,
        restricted: isRestrictedPhoto(row) || Boolean(row.album_for_sections),
        hasFaces: Boolean(row.has_faces),
      })),
    );
    return rows.map((row) => {
      const copy = copies.get(row.id);
      if (!copy) throw new Error(`sin copia de la foto ${row.id}`);
      return toPhoto(
        {
          ...row,
          image_key: copy.key ?? row.image_key,
          thumb_key: copy.thumbKey ?? row.thumb_key,
          placeholder: copy.placeholder ?? row.placeholder,
        },
        copy.urls,
      );
    });
  }

  /** A photo; hidden, in a draft or in another section's album, a 404 to whoever may not see it. */
  async get(viewer: UserRow, id: number): Promise<Photo> {
    const row = await this.repo().find(id, viewer);
    if (!row) throw new AppError(404, SERVER_ERRORS.photoNotFound);
    const [photo] = await this.present(viewer, [row]);
    if (!photo) throw new AppError(404, SERVER_ERRORS.photoNotFound);
    return photo;
  }

  /** Sets or clears photo `id`'s caption (managers); answers with the photo. */
  async setCaption(user: UserRow, id: number, description: string | null): Promise<Photo> {
    await this.access().require(user, 'photo.see', id);
    if (!(await this.repo().setDescription(id, description))) {
      throw new AppError(404, SERVER_ERRORS.photoNotFound);
    }
    return this.get(user, id);
  }

  /** Whether `viewer` may see photo `id` (likes and comments ask; no viewer: as a member). */
  async exists(id: number, viewer?: UserRow | null): Promise<boolean> {
    return (await this.access().check(viewer, 'photo.see', [id])).has(id);
  }

  /**
   * Stores each file (one at a time, to bound memory) as display copy, thumbnail and
   * placeholder; a file that is too large, not an image or unreadable becomes a failure entry
   * while the others land. The rows go in one transaction after the files; if anything fails,
   * every file written is removed: no file and no row are left behind. The files stay journaled
   * until the rows are committed, so a crash mid-way leaves them to reconciliation. A missing
   * album is a 404.
   */
  async upload(user: UserRow, { albumId, files, captions }: PhotoUpload): Promise<UploadOutcome> {
    // A manager uploads only into an album they see (another section's is a 404 to them).
    await this.access().require(user, 'album.see', albumId);

    const stored: StoredImage[] = [];
    /** The caption of each stored image, by the same index. */
    const descriptions: (string | null)[] = [];
    /** The copy of each stored image that families get until its faces are looked for. */
    const wholeBlurs: (ImageVariants | null)[] = [];
    const { image_consent_enforced: enforced } = await readGroupSettings(this.ctx.db.kysely);
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
        wholeBlurs.push(await wholeBlurOf(this.ctx, variants, enforced));
      }
      if (stored.length === 0) return { uploaded: [], failures };
      const { db } = this.ctx;
      ids = await db.kysely.transaction().execute(async (trx) => {
        // Locked on PostgreSQL: an album deleted meanwhile makes this a 404, not orphan rows.
        if (!(await new AlbumsRepository(trx).lock(albumId, db.dialect))) {
          throw new AppError(404, SERVER_ERRORS.albumNotFound);
        }
        const now = nowIso();
        const ids = await new PhotosRepository(trx).insertMany(
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
        // In the same transaction, queued for the scan (decision 103): a photo is blurred whole
        // for families until its faces are looked for, and a restart loses none.
        for (const id of ids) await saveFaceSearch(trx, { kind: 'photo', id }, SEARCH_LATER, now);
        return ids;
      });
    } catch (err) {
      await deleteMedia(this.ctx, keysOf(stored), err);
      throw err;
    }
    // Started before anything else is awaited: a family's page may ask for them at once.
    const copies = storeWholeBlurs(
      this.ctx,
      'photo',
      ids.flatMap((id, index) => {
        const image = stored[index];
        const copy = wholeBlurs[index];
        return image && copy ? [{ id, source: image.key, copy }] : [];
      }),
    );
    await keepMedia(this.ctx, keysOf(stored));
    await copies;
    // Their faces are looked for now, off this request; the scan then has their copies made.
    wakeFaceScan(this.ctx);

    const uploaded = await this.present(user, await this.repo().findMany(ids, user.id));
    return { uploaded, failures };
  }

  /** Deletes the photo with its likes and comments (journaling its files), then its files. */
  async delete(actor: UserRow, id: number): Promise<{ message: string }> {
    await this.access().require(actor, 'photo.see', id);
    const files = await this.ctx.db.kysely.transaction().execute(async (trx) => {
      const album = await new PhotosRepository(trx).albumOf(id);
      const keys = await deletePhotoIn(this.ctx, trx, id);
      if (!keys) throw new AppError(404, SERVER_ERRORS.photoNotFound);
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

  /**
   * Photos `ids` as `viewer` gets them, in the order of `ids` ('Fotos de mi educando':
   * the caller has already kept only photos the viewer sees). Two queries for any number.
   */
  async presentByIds(viewer: UserRow, ids: number[]): Promise<Photo[]> {
    const rows = await this.repo().findMany(ids, viewer.id);
    return this.present(viewer, rows);
  }
}
