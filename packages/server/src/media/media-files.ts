import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../db/database.js';
import { UnavailableError } from '../lib/unavailable.js';
import type { ImageVariants } from './image-pipeline.js';
import type { MediaJournal } from './journal.js';
import { type MediaStorage, newMediaKey } from './storage/storage.js';

/*
 * Media files under the journal (decision 011): stored before their row commits and settled
 * after, journaled before their row goes and deleted after, so a crash leaves no orphan.
 */

/** Where an image's variants were stored. */
export interface StoredImage {
  key: string;
  thumbKey: string;
  placeholder: string;
  width: number;
  height: number;
}

/** What the media helpers use of the app (an AppContext has it all). */
export interface MediaContext {
  storage: MediaStorage;
  mediaJournal: MediaJournal;
  log: FastifyBaseLogger;
}

/** A file to store. */
export interface NewMediaFile {
  key: string;
  data: Buffer;
  contentType: string;
}

/**
 * Journals the keys, then saves the files (decision 011): until `keepMedia` settles them, a crash
 * leaves them to the journal's reconciliation, never as orphans. If a save fails, whatever was
 * saved is removed and the error thrown. After the row pointing to them is committed, call
 * `keepMedia`; if it is not, `deleteMedia`.
 */
export async function saveMedia(media: MediaContext, files: NewMediaFile[]): Promise<void> {
  const keys = files.map((file) => file.key);
  await media.mediaJournal.record(keys);
  try {
    for (const file of files) await media.storage.save(file.key, file.data, file.contentType);
  } catch (err) {
    await deleteMedia(media, keys, err);
    throw err;
  }
}

function isStorageDown(err: unknown): boolean {
  return err instanceof UnavailableError && err.dependency === 'storage';
}

/**
 * Stores the display copy and the thumbnail under fresh random keys in `folder`, journaled as
 * `saveMedia` does: nothing is left half-stored, and the caller settles with `keepMedia` or
 * `deleteMedia`.
 */
export async function storeImageVariants(
  media: MediaContext,
  folder: string,
  variants: ImageVariants,
): Promise<StoredImage> {
  const key = newMediaKey(folder, 'webp');
  const thumbKey = newMediaKey(folder, 'webp');
  await saveMedia(media, [
    { key, data: variants.display.data, contentType: 'image/webp' },
    { key: thumbKey, data: variants.thumb.data, contentType: 'image/webp' },
  ]);
  return {
    key,
    thumbKey,
    placeholder: variants.placeholder,
    width: variants.display.width,
    height: variants.display.height,
  };
}

/**
 * Settles stored files once the row pointing to them is committed; one that no row points to by
 * then (the row was deleted meanwhile) is left to the next sweep, which deletes it. Never throws.
 */
export function keepMedia(media: MediaContext, keys: (string | null | undefined)[]): Promise<void> {
  return media.mediaJournal.keep(keys);
}

/**
 * Journals the files of a row about to be deleted, or of an image about to be replaced: inside
 * the row's transaction when there is one (`executor`), else before the row changes. Once the
 * change is committed, `deleteMedia` removes the files and settles them.
 */
export function markForDeletion(
  media: MediaContext,
  keys: (string | null | undefined)[],
  executor?: Executor,
): Promise<void> {
  return media.mediaJournal.record(keys, executor);
}

/**
 * Deletes files one by one, never throwing, and settles each one deleted; `cause` is the
 * failure that made them unwanted, if any. It runs after the rows
 * are gone: a file that cannot be removed is logged and stays journaled, and the next sweep,
 * soon, tries again.
 */
export async function deleteMedia(
  media: MediaContext,
  keys: (string | null | undefined)[],
  cause?: unknown,
): Promise<void> {
  const deleted: string[] = [];
  const left: string[] = [];
  // A storage that does not answer would make each delete wait its whole deadline: once it has
  // failed (or `cause`, the failure that led here, says so), the rest are left to the sweep.
  let storageDown = isStorageDown(cause);
  for (const key of keys) {
    if (!key) continue;
    if (storageDown) {
      left.push(key);
      continue;
    }
    try {
      await media.storage.delete(key);
      deleted.push(key);
    } catch (err) {
      media.log.warn({ err, key }, 'no se pudo borrar un archivo de medios');
      left.push(key);
      storageDown = isStorageDown(err);
    }
  }
  await media.mediaJournal.settle(deleted);
  // Swept again soon, not after the hour's lease: nothing is on its way to point to them.
  media.mediaJournal.abandon(left);
}
