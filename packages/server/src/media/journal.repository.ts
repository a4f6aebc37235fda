import type { Kysely } from 'kysely';
import { type Db, type Executor, executorOf } from '../db/database.js';
import type { Database } from '../db/schema.js';

/** A journal entry as read back. */
export interface JournalEntry {
  key: string;
  owner: string;
  created_at: string;
}

/**
 * Every column that holds a media key (a file in storage), by table. A test checks it against the
 * migrated schema: a new `*_key` column must be added here, or reconciliation would delete the
 * files it points to.
 */
export const MEDIA_KEY_COLUMNS = {
  users: ['avatar_key'],
  albums: ['cover_key', 'cover_thumb_key'],
  photos: ['image_key', 'thumb_key'],
  news: ['image_key', 'image_thumb_key', 'image_original_key'],
  experiences: ['image_key', 'image_thumb_key', 'image_original_key'],
  monitors: ['image_key', 'image_thumb_key'],
  image_renditions: ['image_key', 'thumb_key'],
  // A paper autorización's photo or scan (private, metadata stripped).
  activity_authorizations: ['paper_key'],
} as const satisfies { [T in keyof Database]?: readonly (keyof Database[T] & string)[] };

/** SQL on `media_journal`, and the reference check over every table with media keys. */
export class MediaJournalRepository {
  private readonly db: Executor;

  constructor(db: Db | Executor) {
    this.db = executorOf(db);
  }

  /** Writes (or takes over and renews) an entry for each key. */
  async record(keys: string[], owner: string, createdAt: string): Promise<void> {
    await this.db
      .insertInto('media_journal')
      .values(keys.map((key) => ({ key, owner, created_at: createdAt })))
      .onConflict((oc) =>
        oc.column('key').doUpdateSet((eb) => ({
          owner: eb.ref('excluded.owner'),
          created_at: eb.ref('excluded.created_at'),
        })),
      )
      .execute();
  }

  /** Removes `owner`'s entries for `keys` (another owner's entry for the same key stays). */
  async remove(keys: string[], owner: string): Promise<void> {
    await this.db
      .deleteFrom('media_journal')
      .where('key', 'in', keys)
      .where('owner', '=', owner)
      .execute();
  }

  /** Removes exactly these entries: one renewed meanwhile (new owner or time) stays. */
  async removeEntries(entries: JournalEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await this.db
      .deleteFrom('media_journal')
      .where((eb) =>
        eb.or(
          entries.map((e) =>
            eb.and([
              eb('key', '=', e.key),
              eb('owner', '=', e.owner),
              eb('created_at', '=', e.created_at),
            ]),
          ),
        ),
      )
      .execute();
  }

  async owners(): Promise<string[]> {
    const rows = await this.db.selectFrom('media_journal').select('owner').distinct().execute();
    return rows.map((row) => row.owner);
  }

  /**
   * Up to `limit` entries after `afterKey` (in key order) written before `before`, by one of
   * `owners`, or by `self` for one of `abandoned`.
   */
  eligible(
    before: string,
    owners: string[],
    afterKey: string,
    limit: number,
    self = '',
    abandoned: string[] = [],
  ): Promise<JournalEntry[]> {
    return this.db
      .selectFrom('media_journal')
      .select(['key', 'owner', 'created_at'])
      .where('key', '>', afterKey)
      .where((eb) =>
        eb.or([
          eb('created_at', '<', before),
          ...(owners.length > 0 ? [eb('owner', 'in', owners)] : []),
          ...(abandoned.length > 0
            ? [eb.and([eb('owner', '=', self), eb('key', 'in', abandoned)])]
            : []),
        ]),
      )
      .orderBy('key')
      .limit(limit)
      .execute();
  }

  /** Which of `keys` some row points to: one query per table for the whole batch. */
  async referenced(keys: string[]): Promise<Set<string>> {
    const found = new Set<string>();
    if (keys.length === 0) return found;
    // Table and column names come from the constant above, checked against the schema's types.
    const db = this.db as unknown as Kysely<Record<string, Record<string, string | null>>>;
    for (const [table, columns] of Object.entries(MEDIA_KEY_COLUMNS)) {
      const rows = await db
        .selectFrom(table)
        .select([...columns])
        .where((eb) => eb.or(columns.map((column) => eb(column, 'in', keys))))
        .execute();
      for (const row of rows) {
        for (const column of columns) {
          const key = row[column];
          if (key) found.add(key);
        }
      }
    }
    return found;
  }
}
