import {
  type Monitor,
  type MonitorFormInput,
  type MonitorMutationResult,
  MSG,
  SERVER_ERRORS,
  SERVER_SUCCESS,
} from '@fogata/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import {
  deleteMedia,
  type StoredImage,
  storeImageVariants,
  toImageVariants,
} from '../../lib/media.js';
import type { UploadedFile } from '../../lib/media-upload.js';
import { nowIso } from '../../lib/tokens.js';
import { MonitorsRepository, toMonitor } from './monitors.repository.js';

/** Monitors' photos are public media (the who-we-are page is open to everyone). */
export const MONITORS_FOLDER = 'monitors';

/** The text fields; `description` undefined: unchanged (update) or none (create); blank: none. */
export type MonitorForm = MonitorFormInput;

/** Turns a photo upload into stored public variants; a file over 25 MB is a 413. */
async function storePhoto(ctx: AppContext, file: UploadedFile): Promise<StoredImage> {
  if (file.tooLarge) throw new AppError(413, MSG.imageTooLarge);
  return storeImageVariants(ctx.storage, MONITORS_FOLDER, await toImageVariants(file.path));
}

function imageColumns(image: StoredImage) {
  return {
    image_key: image.key,
    image_thumb_key: image.thumbKey,
    image_placeholder: image.placeholder,
    image_width: image.width,
    image_height: image.height,
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
    return rows.map((row) => toMonitor(row, this.ctx.storage));
  }

  async get(id: number): Promise<Monitor> {
    const row = await this.repo().find(id);
    if (!row) throw new AppError(404, SERVER_ERRORS.monitorNotFound);
    return toMonitor(row, this.ctx.storage);
  }

  /** Creates a monitor; the photo is required (checked by the route) and stored before the row. */
  async create(form: MonitorForm, photo: UploadedFile): Promise<MonitorMutationResult> {
    const image = await storePhoto(this.ctx, photo);
    const now = nowIso();
    let id: number;
    try {
      id = await this.repo().insert({
        name: form.name,
        role_description: form.role_description,
        description: form.description || null,
        ...imageColumns(image),
        created_at: now,
        updated_at: now,
      });
    } catch (err) {
      await deleteMedia(this.ctx.storage, [image.key, image.thumbKey], this.ctx.log);
      throw err;
    }
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
    const image = photo ? await storePhoto(this.ctx, photo) : null;
    const dropNew = () =>
      image ? deleteMedia(this.ctx.storage, [image.key, image.thumbKey], this.ctx.log) : null;
    let updated: boolean;
    try {
      updated = await this.repo().update(id, {
        name: form.name,
        role_description: form.role_description,
        ...(form.description !== undefined && { description: form.description || null }),
        ...(image && imageColumns(image)),
        updated_at: nowIso(),
      });
    } catch (err) {
      await dropNew();
      throw err;
    }
    if (!updated) {
      // Deleted between the read and the write.
      await dropNew();
      throw new AppError(404, SERVER_ERRORS.monitorNotFound);
    }
    if (image) {
      await deleteMedia(this.ctx.storage, [before.image_key, before.image_thumb_key], this.ctx.log);
    }
    return { message: SERVER_SUCCESS.monitorUpdated, monitor: await this.get(id) };
  }

  /** Deletes the row, then its photo's files. */
  async delete(id: number): Promise<{ message: string }> {
    const row = await this.repo().delete(id);
    if (!row) throw new AppError(404, SERVER_ERRORS.monitorNotFound);
    await deleteMedia(this.ctx.storage, [row.image_key, row.image_thumb_key], this.ctx.log);
    return { message: SERVER_SUCCESS.monitorDeleted };
  }
}
