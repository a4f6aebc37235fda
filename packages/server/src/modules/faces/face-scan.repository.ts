import type { Selectable } from 'kysely';
import { type Db, type Executor, executorOf } from '../../db/database.js';
import type { Dialect } from '../../db/migrations/index.js';
import type { FaceScanQueueTable } from '../../db/schema.js';
import type { FaceImageRef } from '../../media/face-rows.js';

export type ScanRow = Selectable<FaceScanQueueTable>;

/** The table of each kind of image. */
const IMAGE_TABLES = {
  photo: 'photos',
  album: 'albums',
  news: 'news',
  experience: 'experiences',
} as const;

/** The image a queued scan is for. */
export function scanImage(row: ScanRow): FaceImageRef {
  if (row.photo_id !== null) return { kind: 'photo', id: row.photo_id };
  if (row.album_id !== null) return { kind: 'album', id: row.album_id };
  if (row.news_id !== null) return { kind: 'news', id: row.news_id };
  return { kind: 'experience', id: row.experience_id ?? 0 };
}

/** A row this instance holds until `claimed_until`, its `attempts` counting this one. */
export type ClaimedScan = ScanRow & { claimed_until: string };

/** SQL on `face_scan_queue`: claims by compare-and-set, so no two instances scan one image. */
export class FaceScanRepository {
  private readonly db: Executor;

  constructor(db: Db | Executor) {
    this.db = executorOf(db);
  }

  /**
   * Claims the oldest free row (never claimed, or its lease past `now`) until `until`, counting an
   * attempt. The update only lands when the row is still as it was read: another instance that
   * claimed it first makes it miss, and the next free row is tried.
   */
  async claimNext(now: string, until: string): Promise<ClaimedScan | undefined> {
    for (let tries = 0; tries < 5; tries++) {
      const row = await this.db
        .selectFrom('face_scan_queue')
        .selectAll()
        .where('gave_up_at', 'is', null)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      if (!row) return undefined;
      const result = await this.db
        .updateTable('face_scan_queue')
        .set({ claimed_until: until, attempts: row.attempts + 1 })
        .where('id', '=', row.id)
        .where('attempts', '=', row.attempts)
        .where((eb) =>
          row.claimed_until === null
            ? eb('claimed_until', 'is', null)
            : eb('claimed_until', '=', row.claimed_until),
        )
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1) {
        return { ...row, claimed_until: until, attempts: row.attempts + 1 };
      }
    }
    return undefined;
  }

  /** Removes a claimed row, if this instance still holds it; answers whether it did. */
  async finish(row: ClaimedScan): Promise<boolean> {
    const result = await this.db
      .deleteFrom('face_scan_queue')
      .where('id', '=', row.id)
      .where('claimed_until', '=', row.claimed_until)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /**
   * Stops trying a claimed row (this instance still holding it): the image stays in the queue,
   * not searched, until a manager has looked at it (decision 099).
   */
  async giveUp(row: ClaimedScan, now: string): Promise<void> {
    await this.db
      .updateTable('face_scan_queue')
      .set({ gave_up_at: now, claimed_until: null })
      .where('id', '=', row.id)
      .where('claimed_until', '=', row.claimed_until)
      .execute();
  }

  /** Leaves a claimed row to be tried again from `retryAt`. */
  async release(row: ClaimedScan, retryAt: string): Promise<void> {
    await this.db
      .updateTable('face_scan_queue')
      .set({ claimed_until: retryAt })
      .where('id', '=', row.id)
      .where('claimed_until', '=', row.claimed_until)
      .execute();
  }

  /**
   * Whether the image is still there; on PostgreSQL its row is then held against its deletion
   * until the end of the transaction.
   */
  async holdImage(image: FaceImageRef, dialect: Dialect): Promise<boolean> {
    const table = IMAGE_TABLES[image.kind];
    const query = this.db.selectFrom(table).select('id').where('id', '=', image.id);
    const row = await (dialect === 'postgres' ? query.forKeyShare() : query).executeTakeFirst();
    return row !== undefined;
  }

  /** The storage key of an image's display copy, or undefined when it is gone. */
  async displayKey(image: FaceImageRef): Promise<string | undefined> {
    switch (image.kind) {
      case 'photo':
        return (
          await this.db
            .selectFrom('photos')
            .select('image_key as key')
            .where('id', '=', image.id)
            .executeTakeFirst()
        )?.key;
      case 'album':
        return (
          (
            await this.db
              .selectFrom('albums')
              .select('cover_key as key')
              .where('id', '=', image.id)
              .executeTakeFirst()
          )?.key ?? undefined
        );
      case 'news':
      case 'experience':
        return (
          (
            await this.db
              .selectFrom(image.kind === 'news' ? 'news' : 'experiences')
              .select('image_key as key')
              .where('id', '=', image.id)
              .executeTakeFirst()
          )?.key ?? undefined
        );
    }
  }
}
