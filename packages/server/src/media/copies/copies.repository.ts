import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { Dialect } from '../../db/migrations/index.js';
import type { ImageRenditionsTable, RenditionQueueTable } from '../../db/schema.js';
import type { FaceImageKind } from '../face-rows.js';

export type RenditionRow = Selectable<ImageRenditionsTable>;
export type QueuedImage = Selectable<RenditionQueueTable>;

/** The SQL of the blurred copies and of their queue (decision 080). */
export class ImageRenditionsRepository {
  constructor(private readonly db: Executor) {}

  /** The copies whose display or thumbnail key is one of `keys`, in one query. */
  async byKeys(keys: readonly string[]): Promise<RenditionRow[]> {
    if (keys.length === 0) return [];
    const unique = [...new Set(keys)];
    return this.db
      .selectFrom('image_renditions')
      .selectAll()
      .where((eb) => eb.or([eb('image_key', 'in', unique), eb('thumb_key', 'in', unique)]))
      .execute();
  }

  /** The copies whose display key is one of `keys` (a list's: one lookup per key, by index). */
  async byImageKeys(
    keys: readonly string[],
  ): Promise<{ image_key: string; placeholder: string }[]> {
    if (keys.length === 0) return [];
    return this.db
      .selectFrom('image_renditions')
      .select(['image_key', 'placeholder'])
      .where('image_key', 'in', [...new Set(keys)])
      .execute();
  }

  /** The copies of images `ids` of `kind`. */
  async ofImages(kind: FaceImageKind, ids: readonly number[]): Promise<RenditionRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('image_renditions')
      .selectAll()
      .where('kind', '=', kind)
      .where('image_id', 'in', [...new Set(ids)])
      .execute();
  }

  /**
   * Whether image `id` of `kind` is still there with `source` as the file its copies are made
   * of: read in the transaction that records a copy of it and, on PostgreSQL, its rows locked
   * against their deletion until the end of it (a photo's album first, then the photo: the
   * order in which an album is deleted with its photos). A deletion under way is waited for,
   * then found.
   */
  async holdSource(
    kind: FaceImageKind,
    id: number,
    source: string,
    dialect: Dialect,
  ): Promise<boolean> {
    const held = async <Q extends { forKeyShare(): Q; executeTakeFirst(): Promise<unknown> }>(
      query: Q,
    ) =>
      (await (dialect === 'postgres' ? query.forKeyShare() : query).executeTakeFirst()) !==
      undefined;
    const { db } = this;
    switch (kind) {
      case 'photo': {
        const album = db.selectFrom('photos').select('album_id').where('id', '=', id);
        await held(db.selectFrom('albums').select('id').where('id', 'in', album));
        return held(
          db.selectFrom('photos').select('id').where('id', '=', id).where('image_key', '=', source),
        );
      }
      case 'album':
        return held(
          db.selectFrom('albums').select('id').where('id', '=', id).where('cover_key', '=', source),
        );
      case 'news':
      case 'experience':
        return held(
          db
            .selectFrom(kind === 'news' ? 'news' : 'experiences')
            .select('id')
            .where('id', '=', id)
            .where((eb) =>
              eb.or([eb('image_original_key', '=', source), eb('image_key', '=', source)]),
            ),
        );
    }
  }

  /** Records a copy whose files are stored; one already there under the same key stays. */
  async insert(row: Insertable<ImageRenditionsTable>): Promise<void> {
    await this.db
      .insertInto('image_renditions')
      .values(row)
      .onConflict((oc) => oc.column('image_key').doNothing())
      .execute();
  }

  /**
   * Deletes the copies of images `ids` of `kind` (the images are being deleted); returns their
   * files' keys, for the caller to journal in the same transaction and delete after it.
   */
  async deleteOfImages(kind: FaceImageKind, ids: readonly number[]): Promise<string[]> {
    const rows = await this.ofImages(kind, ids);
    await this.deleteByIds(rows.map((row) => row.id));
    return rows.flatMap((row) => [row.image_key, row.thumb_key]);
  }

  async deleteByIds(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .deleteFrom('image_renditions')
      .where('id', 'in', [...ids])
      .execute();
  }

  /** Puts images in the queue, or moves their `queued_at` when they are there already. */
  async enqueue(kind: FaceImageKind, ids: readonly number[], now: string): Promise<void> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return;
    await this.db
      .insertInto('rendition_queue')
      .values(unique.map((image_id) => ({ kind, image_id, queued_at: now })))
      .onConflict((oc) =>
        oc.columns(['kind', 'image_id']).doUpdateSet({ queued_at: now, claimed_until: null }),
      )
      .execute();
  }

  /** Up to `limit` queued images no instance holds, oldest first. */
  free(now: string, limit: number): Promise<QueuedImage[]> {
    return this.db
      .selectFrom('rendition_queue')
      .selectAll()
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
      .orderBy('queued_at')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** Claims a queued image until `until`; false when another instance was quicker. */
  async claim(row: QueuedImage, now: string, until: string): Promise<boolean> {
    const result = await this.db
      .updateTable('rendition_queue')
      .set({ claimed_until: until, attempts: row.attempts + 1 })
      .where('id', '=', row.id)
      .where('queued_at', '=', row.queued_at)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Done with a queued image, unless it changed again meanwhile (then it stays, free). */
  async done(row: QueuedImage): Promise<void> {
    await this.db
      .deleteFrom('rendition_queue')
      .where('id', '=', row.id)
      .where('queued_at', '=', row.queued_at)
      .execute();
    await this.db
      .updateTable('rendition_queue')
      .set({ claimed_until: null })
      .where('id', '=', row.id)
      .execute();
  }

  /** Gives a failed image back to the queue, to be tried again later. */
  async release(row: QueuedImage, until: string): Promise<void> {
    await this.db
      .updateTable('rendition_queue')
      .set({ claimed_until: until })
      .where('id', '=', row.id)
      .execute();
  }

  /** The gallery images (photos, covers) with a face of one of `childIds`. */
  async imagesWithChildren(
    childIds: readonly number[],
  ): Promise<{ photo_id: number | null; album_id: number | null }[]> {
    if (childIds.length === 0) return [];
    return this.db
      .selectFrom('faces')
      .select(['photo_id', 'album_id'])
      .distinct()
      .where('child_id', 'in', [...new Set(childIds)])
      .where((eb) => eb.or([eb('photo_id', 'is not', null), eb('album_id', 'is not', null)]))
      .execute();
  }

  /** Every gallery image with a face (the setting changed: all of them may look different). */
  async imagesWithFaces(): Promise<{ photo_id: number | null; album_id: number | null }[]> {
    return this.db
      .selectFrom('faces')
      .select(['photo_id', 'album_id'])
      .distinct()
      .where((eb) => eb.or([eb('photo_id', 'is not', null), eb('album_id', 'is not', null)]))
      .execute();
  }

  /** The clean display copy of each of the images `ids` of `kind` that still exists. */
  async sources(kind: 'photo' | 'album', ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const unique = [...new Set(ids)];
    const rows =
      kind === 'photo'
        ? await this.db
            .selectFrom('photos')
            .select(['id', 'image_key as key'])
            .where('id', 'in', unique)
            .execute()
        : await this.db
            .selectFrom('albums')
            .select(['id', 'cover_key as key'])
            .where('id', 'in', unique)
            .execute();
    return new Map(rows.flatMap((row) => (row.key ? [[row.id, row.key] as const] : [])));
  }
}
