import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { MediaStorage } from '../storage/storage.js';
import { type JournalEntry, MediaJournalRepository } from './media-journal.repository.js';
import { nowIso } from './tokens.js';

const HAS_PROC = existsSync('/proc/self/stat');

/**
 * A process's pid and its start time, from /proc (Linux): `state` is its run state (`Z` for a
 * zombie), `started` the clock tick it started at since boot. Null when /proc has no such
 * process; undefined when there is no /proc to ask (another system).
 */
function procStat(pid: number | 'self'): { state: string; started: string } | null | undefined {
  if (!HAS_PROC) return undefined;
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch (err) {
    return (err as { code?: string }).code === 'ENOENT' ? null : undefined;
  }
  // The command name (field 2) is in parentheses and may hold spaces: count from after it.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const state = fields[0];
  const started = fields[19];
  return state && started ? { state, started } : undefined;
}

/** This process's start tick (see procStat), so that a pid reused later is not taken for it. */
const STARTED = procStat('self')?.started;

/**
 * This process, as journal entries and temp folders name it: host, pid (with its start tick
 * where the system tells it) and a random part drawn at start (a restarted container gets the
 * same pid again, not the same random part).
 */
export const PROCESS_OWNER = `${hostname()}:${process.pid}${STARTED ? `-${STARTED}` : ''}:${randomBytes(6).toString('hex')}`;

/** How long an entry of a process that may still be alive (or of another host) is left alone. */
export const JOURNAL_LEASE_MS = 60 * 60 * 1000;
/** How often a running app reconciles (besides at start-up). */
export const SWEEP_EVERY_MS = 10 * 60 * 1000;
/** How soon files a failed write left are swept again while the storage may still be down. */
export const ABANDONED_RETRY_MS = 30_000;
/** Entries looked at per round: one reference query per table for each. */
const BATCH = 200;

/** host, pid, the pid's start tick (owners written before it was recorded have none), random. */
const OWNER = /^(.+):(\d+)(?:-(\d+))?:([0-9a-f]+)$/;

/**
 * Whether the process that wrote `owner` is known to be gone: it ran on this host and its pid
 * has no process, or a zombie one (killed, not yet reaped: common in a container whose first
 * process does not reap), or a process started at another tick than it (the pid was reused); or
 * its pid is ours but from an earlier start. A process of another host is not known to be gone:
 * only the lease tells. Where there is no /proc, a pid that answers a signal counts as alive.
 */
export function ownerIsGone(owner: string, self = PROCESS_OWNER): boolean {
  if (owner === self) return false;
  const them = OWNER.exec(owner);
  const us = OWNER.exec(self);
  if (!them || !us || them[1] !== us[1]) return false;
  const pid = Number(them[2]);
  if (pid === Number(us[2])) return true;
  if (pid <= 0) return false;
  const stat = procStat(pid);
  if (stat === null) return true;
  if (stat) {
    if (stat.state === 'Z' || stat.state === 'X') return true;
    return them[3] !== undefined && them[3] !== stat.started;
  }
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return (err as { code?: string }).code === 'ESRCH';
  }
}

/** `owner` as a folder name (`host_pid_random`). */
export function ownerTag(owner = PROCESS_OWNER): string {
  return owner.replaceAll(':', '_');
}

/** The owner a folder name from `ownerTag` stands for, or null for any other name. */
export function ownerOfTag(tag: string): string | null {
  const match = /^(.+)_(\d+(?:-\d+)?)_([0-9a-f]+)$/.exec(tag);
  return match ? `${match[1]}:${match[2]}:${match[3]}` : null;
}

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

type Executor = Kysely<Database> | Transaction<Database>;

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
   * This process's keys whose files a failed write or a delete could not remove (the storage
   * was down): nothing is on its way to point to them, so the next sweep takes them at once
   * instead of after the lease.
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
   * deleted; then the entry goes. An entry whose file cannot be deleted stays for the next round.
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
            await storage.delete(entry.key);
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

/** What the sweeps need from the app. */
export interface SweepTarget {
  mediaJournal: MediaJournal;
  storage: MediaStorage;
  log: FastifyBaseLogger;
  config: { dataDir: string };
}

/**
 * Sweeps what crashes left behind: journaled orphans and the temp uploads of gone processes.
 * `start` sweeps once (awaited: before the app listens), then every `everyMs` on an unref'd
 * timer; `stop` ends the timer and waits for a sweep in progress.
 */
export class MediaSweeper {
  private timer: NodeJS.Timeout | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly target: SweepTarget,
    private readonly everyMs = SWEEP_EVERY_MS,
    private readonly retryMs = ABANDONED_RETRY_MS,
  ) {
    target.mediaJournal.onAbandon(() => this.soon());
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.sweep();
    this.schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.timer = null;
    this.retryTimer = null;
    await this.running;
  }

  /** One sweep; failures are logged (the next sweep tries again), never thrown. */
  sweep(): Promise<void> {
    this.running ??= (async () => {
      const { mediaJournal, storage, log, config } = this.target;
      try {
        await removeLeftUploads(uploadsRoot(config.dataDir), mediaJournal.owner);
        await mediaJournal.reconcile(storage);
      } catch (err) {
        log.warn({ err }, 'no se pudo repasar el diario de medios');
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /**
   * Sweeps again within `retryMs`, and so on while abandoned files remain: the storage that
   * could not delete them may be back by then, and no restart is needed to clean them.
   */
  soon(): void {
    if (this.stopped || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      void this.sweep().then(() => {
        this.retryTimer = null;
        if (this.target.mediaJournal.hasAbandoned()) this.soon();
      });
    }, this.retryMs);
    this.retryTimer.unref();
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.sweep().then(() => this.schedule());
    }, this.everyMs);
    this.timer.unref();
  }
}
