import {
  type Album,
  type AlbumMutationResult,
  MSG,
  SERVER_ERRORS,
  SERVER_SUCCESS,
  type SectionRef,
} from '@fogata/shared';
import { Access } from '../../access/access.js';
import { isRestrictedAlbum } from '../../access/gallery-access.js';
import type { AppContext } from '../../context.js';
import { readGroupSettings } from '../../db/group-settings.js';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/tokens.js';
import { ImageRenditionsRepository } from '../../media/copies/copies.repository.js';
import { replaceFaceSearch, saveFaceSearch } from '../../media/face-rows.js';
import { type FaceSearch, SEARCH_LATER, wakeFaceScan } from '../../media/face-search.js';
import { toImageVariants } from '../../media/image-pipeline.js';
import {
  deleteMedia,
  keepMedia,
  markForDeletion,
  type StoredImage,
  storeImageVariants,
} from '../../media/media-files.js';
import type { KeyUrls } from '../../media/media-urls.js';
import { queueCopiesIn, wakeCopies } from '../../media/renditions/rendition-worker.js';
import type { UploadedFile } from '../../media/upload.js';
import { recordAudit } from '../audit/audit.js';
import { deleteInteractions } from '../interactions/interactions.repository.js';
import type { UserRow } from '../users/users.repository.js';
import {
  AlbumsRepository,
  type AlbumWithCounts,
  type AudienceSection,
} from './albums.repository.js';
import { PhotosRepository } from './photos.repository.js';

/** Album covers are members-only media. */
export const ALBUM_COVERS_FOLDER = 'private/albums';

export interface AlbumForm {
  title: string;
  /** undefined: unchanged (on update) or none (on create); blank: none. */
  description?: string;
  /**
   * On create: false makes a draft only managers see; undefined follows ALBUMS_DRAFT_BY_DEFAULT
   * (unset: published at once, the product's default).
   */
  publish?: boolean;
  /**
   * The audience's section ids: empty, the whole group; undefined, the whole group on
   * create and unchanged on an edit.
   * (unset: published at once).
   * The audience's section ids (decision 054): empty, the whole group; undefined, the whole group
   * on create and unchanged on an edit.
   */
  sections?: number[];
}

/** An audience as the audit trail words it: the sections' names, or the whole group. */
function audienceLabel(sections: { name: string }[]): string {
  return sections.length === 0 ? 'Todo el grupo' : sections.map((s) => s.name).join(', ');
}

/** The API's audience: the badges' data, without whether a section is retired. */
function toRefs(sections: AudienceSection[] | undefined): SectionRef[] {
  return (sections ?? []).map(({ id, name, colour }) => ({ id, name, colour }));
}

/**
 * Turns a cover upload into stored variants, its faces looked for by the scan after the row is in
 * (decision 103); a file over 25 MB is a 413.
 */
async function storeCover(
  ctx: AppContext,
  file: UploadedFile,
): Promise<StoredImage & { faces: FaceSearch }> {
  if (file.tooLarge) throw new AppError(413, MSG.imageTooLarge);
  const variants = await toImageVariants(file.path);
  return { ...(await storeImageVariants(ctx, ALBUM_COVERS_FOLDER, variants)), faces: SEARCH_LATER };
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

/**
 * The API shape of an album: cover files as the URLs `urls` makes of them, counts summed over
 * its photos, and its audience (empty: the whole group).
 */
function toAlbum(row: AlbumWithCounts, urls: KeyUrls, audience: SectionRef[]): Album {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    cover: urls.urlOf(row.cover_key),
    cover_thumb: urls.urlOf(row.cover_thumb_key),
    cover_placeholder: row.cover_placeholder,
    cover_width: row.cover_width,
    cover_height: row.cover_height,
    likes_count: Number(row.likes_count),
    comments_count: Number(row.comments_count),
    photos_count: Number(row.photos_count),
    published: row.status === 'published',
    audience,
    ...(row.faces_to_review !== undefined && { faces_to_review: Number(row.faces_to_review) }),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Albums: list, read, create, edit and delete (with their photos, files, likes and comments). */
export class AlbumsService {
  constructor(private readonly ctx: AppContext) {}

  private repo() {
    return new AlbumsRepository(this.ctx.db);
  }

  private access() {
    return new Access(this.ctx);
  }

  /**
   * The API albums of `rows` for `viewer`, their audiences read in one query for them all. An
   * album for some sections, or a draft, gets cover URLs of the viewer's own (decision 055).
   */
  private async present(viewer: UserRow, rows: AlbumWithCounts[]): Promise<Album[]> {
    const audiences = await this.repo().audiences(rows.map((row) => row.id));
    // The cover's faces (decision 080): the viewer's copy of it, read for all the rows at once.
    const copies = await this.access().copiesFor(
      viewer,
      'album',
      rows.map((row) => ({
        id: row.id,
        key: row.cover_key,
        thumbKey: row.cover_thumb_key,
        placeholder: row.cover_placeholder,
        restricted: isRestrictedAlbum(row) || audiences.has(row.id),
        hasFaces: Boolean(row.has_faces),
      })),
    );
    return rows.map((row) => {
      const copy = copies.get(row.id);
      if (!copy) throw new Error(`sin copia de la portada del álbum ${row.id}`);
      const shown = {
        ...row,
        cover_key: copy.key,
        cover_thumb_key: copy.thumbKey,
        cover_placeholder: copy.placeholder,
      };
      return toAlbum(shown, copy.urls, toRefs(audiences.get(row.id)));
    });
  }

  /**
   * The albums `viewer` may see, in two queries whatever their number: managers get drafts too
   * (decision 018); the whole group's and those of the viewer's sections (decision 054).
   */
  async list(viewer: UserRow): Promise<Album[]> {
    return this.present(viewer, await this.repo().list(viewer));
  }

  /** An album; one the viewer may not see (a draft, another section's) is a 404. */
  async get(viewer: UserRow, id: number): Promise<Album> {
    const row = await this.repo().find(id, viewer);
    if (!row) throw new AppError(404, SERVER_ERRORS.albumNotFound);
    const [album] = await this.present(viewer, [row]);
    if (!album) throw new AppError(404, SERVER_ERRORS.albumNotFound);
    return album;
  }

  /** The sections `manager` may give an album (the create and edit modals' choices). */
  audienceChoices(manager: UserRow): Promise<SectionRef[]> {
    return this.repo().audienceChoices(new Access(this.ctx).managedSections(manager));
  }

  /**
   * Checks the audience `wanted` that `user` gives an album whose audience is `current`: every
   * section must exist (400); one newly chosen must be in use (400) and, for a scouter, one of
   * theirs (403), and a scouter may not leave the album only to sections that are not theirs.
   * Sections kept from the current audience may be anything, a retired one too.
   */
  private async checkAudience(
    user: UserRow,
    wanted: number[],
    current: readonly number[],
  ): Promise<void> {
    if (wanted.length === 0) return;
    const repo = this.repo();
    const found = await repo.sectionsByIds(wanted);
    if (found.length !== wanted.length) {
      throw new AppError(400, SERVER_ERRORS.albumSectionUnavailable);
    }
    const added = found.filter((section) => !current.includes(section.id));
    if (added.some((section) => section.retired_at !== null)) {
      throw new AppError(400, SERVER_ERRORS.albumSectionUnavailable);
    }
    const access = new Access(this.ctx);
    if (access.managesAll(user)) return;
    const choices = await repo.audienceChoices(access.managedSections(user));
    const mine = new Set(choices.map((section) => section.id));
    if (added.some((section) => !mine.has(section.id)) || !wanted.some((id) => mine.has(id))) {
      throw new AppError(403, SERVER_ERRORS.albumSectionForbidden);
    }
  }

  /**
   * Publishes a draft (every member sees it at once) or turns a published album back into a
   * draft; photos hidden on request stay hidden either way.
   */
  async setPublished(user: UserRow, id: number, published: boolean): Promise<AlbumMutationResult> {
    const status = published ? 'published' : 'draft';
    await this.access().require(user, 'album.see', id);
    await this.ctx.db.kysely.transaction().execute(async (trx) => {
      const album = await new AlbumsRepository(trx).lock(id, this.ctx.db.dialect);
      if (!album) throw new AppError(404, SERVER_ERRORS.albumNotFound);
      if (album.status === status) return;
      // 'Publicar solo álbumes revisados': no face of it may be left unreviewed.
      if (published && (await readGroupSettings(trx)).publish_only_reviewed) {
        const pending = (await new AlbumsRepository(trx).facesToReview([id])).get(id) ?? 0;
        if (pending > 0) throw new AppError(409, SERVER_ERRORS.albumFacesToReview(pending));
      }
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

  /** Creates an album; the cover is required (checked by the route) and stored before the row. */
  async create(
    user: UserRow,
    form: AlbumForm,
    coverFile: UploadedFile,
  ): Promise<AlbumMutationResult> {
    const sections = form.sections ?? [];
    await this.checkAudience(user, sections, []);
    const cover = await storeCover(this.ctx, coverFile);
    const now = nowIso();
    const published = form.publish ?? !this.ctx.config.albumsDraftByDefault;
    let id: number;
    try {
      id = await this.ctx.db.kysely.transaction().execute(async (trx) => {
        const albums = new AlbumsRepository(trx);
        const id = await albums.insert({
          title: form.title,
          description: form.description || null,
          ...coverColumns(cover),
          status: published ? 'published' : ('draft' as const),
          published_at: published ? now : null,
          created_by: user.id,
          created_at: now,
          updated_at: now,
        });
        await albums.setAudience(id, sections);
        await saveFaceSearch(trx, { kind: 'album', id }, cover.faces, now);
        return id;
      });
    } catch (err) {
      await deleteMedia(this.ctx, [cover.key, cover.thumbKey]);
      throw err;
    }
    await keepMedia(this.ctx, [cover.key, cover.thumbKey]);
    // Its faces are looked for now, off this request; the scan then has its copies made.
    wakeFaceScan(this.ctx);
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
    await this.access().require(user, 'album.see', id);
    const before = await this.repo().findRow(id);
    if (!before) throw new AppError(404, SERVER_ERRORS.albumNotFound);
    const current = (await this.repo().audiences([id])).get(id) ?? [];
    const currentIds = current.map((section) => section.id);
    const sections = form.sections;
    const audienceChanges =
      sections !== undefined &&
      (sections.length !== currentIds.length || sections.some((s, i) => s !== currentIds[i]));
    if (audienceChanges) await this.checkAudience(user, sections, currentIds);
    const cover = coverFile ? await storeCover(this.ctx, coverFile) : null;
    const added = cover ? [cover.key, cover.thumbKey] : [];
    const old = [before.cover_key, before.cover_thumb_key];
    let updated: boolean;
    try {
      if (cover) await markForDeletion(this.ctx, old);
      const now = nowIso();
      updated = await this.ctx.db.kysely.transaction().execute(async (trx) => {
        const changed = await new AlbumsRepository(trx).update(id, {
          title: form.title,
          ...(form.description !== undefined && { description: form.description || null }),
          ...(cover && coverColumns(cover)),
          updated_at: now,
        });
        if (changed && cover) {
          // A new cover: the old one's faces go with it, the new one's come in, and the old
          // one's copies are stale: queued here, so the change and its queueing commit together
          // (after the commit, a full disk could fail the queueing of a change already made).
          await replaceFaceSearch(trx, { kind: 'album', id }, cover.faces, now);
          await queueCopiesIn(trx, 'album', [id], now);
        }
        return changed;
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
      // The old cover's copies are dropped, the new one's made, by the worker.
      wakeCopies(this.ctx);
      wakeFaceScan(this.ctx);
    }
    if (audienceChanges) await this.changeAudience(user, id, form.title, current, sections);
    return { message: SERVER_SUCCESS.albumUpdated, album: await this.get(user, id) };
  }

  /** Gives album `id` the audience `sections`, with its entry in the audit trail. */
  private async changeAudience(
    user: UserRow,
    id: number,
    title: string,
    before: AudienceSection[],
    sections: number[],
  ): Promise<void> {
    await this.ctx.db.kysely.transaction().execute(async (trx) => {
      const albums = new AlbumsRepository(trx);
      await albums.setAudience(id, sections);
      const after = (await albums.audiences([id])).get(id) ?? [];
      await recordAudit(trx, {
        actor: user,
        action: 'album.audience_changed',
        target: { type: 'album', id, label: title },
        details: { from: audienceLabel(before), to: audienceLabel(after) },
      });
    });
  }

  /**
   * Deletes the album with its photos and their likes and comments in one transaction (which
   * journals their files), then their files and the cover's.
   */
  async delete(actor: UserRow, id: number): Promise<{ message: string }> {
    const { db } = this.ctx;
    await this.access().require(actor, 'album.see', id);
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
      // The blurred copies of its cover and photos (decision 080) go with them.
      const renditions = new ImageRenditionsRepository(trx);
      const files = [
        album.cover_key,
        album.cover_thumb_key,
        ...photoFiles.flatMap((p) => [p.image_key, p.thumb_key]),
        ...(await renditions.deleteOfImages('album', [id])),
        ...(await renditions.deleteOfImages(
          'photo',
          photoFiles.map((p) => p.id),
        )),
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
