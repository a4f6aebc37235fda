import { type Db, type Executor, executorOf } from '../../db/database.js';

/** What a shared link, the sitemap and the feed say of a news item or an experience. */
export interface PublicItemRow {
  id: number;
  title: string;
  description: string;
  /** The public copy (the one the 'Web pública' rule makes), never the private original. */
  image_key: string | null;
  image_width: number | null;
  image_height: number | null;
  created_at: string;
  updated_at: string;
}

export type PublicItemKind = 'news' | 'experiences';

const ITEM_COLUMNS = [
  'id',
  'title',
  'description',
  'image_key',
  'image_width',
  'image_height',
  'created_at',
  'updated_at',
] as const;

/** The public web's reads: only what a visitor without a session may see. */
export class PublicWebRepository {
  private readonly db: Executor;

  constructor(db: Db | Executor) {
    this.db = executorOf(db);
  }

  item(kind: PublicItemKind, id: number): Promise<PublicItemRow | undefined> {
    return this.db.selectFrom(kind).select(ITEM_COLUMNS).where('id', '=', id).executeTakeFirst();
  }

  /** Newest first, as the lists show them; every one when `limit` is not given. */
  items(kind: PublicItemKind, limit?: number): Promise<PublicItemRow[]> {
    let query = this.db
      .selectFrom(kind)
      .select(ITEM_COLUMNS)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc');
    if (limit !== undefined) query = query.limit(limit);
    return query.execute();
  }

  /** When the who-we-are page last changed: its scouters and its sections. */
  async whoWeAreChanged(): Promise<string | null> {
    const [monitors, sections] = await Promise.all([
      this.db
        .selectFrom('monitors')
        .select((eb) => eb.fn.max('updated_at').as('at'))
        .executeTakeFirst(),
      this.db
        .selectFrom('sections')
        .select((eb) => eb.fn.max('updated_at').as('at'))
        .executeTakeFirst(),
    ]);
    return latest([monitors?.at ?? null, sections?.at ?? null]);
  }

  /** Which public item's current copy `key` is, if any (the preview image's route asks). */
  async imageOwner(key: string): Promise<PublicItemRow | undefined> {
    for (const kind of ['news', 'experiences'] as const) {
      const row = await this.db
        .selectFrom(kind)
        .select(ITEM_COLUMNS)
        .where('image_key', '=', key)
        .executeTakeFirst();
      if (row) return row;
    }
    return undefined;
  }
}

/** The latest of ISO timestamps (they sort as text), or null when there is none. */
export function latest(times: readonly (string | null)[]): string | null {
  let out: string | null = null;
  for (const time of times) if (time && (!out || time > out)) out = time;
  return out;
}
