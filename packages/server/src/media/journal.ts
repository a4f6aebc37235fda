import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../db/database.js';
import { nowIso } from '../lib/tokens.js';
import { type JournalEntry, MediaJournalRepository } from './journal.repository.js';
import { ownerIsGone, PROCESS_OWNER } from './process-owner.js';
import type { MediaStorage } from './storage/storage.js';

/** How long an entry of a process that may still be alive (or of another host) is left alone. */
export const JOURNAL_LEASE_MS = 60 * 60 * 1000;
/** Entries looked at per round: one reference query per table for each. */
const BATCH = 200;

export interface MediaJournalOptions {
  /** Who writes the entries; this process unless said (tests pose as other processes). */
  owner?: string;
  leaseMs?: number;
}

/**
 * The media journal (decision 011). A file is journaled before it is saved and settled once a
 * committed row points to it; a row's files are journaled before the row is deleted (or its image
 * replaced) and settled once the files are deleted. Whatever a crash cuts off stays journaled, and
 * `reconcile` finishes it: a journaled file no row points to is deleted, through the storage
 * interface (no listing of the disk, so it works the same on S3).
 */
export class MediaJournal {
  readonly owner: string;
  private readonly leaseMs: number;
  /**
   * This process's keys whose files should be gone and are not: a failed write or a delete could
   * not remove them (the storage was down), or their row was gone before they were kept. Nothing
   * is on its way to point to them, so the next sweep takes them at once instead of after the
   * lease.
   */
  private readonly abandoned = new Set<string>();
  private abandonListener: (() => void) | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    options: MediaJournalOptions = {},
  ) {
    this.owner = options.owner ?? PROCESS_OWNER;
    this.leaseMs = options.leaseMs ?? JOURNAL_LEASE_MS;
  }

  /**
   * Journals `keys` ("this file may become an orphan"): before they are saved, or before the row
   * pointing to them is deleted — then in that row's transaction (`executor`), so both commit
   * together. Throws when it cannot: nothing must go ahead unjournaled.
   */
  async record(keys: (string | null | undefined)[], executor?: Executor): Promise<void> {
    const present = [...new Set(keys.filter((key): key is string => Boolean(key)))];
    if (present.length === 0) return;
    await new MediaJournalRepository(executor ?? this.db).record(present, this.owner, nowIso());
  }

  /**
   * Settles `keys`: a committed row points to them, or their files are deleted. Never throws: an
   * entry left behind is only reconciled later.
   */
  async settle(keys: (string | null | undefined)[]): Promise<void> {
    const present = keys.filter((key): key is string => Boolean(key));
    if (present.length === 0) return;
    try {
      await new MediaJournalRepository(this.db).remove(present, this.owner);
    } catch (err) {
      this.log.warn({ err, keys: present }, 'no se pudo cerrar una entrada del diario de medios');
    }
  }

  /**
   * Settles `keys` after the row meant to point to them was committed — if one does. A key no row
   * points to by then (the row was deleted meanwhile by a change that did not know of it, or
   * never landed) is handed to the next sweep, soon, which deletes its file: settling it would
   * leave a file nothing points to and nothing will ever look at again. Never throws.
   */
  async keep(keys: (string | null | undefined)[]): Promise<void> {
    const present = keys.filter((key): key is string => Boolean(key));
    if (present.length === 0) return;
    let referenced: Set<string>;
    try {
      referenced = await new MediaJournalRepository(this.db).referenced(present);
    } catch (err) {
      // Not known: the entries stay, and reconciliation looks again before deleting anything.
      this.log.warn({ err, keys: present }, 'no se pudo cerrar una entrada del diario de medios');
      return;
    }
    await this.settle(present.filter((key) => referenced.has(key)));
    this.abandon(present.filter((key) => !referenced.has(key)));
  }

  /**
   * Hands `keys` to the next sweep: their files should be gone but could not be deleted now.
   * Their entries stay (a crash meanwhile leaves them to the usual reconciliation).
   */
  abandon(keys: string[]): void {
    if (keys.length === 0) return;
    for (const key of keys) this.abandoned.add(key);
    this.abandonListener?.();
  }

  /** Whether some abandoned key still waits for a sweep. */
  hasAbandoned(): boolean {
    return this.abandoned.size > 0;
  }

  /** Called on each `abandon` (the sweeper then sweeps again soon). */
  onAbandon(listener: () => void): void {
    this.abandonListener = listener;
  }

  /**
   * Finishes what crashed processes left: every entry older than the lease or written by a gone
   * process is looked up in every table with media keys; if no row points to its key, the file is
   * deleted, with what a write of it cut off left; then the entry goes. An entry whose file
   * cannot be deleted stays for the next round.
   */
  async reconcile(storage: MediaStorage): Promise<{ deleted: number; kept: number }> {
    const repo = new MediaJournalRepository(this.db);
    const gone = (await repo.owners()).filter((owner) => ownerIsGone(owner, this.owner));
    const before = nowIso(-this.leaseMs);
    let deleted = 0;
    let kept = 0;
    let after = '';
    for (;;) {
      const batch = await repo.eligible(before, gone, after, BATCH, this.owner, [
        ...this.abandoned,
      ]);
      if (batch.length === 0) break;
      after = (batch[batch.length - 1] as JournalEntry).key;
      const referenced = await repo.referenced(batch.map((entry) => entry.key));
      const done: JournalEntry[] = [];
      for (const entry of batch) {
        if (referenced.has(entry.key)) {
          kept += 1;
        } else {
          try {
            await storage.delete(entry.key, { leftovers: true });
            deleted += 1;
          } catch (err) {
            this.log.warn({ err, key: entry.key }, 'no se pudo borrar un archivo huérfano');
            continue;
          }
        }
        done.push(entry);
      }
      await repo.removeEntries(done);
      for (const entry of done) this.abandoned.delete(entry.key);
      if (batch.length < BATCH) break;
    }
    if (deleted > 0) this.log.info({ deleted }, 'archivos huérfanos borrados');
    return { deleted, kept };
  }
}
