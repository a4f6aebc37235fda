import {
  type News,
  type NewsFormInput,
  type NewsMutationResult,
  type NewsSummary,
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
import {
  NewsRepository,
  type NewsSummaryWithCounts,
  type NewsWithCounts,
} from './news.repository.js';

/** News images are public media. */
export const NEWS_FOLDER = 'news';

/** Where a news item's image URLs are (a family's own copies, decision 100). */
const IMAGE_FIELDS = { image: 'image_url', thumb: 'thumb_url' } as const;

/** The API shape of a news item: files as plain public URLs. */
function toNews(row: NewsWithCounts, signer: AppContext['mediaUrls']): News {
  return { ...toNewsSummary(row, signer), content: row.content };
}

/** The API shape of a list item: a news item without its full text. */
function toNewsSummary(row: NewsSummaryWithCounts, signer: AppContext['mediaUrls']): NewsSummary {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    image_url: mediaUrlOf(signer, row.image_key),
    thumb_url: mediaUrlOf(signer, row.image_thumb_key),
    placeholder: row.image_placeholder,
    width: row.image_width,
    height: row.image_height,
    created_at: row.created_at,
    updated_at: row.updated_at,
    likes_count: Number(row.likes_count),
    comments_count: Number(row.comments_count),
    user_has_liked: Boolean(row.user_has_liked),
  };
}

/** News: list, read, create, edit and delete (with its files, likes and comments). */
export class NewsService {
  constructor(private readonly ctx: AppContext) {}

  private repo() {
    return new NewsRepository(this.ctx.db);
  }

  /** Newest first; `limit` for the landing page's first few. */
  async list(viewer: UserRow | null, limit?: number): Promise<NewsSummary[]> {
    const rows = await this.repo().list(viewer?.id ?? null, limit);
    const items = rows.map((row) => toNewsSummary(row, this.ctx.mediaUrls));
    // A family sees its own child in the images (decision 100).
    return withOwnPublicCopies(this.ctx, viewer, 'news', items, IMAGE_FIELDS, withOwnChild(rows));
  }

  async get(viewer: UserRow | null, id: number): Promise<News> {
    const row = await this.repo().find(id, viewer?.id ?? null);
    if (!row) throw new AppError(404, SERVER_ERRORS.newsNotFound);
    const [item] = await withOwnPublicCopies(
      this.ctx,
      viewer,
      'news',
      [toNews(row, this.ctx.mediaUrls)],
      IMAGE_FIELDS,
      withOwnChild([row]),
    );
    return {
      ...(item as News),
      ...originalUrlFor(this.ctx, viewer, row.image_original_key),
    };
  }

  /** Whether news item `id` exists (likes and comments ask first). */
  exists(id: number): Promise<boolean> {
    return this.repo().exists(id);
  }

  /** Creates a news item; the image is required (checked by the route) and stored first. */
  async create(
    user: UserRow,
    form: NewsFormInput,
    imageFile: UploadedFile,
  ): Promise<NewsMutationResult> {
    const now = nowIso();
    // The row and the faces found in its image in one transaction (issue #25).
    const id = await insertWithImage(
      this.ctx,
      NEWS_FOLDER,
      imageFile,
      (image, faces) =>
        this.ctx.db.kysely.transaction().execute(async (trx) => {
          const id = await new NewsRepository(trx).insert({
            ...form,
            ...image,
            created_by: user.id,
            created_at: now,
            updated_at: now,
          });
          if (faces) await saveFaceSearch(trx, { kind: 'news', id }, faces, now);
          return id;
        }),
      { faces: true, keepOriginal: true },
    );
    // The copy for everyone, by the image-consent rule, and the ledger's entry (decision 085).
    await publicImageStored(this.ctx, 'news', id);
    return { message: SERVER_SUCCESS.newsCreated, news: await this.get(user, id) };
  }

  /** Edits the texts; a new image replaces the old one, whose files are deleted. */
  async update(
    user: UserRow,
    id: number,
    form: NewsFormInput,
    imageFile: UploadedFile | undefined,
  ): Promise<NewsMutationResult> {
    const before = await this.repo().findRow(id);
    if (!before) throw new AppError(404, SERVER_ERRORS.newsNotFound);
    // A new image: the old one's faces go, the new one's come in, with the row (issue #25).
    const updated = await updateWithImage(
      this.ctx,
      NEWS_FOLDER,
      imageFile,
      before,
      (image, faces) =>
        this.ctx.db.kysely.transaction().execute(async (trx) => {
          const now = nowIso();
          const changed = await new NewsRepository(trx).update(id, {
            ...form,
            ...image,
            updated_at: now,
          });
          if (changed && faces) await replaceFaceSearch(trx, { kind: 'news', id }, faces, now);
          return changed;
        }),
      { faces: true, keepOriginal: true },
    );
    // Deleted meanwhile.
    if (!updated) throw new AppError(404, SERVER_ERRORS.newsNotFound);
    if (imageFile) await publicImageStored(this.ctx, 'news', id);
    return { message: SERVER_SUCCESS.newsUpdated, news: await this.get(user, id) };
  }

  /** Deletes the row with its likes and comments in one transaction, then its files. */
  async delete(id: number): Promise<{ message: string }> {
    const row = await this.ctx.db.kysely.transaction().execute(async (trx) => {
      const deleted = await new NewsRepository(trx).deleteReturning(id);
      if (!deleted) throw new AppError(404, SERVER_ERRORS.newsNotFound);
      // The families' own copies of its image go with it (decision 100).
      const copies = await new ImageRenditionsRepository(trx).deleteOfImages('news', [id]);
      const files = [
        deleted.image_key,
        deleted.image_thumb_key,
        deleted.image_original_key,
        ...copies,
      ];
      await markForDeletion(this.ctx, files, trx);
      await deleteInteractions(trx, 'news', [id]);
      return { files };
    });
    await deleteMedia(this.ctx, row.files);
    return { message: SERVER_SUCCESS.newsDeleted };
  }
}
