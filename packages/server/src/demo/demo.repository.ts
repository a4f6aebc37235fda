import type { Db } from '../db/database.js';

/** The tables whose rows make a database "not empty" for the demo (see `isEmpty`). */
export const CONTENT_TABLES = [
  'users',
  'albums',
  'photos',
  'news',
  'experiences',
  'monitors',
] as const;
type ContentTable = (typeof CONTENT_TABLES)[number];

/** Tables whose rows the demo dates back after creating them through the services. */
type DatedTable = 'users' | 'albums' | 'news' | 'experiences' | 'monitors';

/** SQL of the demo seeder: the emptiness check and the back-dating of what it created. */
export class DemoRepository {
  constructor(private readonly db: Db) {}

  /** How many rows each content table holds. */
  async counts(): Promise<Record<ContentTable, number>> {
    const counts = {} as Record<ContentTable, number>;
    for (const table of CONTENT_TABLES) {
      const row = await this.db.kysely
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      counts[table] = Number(row.n);
    }
    return counts;
  }

  /** Sets when a row was created (and last updated). */
  async backdate(table: DatedTable, id: number, iso: string): Promise<void> {
    if (table === 'users') {
      await this.db.kysely
        .updateTable('users')
        .set({ created_at: iso })
        .where('id', '=', id)
        .execute();
      return;
    }
    await this.db.kysely
      .updateTable(table)
      .set({ created_at: iso, updated_at: iso })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Puts a demo activity where the demo shows it: published (without the announcement mail), or
   * dated in the past and celebrada (a date the service refuses for a new activity).
   */
  async placeActivity(
    id: number,
    place: {
      status: 'publicada' | 'celebrada';
      starts_at?: string;
      ends_at?: string;
      meeting_at?: string;
      return_at?: string;
      signup_deadline?: string;
    },
  ): Promise<void> {
    const { status, ...times } = place;
    const published = times.starts_at
      ? new Date(Date.parse(times.starts_at) - 14 * 24 * 60 * 60 * 1000).toISOString()
      : new Date().toISOString();
    await this.db.kysely
      .updateTable('activities')
      .set({
        status,
        ...times,
        published_at: published,
        ...(times.starts_at ? { terms_changed_at: published, created_at: published } : {}),
      })
      .where('id', '=', id)
      .execute();
  }

  /** Dates every photo of an album (they were uploaded together). */
  async backdatePhotos(albumId: number, iso: string): Promise<void> {
    await this.db.kysely
      .updateTable('photos')
      .set({ created_at: iso })
      .where('album_id', '=', albumId)
      .execute();
  }

  async backdateComment(id: number, iso: string): Promise<void> {
    await this.db.kysely
      .updateTable('comments')
      .set({ created_at: iso, updated_at: iso })
      .where('id', '=', id)
      .execute();
  }

  /** The faces found in a photo, or in an album's cover, with their boxes' left edge. */
  async facesOf(image: { photoId: number } | { albumId: number }) {
    const query = this.db.kysely.selectFrom('faces').select(['id', 'x']);
    return 'photoId' in image
      ? query.where('photo_id', '=', image.photoId).execute()
      : query.where('album_id', '=', image.albumId).execute();
  }
}
