import { withOwnChild } from '../../access/own-public-copies.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/tokens.js';
import { ImageRenditionsRepository } from '../../media/copies/copies.repository.js';
import { replaceFaceSearch, saveFaceSearch } from '../../media/face-rows.js';
import { deleteMedia, markForDeletion } from '../../media/media-files.js';
import { withOwnPublicCopies } from '../../media/renditions/own-copies.js';
import { insertWithImage, updateWithImage } from '../../media/renditions/public-image-upload.js';
import {
  originalUrlFor,
  publicImageStored,
  recordPublicImages,
} from '../../media/renditions/public-images.js';
import type { UploadedFile } from '../../media/upload.js';
import { deleteInteractions } from '../interactions/interactions.repository.js';
import type { UserRow } from '../users/users.repository.js';
import { EXPERIENCES, NEWS, type PostKind, type PostTypes } from './post-kinds.js';
import { PostsRepository } from './posts.repository.js';

export type { PostTypes };

/** What create and update answer: the message and the post under the kind's own field. */
export type PostMutationResult<T extends PostTypes> = { message: string } & {
  [key in T['resultKey']]: T['item'];
};

/** One kind of post: list, read, create, edit and delete (with its files, likes and comments). */
export class PostsService<T extends PostTypes> {
  constructor(
    private readonly ctx: AppContext,
    readonly kind: PostKind<T>,
  ) {}

  private repo() {
    return new PostsRepository(this.ctx.db, this.kind);
  }

  /** Newest first; `limit` for the landing page's first few. */
  async list(viewer: UserRow | null, limit?: number): Promise<T['summary'][]> {
    const rows = await this.repo().list(viewer?.id ?? null, limit);
    const items = rows.map((row) => this.kind.toSummary(row, this.ctx.mediaUrls));
    // A family sees its own child in the images (decision 100).
    const { imageKind, imageFields } = this.kind;
    return withOwnPublicCopies(this.ctx, viewer, imageKind, items, imageFields, withOwnChild(rows));
  }

  async get(viewer: UserRow | null, id: number): Promise<T['item']> {
    const row = await this.repo().find(id, viewer?.id ?? null);
    if (!row) throw new AppError(404, this.kind.messages.notFound);
    const [item] = await withOwnPublicCopies(
      this.ctx,
      viewer,
      this.kind.imageKind,
      [this.kind.toItem(row, this.ctx.mediaUrls)],
      this.kind.imageFields,
      withOwnChild([row]),
    );
    return {
      ...(item as T['item']),
      ...originalUrlFor(this.ctx, viewer, row.image_original_key),
    };
  }

  /** Whether post `id` exists (likes and comments ask first). */
  exists(id: number): Promise<boolean> {
    return this.repo().exists(id);
  }

  /** The answer of create and update: the message and the post as `viewer` now reads it. */
  private async result(viewer: UserRow, id: number, message: string) {
    const item = await this.get(viewer, id);
    return { message, [this.kind.resultKey]: item } as PostMutationResult<T>;
  }

  /** Creates a post; the image is required (checked by the route) and stored first. */
  async create(
    user: UserRow,
    form: T['form'],
    imageFile: UploadedFile,
  ): Promise<PostMutationResult<T>> {
    const now = nowIso();
    // The row and the faces found in its image in one transaction.
    const id = await insertWithImage(
      this.ctx,
      this.kind.folder,
      imageFile,
      (image, faces) =>
        this.ctx.db.kysely.transaction().execute(async (trx) => {
          const id = await new PostsRepository(trx, this.kind).insert({
            ...form,
            ...image,
            created_by: user.id,
            created_at: now,
            updated_at: now,
          });
          if (faces) await saveFaceSearch(trx, { kind: this.kind.imageKind, id }, faces, now);
          // Public once committed: in the ledger with it, whatever fails after.
          await recordPublicImages(this.ctx, this.kind.imageKind, [id], trx);
          return id;
        }),
      { faces: true, keepOriginal: true },
    );
    // The copy for everyone, by the image-consent rule, and the ledger's entry (decision 085).
    await publicImageStored(this.ctx, this.kind.imageKind, id);
    return this.result(user, id, this.kind.messages.created);
  }

  /** Edits the fields; a new image replaces the old one, whose files are deleted. */
  async update(
    user: UserRow,
    id: number,
    form: T['form'],
    imageFile: UploadedFile | undefined,
  ): Promise<PostMutationResult<T>> {
    const { notFound, updated: message } = this.kind.messages;
    const before = await this.repo().findRow(id);
    if (!before) throw new AppError(404, notFound);
    // A new image: the old one's faces go, the new one's come in, with the row.
    const updated = await updateWithImage(
      this.ctx,
      this.kind.folder,
      imageFile,
      before,
      (image, faces) =>
        this.ctx.db.kysely.transaction().execute(async (trx) => {
          const now = nowIso();
          const changed = await new PostsRepository(trx, this.kind).update(id, {
            ...form,
            ...image,
            updated_at: now,
          });
          if (changed && faces) {
            await replaceFaceSearch(trx, { kind: this.kind.imageKind, id }, faces, now);
          }
          if (changed && 'image_key' in image) {
            await recordPublicImages(this.ctx, this.kind.imageKind, [id], trx);
          }
          return changed;
        }),
      { faces: true, keepOriginal: true },
    );
    // Deleted meanwhile.
    if (!updated) throw new AppError(404, notFound);
    if (imageFile) await publicImageStored(this.ctx, this.kind.imageKind, id);
    return this.result(user, id, message);
  }

  /** Deletes the row with its likes and comments in one transaction, then its files. */
  async delete(id: number): Promise<{ message: string }> {
    const { imageKind } = this.kind;
    const row = await this.ctx.db.kysely.transaction().execute(async (trx) => {
      const deleted = await new PostsRepository(trx, this.kind).deleteReturning(id);
      if (!deleted) throw new AppError(404, this.kind.messages.notFound);
      // The families' own copies of its image go with it (decision 100).
      const copies = await new ImageRenditionsRepository(trx).deleteOfImages(imageKind, [id]);
      const files = [
        deleted.image_key,
        deleted.image_thumb_key,
        deleted.image_original_key,
        ...copies,
      ];
      await markForDeletion(this.ctx, files, trx);
      await deleteInteractions(trx, imageKind, [id]);
      return { files };
    });
    await deleteMedia(this.ctx, row.files);
    return { message: this.kind.messages.deleted };
  }
}

/** The news service. */
export const newsService = (ctx: AppContext) => new PostsService(ctx, NEWS);

/** The experiences service. */
export const experiencesService = (ctx: AppContext) => new PostsService(ctx, EXPERIENCES);
