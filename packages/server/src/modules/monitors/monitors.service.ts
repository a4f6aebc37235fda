import {
  type Monitor,
  type MonitorFormInput,
  type MonitorMutationResult,
  SERVER_ERRORS,
  SERVER_SUCCESS,
} from '@fogata/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/tokens.js';
import { deleteMedia, markForDeletion } from '../../media/media-files.js';
import { mediaUrlOf } from '../../media/media-urls.js';
import { insertWithImage, updateWithImage } from '../../media/renditions/public-image-upload.js';
import type { UploadedFile } from '../../media/upload.js';
import { type MonitorRow, MonitorsRepository } from './monitors.repository.js';

/** Monitors' photos are public media (the who-we-are page is open to everyone). */
export const MONITORS_FOLDER = 'monitors';

/** The text fields; `description` undefined: unchanged (update) or none (create); blank: none. */
export type MonitorForm = MonitorFormInput;

/** The API shape of a monitor: the photo as plain public URLs (display copy and thumbnail). */
function toMonitor(row: MonitorRow, signer: AppContext['mediaUrls']): Monitor {
  return {
    id: row.id,
    name: row.name,
    role_description: row.role_description,
    description: row.description,
    image_url: mediaUrlOf(signer, row.image_key),
    thumb_url: mediaUrlOf(signer, row.image_thumb_key),
    placeholder: row.image_placeholder,
    width: row.image_width,
    height: row.image_height,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The team members of the who-we-are page: list, create, edit and delete (with their photos). */
export class MonitorsService {
  constructor(private readonly ctx: AppContext) {}

  private repo() {
    return new MonitorsRepository(this.ctx.db);
  }

  /** Every monitor, newest first. */
  async list(): Promise<Monitor[]> {
    const rows = await this.repo().list();
    return rows.map((row) => toMonitor(row, this.ctx.mediaUrls));
  }

  async get(id: number): Promise<Monitor> {
    const row = await this.repo().find(id);
    if (!row) throw new AppError(404, SERVER_ERRORS.monitorNotFound);
    return toMonitor(row, this.ctx.mediaUrls);
  }

  /** Creates a monitor; the photo is required (checked by the route) and stored before the row. */
  async create(form: MonitorForm, photo: UploadedFile): Promise<MonitorMutationResult> {
    const now = nowIso();
    const id = await insertWithImage(this.ctx, MONITORS_FOLDER, photo, (image) =>
      this.repo().insert({
        name: form.name,
        role_description: form.role_description,
        description: form.description || null,
        ...image,
        created_at: now,
        updated_at: now,
      }),
    );
    return { message: SERVER_SUCCESS.monitorCreated, monitor: await this.get(id) };
  }

  /** Edits the texts; a new photo replaces the old one, whose files are then deleted. */
  async update(
    id: number,
    form: MonitorForm,
    photo: UploadedFile | undefined,
  ): Promise<MonitorMutationResult> {
    const before = await this.repo().find(id);
    if (!before) throw new AppError(404, SERVER_ERRORS.monitorNotFound);
    const updated = await updateWithImage(this.ctx, MONITORS_FOLDER, photo, before, (image) =>
      this.repo().update(id, {
        name: form.name,
        role_description: form.role_description,
        ...(form.description !== undefined && { description: form.description || null }),
        ...image,
        updated_at: nowIso(),
      }),
    );
    // Deleted between the read and the write.
    if (!updated) throw new AppError(404, SERVER_ERRORS.monitorNotFound);
    return { message: SERVER_SUCCESS.monitorUpdated, monitor: await this.get(id) };
  }

  /** Deletes the row, then its photo's files (journaled in the delete's transaction). */
  async delete(id: number): Promise<{ message: string }> {
    const row = await this.ctx.db.kysely.transaction().execute(async (trx) => {
      const deleted = await new MonitorsRepository(trx).delete(id);
      if (deleted) {
        await markForDeletion(this.ctx, [deleted.image_key, deleted.image_thumb_key], trx);
      }
      return deleted;
    });
    if (!row) throw new AppError(404, SERVER_ERRORS.monitorNotFound);
    await deleteMedia(this.ctx, [row.image_key, row.image_thumb_key]);
    return { message: SERVER_SUCCESS.monitorDeleted };
  }
}
