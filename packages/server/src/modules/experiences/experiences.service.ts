import {
  type Experience,
  type ExperienceFormInput,
  type ExperienceMutationResult,
  SERVER_ERRORS,
  SERVER_SUCCESS,
} from '@fogata/shared';
import { withOwnChild } from '../../access/own-public-copies.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/tokens.js';
import { ImageRenditionsRepository } from '../../media/copies/copies.repository.js';
import { replaceFaceSearch, saveFaceSearch } from '../../media/face-rows.js';
import { deleteMedia, markForDeletion } from '../../media/media-files.js';
import { mediaUrlOf } from '../../media/media-urls.js';
import { withOwnPublicCopies } from '../../media/renditions/own-copies.js';
import { insertWithImage, updateWithImage } from '../../media/renditions/public-image-upload.js';
import { originalUrlFor, publicImageStored } from '../../media/renditions/public-images.js';
import type { UploadedFile } from '../../media/upload.js';
import { deleteInteractions } from '../interactions/interactions.repository.js';
import type { UserRow } from '../users/users.repository.js';
import { ExperiencesRepository, type ExperienceWithCounts } from './experiences.repository.js';

/** Experience images are public media. */
export const EXPERIENCES_FOLDER = 'experiences';

/** Where an experience's image URLs are (a family's own copies, decision 100). */
const IMAGE_FIELDS = { image: 'image', thumb: 'image_thumb' } as const;

/** The API shape of an experience: files as plain public URLs. */
function toExperience(row: ExperienceWithCounts, signer: AppContext['mediaUrls']): Experience {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    image: mediaUrlOf(signer, row.image_key),
    image_thumb: mediaUrlOf(signer, row.image_thumb_key),
    image_placeholder: row.image_placeholder,
    image_width: row.image_width,
    image_height: row.image_height,
    created_at: row.created_at,
    updated_at: row.updated_at,
    likes_count: Number(row.likes_count),
    comments_count: Number(row.comments_count),
    user_has_liked: Boolean(row.user_has_liked),
  };
}

/** Experiences: list, read, create, edit and delete (with their files, likes and comments). */
export class ExperiencesService {
  constructor(private readonly ctx: AppContext) {}

  private repo() {
    return new ExperiencesRepository(this.ctx.db);
  }

  /** Every experience, newest first (the category filter is the web app's). */
  async list(viewer: UserRow | null): Promise<Experience[]> {
    const rows = await this.repo().list(viewer?.id ?? null);
    const items = rows.map((row) => toExperience(row, this.ctx.mediaUrls));
    // A family sees its own child in the images (decision 100).
    return withOwnPublicCopies(
      this.ctx,
      viewer,
      'experience',
      items,
      IMAGE_FIELDS,
      withOwnChild(rows),
    );
  }

  async get(viewer: UserRow | null, id: number): Promise<Experience> {
    const row = await this.repo().find(id, viewer?.id ?? null);
    if (!row) throw new AppError(404, SERVER_ERRORS.experienceNotFound);
    const [item] = await withOwnPublicCopies(
      this.ctx,
      viewer,
      'experience',
      [toExperience(row, this.ctx.mediaUrls)],
      IMAGE_FIELDS,
      withOwnChild([row]),
    );
    return {
      ...(item as Experience),
      ...originalUrlFor(this.ctx, viewer, row.image_original_key),
    };
  }

  /** Whether experience `id` exists (likes and comments ask first). */
  exists(id: number): Promise<boolean> {
    return this.repo().exists(id);
  }

  /** Creates an experience; the image is required (checked by the route) and stored first. */
  async create(
    user: UserRow,
    form: ExperienceFormInput,
    imageFile: UploadedFile,
  ): Promise<ExperienceMutationResult> {
    const now = nowIso();
    // The row and the faces found in its image in one transaction (issue #25).
    const id = await insertWithImage(
      this.ctx,
      EXPERIENCES_FOLDER,
      imageFile,
      (image, faces) =>
        this.ctx.db.kysely.transaction().execute(async (trx) => {
          const id = await new ExperiencesRepository(trx).insert({
            ...form,
            ...image,
            created_by: user.id,
            created_at: now,
            updated_at: now,
          });
          if (faces) await saveFaceSearch(trx, { kind: 'experience', id }, faces, now);
          return id;
        }),
      { faces: true, keepOriginal: true },
    );
    // The copy for everyone, by the image-consent rule, and the ledger's entry (decision 085).
    await publicImageStored(this.ctx, 'experience', id);
    return { message: SERVER_SUCCESS.experienceCreated, experience: await this.get(user, id) };
  }

  /** Edits texts and category; a new image replaces the old one, whose files are deleted. */
  async update(
    user: UserRow,
    id: number,
    form: ExperienceFormInput,
    imageFile: UploadedFile | undefined,
  ): Promise<ExperienceMutationResult> {
    const before = await this.repo().findRow(id);
    if (!before) throw new AppError(404, SERVER_ERRORS.experienceNotFound);
    const updated = await updateWithImage(
      this.ctx,
      EXPERIENCES_FOLDER,
      imageFile,
      before,
      // A new image: the old one's faces go, the new one's come in, with the row (issue #25).
      (image, faces) =>
        this.ctx.db.kysely.transaction().execute(async (trx) => {
          const now = nowIso();
          const changed = await new ExperiencesRepository(trx).update(id, {
            ...form,
            ...image,
            updated_at: now,
          });
          if (changed && faces) {
            await replaceFaceSearch(trx, { kind: 'experience', id }, faces, now);
          }
          return changed;
        }),
      { faces: true, keepOriginal: true },
    );
    // Deleted meanwhile.
    if (!updated) throw new AppError(404, SERVER_ERRORS.experienceNotFound);
    if (imageFile) await publicImageStored(this.ctx, 'experience', id);
    return { message: SERVER_SUCCESS.experienceUpdated, experience: await this.get(user, id) };
  }

  /** Deletes the row with its likes and comments in one transaction, then its files. */
  async delete(id: number): Promise<{ message: string }> {
    const row = await this.ctx.db.kysely.transaction().execute(async (trx) => {
      const deleted = await new ExperiencesRepository(trx).deleteReturning(id);
      if (!deleted) throw new AppError(404, SERVER_ERRORS.experienceNotFound);
      // The families' own copies of its image go with it (decision 100).
      const copies = await new ImageRenditionsRepository(trx).deleteOfImages('experience', [id]);
      const files = [
        deleted.image_key,
        deleted.image_thumb_key,
        deleted.image_original_key,
        ...copies,
      ];
      await markForDeletion(this.ctx, files, trx);
      await deleteInteractions(trx, 'experience', [id]);
      return { files };
    });
    await deleteMedia(this.ctx, row.files);
    return { message: SERVER_SUCCESS.experienceDeleted };
  }
}
