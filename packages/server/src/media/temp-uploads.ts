import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { JOURNAL_LEASE_MS } from './journal.js';
import { ownerIsGone, ownerOfTag, ownerTag, PROCESS_OWNER } from './process-owner.js';

/** The folder holding every process's temp uploads: DATA_DIR/tmp/uploads. */
export function uploadsRoot(dataDir: string): string {
  return join(dataDir, 'tmp', 'uploads');
}

/** Removes `path` if it was last changed before `cutoff` (ms); gone meanwhile is fine. */
async function removeIfOlder(path: string, cutoff: number): Promise<void> {
  try {
    if ((await stat(path)).mtimeMs < cutoff) await rm(path, { recursive: true, force: true });
  } catch {
    // Removed meanwhile by someone else: nothing to do.
  }
}

/**
 * Removes what uploads of gone processes left in `root` (DATA_DIR/tmp/uploads): the whole folder
 * of an owner that is gone, and anything older than `maxAgeMs` (an upload takes minutes, not an
 * hour), including folders of unknown owners. A live process's recent uploads are left alone.
 */
export async function removeLeftUploads(
  root: string,
  self = PROCESS_OWNER,
  maxAgeMs = JOURNAL_LEASE_MS,
): Promise<void> {
  let entries: string[];
  try {
    entries = await readdir(root);
  } catch {
    return;
  }
  const cutoff = Date.now() - maxAgeMs;
  for (const entry of entries) {
    const path = join(root, entry);
    const owner = ownerOfTag(entry);
    if (owner && ownerIsGone(owner, self)) {
      await rm(path, { recursive: true, force: true }).catch(() => undefined);
    } else if (owner) {
      const uploads = await readdir(path).catch(() => []);
      for (const upload of uploads) await removeIfOlder(join(path, upload), cutoff);
    } else {
      await removeIfOlder(path, cutoff);
    }
  }
}

/**
 * Where this process keeps the temp files of its uploads in progress: a folder named after it in
 * DATA_DIR/tmp/uploads, so after a crash the next start knows whose they were (decision 011).
 */
export function uploadsTmpRoot(dataDir: string): string {
  return join(uploadsRoot(dataDir), ownerTag());
}
