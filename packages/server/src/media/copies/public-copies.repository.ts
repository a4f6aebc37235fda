import type { Insertable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { ImagePublicationsTable } from '../../db/schema.js';

/** The kinds of public image: a news item's and an experience's. */
export type PublicImageKind = 'news' | 'experience';

/** The table of each kind of public image. */
export const PUBLIC_IMAGE_TABLE = {
  news: 'news',
  experience: 'experiences',
} as const satisfies Record<PublicImageKind, string>;

/** What a re-render reads of a news item or an experience. */
export interface PublicImageRow {
  id: number;
  title: string;
  image_key: string | null;
  image_thumb_key: string | null;
  image_original_key: string | null;
  image_blur_set: string | null;
}

/** The new public copy of an image, written only if the row still has `previousKey`. */
export interface PublishedCopy {
  image_key: string;
  image_thumb_key: string;
  image_placeholder: string;
  image_original_key: string;
  image_blur_set: string;
}

/** SQL of the public images' copies and of the ledger (decisions 085, 086). */
export class PublicImagesRepository {
  constructor(private readonly db: Executor) {}

  /** The rows `ids` of `kind` that have an image, in one query. */
  rows(kind: PublicImageKind, ids: readonly number[]): Promise<PublicImageRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom(PUBLIC_IMAGE_TABLE[kind])
      .select([
        'id',
        'title',
        'image_key',
        'image_thumb_key',
        'image_original_key',
        'image_blur_set',
      ])
      .where('id', 'in', [...new Set(ids)])
      .where('image_key', 'is not', null)
      .orderBy('id')
      .execute();
  }

  /**
   * Points row `id` to its new public copy, if it still shows `previousKey` (another re-render,
   * or a new image, did not get there first). Answers whether it did.
   */
  async publish(
    kind: PublicImageKind,
    id: number,
    previousKey: string,
    copy: PublishedCopy,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable(PUBLIC_IMAGE_TABLE[kind])
      .set(copy)
      .where('id', '=', id)
      .where('image_key', '=', previousKey)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The news items and experiences where any of `childIds` has a face, in two queries. */
  async imagesOfChildren(childIds: readonly number[]): Promise<Record<PublicImageKind, number[]>> {
    if (childIds.length === 0) return { news: [], experience: [] };
    const rows = await this.db
      .selectFrom('faces')
      .select(['news_id', 'experience_id'])
      .where('child_id', 'in', [...new Set(childIds)])
      .where((eb) => eb.or([eb('news_id', 'is not', null), eb('experience_id', 'is not', null)]))
      .execute();
    const news = new Set<number>();
    const experience = new Set<number>();
    for (const row of rows) {
      if (row.news_id !== null) news.add(row.news_id);
      if (row.experience_id !== null) experience.add(row.experience_id);
    }
    return { news: [...news], experience: [...experience] };
  }

  /** Every news item and experience with at least one face (the setting changed). */
  async imagesWithFaces(): Promise<Record<PublicImageKind, number[]>> {
    const rows = await this.db
      .selectFrom('faces')
      .select(['news_id', 'experience_id'])
      .distinct()
      .where((eb) => eb.or([eb('news_id', 'is not', null), eb('experience_id', 'is not', null)]))
      .execute();
    return {
      news: rows.flatMap((row) => (row.news_id === null ? [] : [row.news_id])),
      experience: rows.flatMap((row) => (row.experience_id === null ? [] : [row.experience_id])),
    };
  }

  /** Which of `keys` are the private originals of news or experience images (two queries). */
  async originalKeys(keys: readonly string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const [news, experiences] = await Promise.all(
      (['news', 'experiences'] as const).map((table) =>
        this.db
          .selectFrom(table)
          .select('image_original_key')
          .where('image_original_key', 'in', [...keys])
          .execute(),
      ),
    );
    return new Set(
      [...(news ?? []), ...(experiences ?? [])].flatMap((row) =>
        row.image_original_key ? [row.image_original_key] : [],
      ),
    );
  }

  /** Appends publications to the ledger. */
  async record(rows: Insertable<ImagePublicationsTable>[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db.insertInto('image_publications').values(rows).execute();
  }
}

/**
 * Appends publications to the ledger (decision 086): what went out, where, to whom, with which
 * faces blurred. Called where an image leaves the app: a public copy, a digest, a ZIP.
 */
export function recordPublications(
  db: Executor,
  rows: Insertable<ImagePublicationsTable>[],
): Promise<void> {
  return new PublicImagesRepository(db).record(rows);
}
