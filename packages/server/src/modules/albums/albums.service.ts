import {
  type Album,
  type AlbumMutationResult,
  MSG,
  SERVER_ERRORS,
  SERVER_SUCCESS,
} from '@fogata/shared';
import { GalleryAccess, isRestrictedAlbum, seesRestricted } from '../../access/gallery-access.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/tokens.js';
import { toImageVariants } from '../../media/image-pipeline.js';
import {
  deleteMedia,
  keepMedia,
  markForDeletion,
  type StoredImage,
  storeImageVariants,
} from '../../media/media-files.js';
import type { UploadedFile } from '../../media/upload.js';
import { type AuditActor, recordAudit } from '../audit/audit.js';
import { deleteInteractions } from '../interactions/interactions.repository.js';
import { PhotosRepository } from '../photos/photos.repository.js';
import type { UserRow } from '../users/users.repository.js';
import { AlbumsRepository, toAlbum } from './albums.repository.js';

/** Album covers are members-only media. */
export const ALBUM_COVERS_FOLDER = 'private/albums';

export interface AlbumForm {
  title: string;
  /** undefined: unchanged (on update) or none (on create); blank: none. */
  description?: string;
  /**
   * On create: false makes a draft only managers see; undefined follows ALBUMS_DRAFT_BY_DEFAULT
   * (unset: published at once, as SPEC says).
   */
  publish?: boolean;
}

/** Turns a cover upload into stored variants; a file over 25 MB is a 413. */
async function storeCover(ctx: AppContext, file: UploadedFile): Promise<StoredImage> {
  if (file.tooLarge) throw new AppError(413, MSG.imageTooLarge);
  return storeImageVariants(ctx, ALBUM_COVERS_FOLDER, await toImageVariants(file.path));
}

function coverColumns(cover: StoredImage) {
  return {
    cover_key: cover.key,
    cover_thumb_key: cover.thumbKey,
    cover_placeholder: cover.placeholder,
    cover_width: cover.width,
    cover_height: cover.height,
  };
}

/** Albums: list, read, create, edit and delete (with their photos, files, likes and comments). */
export class AlbumsService {
  constructor(private readonly ctx: AppContext) {}

  private repo() {
    return new AlbumsRepository(this.ctx.db);
  }

  /** The albums `viewer` may see: managers get drafts too (decision 018). */
  async list(viewer: UserRow): Promise<Album[]> {
    const rows = await this.repo().list(seesRestricted(viewer));
    const access = new GalleryAccess(this.ctx);
    return rows.map((row) => toAlbum(row, access.urlsFor(viewer, isRestrictedAlbum(row))));
  }

  /** An album; a draft is a 404 to anyone but a manager. */
  async get(viewer: UserRow, id: number): Promise<Album> {
    const row = await this.repo().find(id, seesRestricted(viewer));
    if (!row) throw new AppError(404, SERVER_ERRORS.albumNotFound);
    return toAlbum(row, new GalleryAccess(this.ctx).urlsFor(viewer, isRestrictedAlbum(row)));
  }

  /**
   * Publishes a draft (every member sees it at once) or turns a published album back into a
   * draft; photos hidden on request stay hidden either way.
   */
  async setPublished(user: UserRow, id: number, published: boolean): Promise<AlbumMutationResult> {
    const status = published ? 'published' : 'draft';
    await this.ctx.db.kysely.transaction().execute(async (trx) => {
      const album = await new AlbumsRepository(trx).lock(id, this.ctx.db.dialect);
      if (!album) throw new AppError(404, SERVER_ERRORS.albumNotFound);
      if (album.status === status) return;
      // The digest lists albums by when they were last published (decision 022).
      await new AlbumsRepository(trx).update(id, {
        status,
        published_at: published ? nowIso() : null,
      });
      await recordAudit(trx, {
        actor: user,
        action: published ? 'album.published' : 'album.unpublished',
        target: { type: 'album', id, label: album.title },
      });
    });
    return {
      message: published ? SERVER_SUCCESS.albumPublished : SERVER_SUCCESS.albumUnpublished,
      album: await this.get(user, id),
    };
  }

  /** Whether album `id` exists (the photos module asks before an upload). */
  exists(id: number): Promise<boolean> {
    return this.repo().exists(id);
  }

  /** Creates an album; the cover is required (checked by the route) and stored before the row. */
  async create(
    user: UserRow,
    form: AlbumForm,
    coverFile: UploadedFile,
  ): Promise<AlbumMutationResult> {
    const cover = await storeCover(this.ctx, coverFile);
    const now = nowIso();
    const published = form.publish ?? !this.ctx.config.albumsDraftByDefault;
    let id: number;
    try {
      id = await this.repo().insert({
        title: form.title,
        description: form.description || null,
        ...coverColumns(cover),
        status: published ? 'published' : ('draft' as const),
        published_at: published ? now : null,
        created_by: user.id,
        created_at: now,
        updated_at: now,
      });
    } catch (err) {
      await deleteMedia(this.ctx, [cover.key, cover.thumbKey]);
      throw err;
    }
    await keepMedia(this.ctx, [cover.key, cover.thumbKey]);
    return { message: SERVER_SUCCESS.albumCreated, album: await this.get(user, id) };
  }

  /**
   * Edits title and description; a new cover replaces the old one, whose files are journaled
   * before the row changes and deleted after.
   */
  async update(
    user: UserRow,
    id: number,
    form: AlbumForm,
    coverFile: UploadedFile | undefined,
  ): Promise<AlbumMutationResult> {
    const before = await this.repo().findRow(id);
    if (!before) throw new AppError(404, SERVER_ERRORS.albumNotFound);
    const cover = coverFile ? await storeCover(this.ctx, coverFile) : null;
    const added = cover ? [cover.key, cover.thumbKey] : [];
    const old = [before.cover_key, before.cover_thumb_key];
    let updated: boolean;
    try {
      if (cover) await markForDeletion(this.ctx, old);
      updated = await this.repo().update(id, {
        title: form.title,
        ...(form.description !== undefined && { description: form.description || null }),
        ...(cover && coverColumns(cover)),
        updated_at: nowIso(),
      });
    } catch (err) {
      await deleteMedia(this.ctx, added);
      throw err;
    }
    if (!updated) {
      await deleteMedia(this.ctx, added);
      throw new AppError(404, SERVER_ERRORS.albumNotFound);
    }
    if (cover) {
      await keepMedia(this.ctx, added);
      await deleteMedia(this.ctx, old);
    }
    return { message: SERVER_SUCCESS.albumUpdated, album: await this.get(user, id) };
  }

  /**
   * Deletes the album with its photos and their likes and comments in one transaction (which
   * journals their files), then their files and the cover's.
   */
  async delete(actor: AuditActor, id: number): Promise<{ message: string }> {
    const { db } = this.ctx;
    const files = await db.kysely.transaction().execute(async (trx) => {
      const albums = new AlbumsRepository(trx);
      const album = await albums.lock(id, db.dialect);
      if (!album) throw new AppError(404, SERVER_ERRORS.albumNotFound);
      const photos = new PhotosRepository(trx);
      const photoFiles = await photos.filesOfAlbum(id);
      await deleteInteractions(
        trx,
        'photo',
        photoFiles.map((p) => p.id),
      );
      const files = [
        album.cover_key,
        album.cover_thumb_key,
        ...photoFiles.flatMap((p) => [p.image_key, p.thumb_key]),
      ];
      await markForDeletion(this.ctx, files, trx);
      await photos.deleteByAlbum(id);
      await albums.delete(id);
      await recordAudit(trx, {
        actor,
        action: 'album.deleted',
        target: { type: 'album', id, label: album.title },
        details: { photos: String(photoFiles.length) },
      });
      return files;
    });
    await deleteMedia(this.ctx, files);
    return { message: SERVER_SUCCESS.albumDeleted };
  }
}
