import type { FaceStatus } from '@fogata/shared';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';

/** Faces counted by what the rule reads of them (one row per album, status, child, request). */
export interface FaceCountRow {
  album_id: number;
  status: FaceStatus;
  child_id: number | null;
  requested: number | string;
  n: number | string;
}

/** An album of the preview's page. */
export interface PreviewAlbumRow {
  id: number;
  title: string;
  photos: number | string;
}

/** The SQL of the preview of 'Aplicar el consentimiento de imagen' (decision 088). */
export class SettingsRepository {
  constructor(private readonly db: Executor) {}

  /** How many stored images still wait for the background face scan. */
  async imagesToScan(): Promise<number> {
    const row = await this.db
      .selectFrom('face_scan_queue')
      .select(({ fn }) => fn.countAll<number | string>().as('n'))
      // One the scan gave up on is not waiting: it is blurred whole until looked at (decision 099).
      .where('gave_up_at', 'is', null)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** A page of albums, newest first, with their photo counts; and how many there are. */
  async albumsPage(
    page: number,
    limit: number,
  ): Promise<{ rows: PreviewAlbumRow[]; total: number }> {
    const [rows, total] = await Promise.all([
      this.db
        .selectFrom('albums')
        .select([
          'albums.id',
          'albums.title',
          (eb) =>
            eb
              .selectFrom('photos')
              .select(eb.fn.countAll().as('n'))
              .whereRef('photos.album_id', '=', 'albums.id')
              .as('photos'),
        ])
        .orderBy('albums.created_at', 'desc')
        .orderBy('albums.id', 'desc')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
      this.db
        .selectFrom('albums')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return {
      rows: rows.map((row) => ({ ...row, photos: Number(row.photos ?? 0) })),
      total: Number(total.n),
    };
  }

  /**
   * The faces of the photos of albums `albumIds` (every album when null), counted by album,
   * status, child and whether a guardian asked to blur them: one query, a row per combination.
   */
  photoFaceCounts(albumIds: readonly number[] | null): Promise<FaceCountRow[]> {
    if (albumIds !== null && albumIds.length === 0) return Promise.resolve([]);
    const filter = albumIds === null ? sql`` : sql`where p.album_id in (${sql.join(albumIds)})`;
    return sql<FaceCountRow>`select p.album_id, f.status, f.child_id,
        case when f.blur_requested_at is null then 0 else 1 end as requested, count(*) as n
      from faces f inner join photos p on p.id = f.photo_id ${filter}
      group by p.album_id, f.status, f.child_id,
        case when f.blur_requested_at is null then 0 else 1 end`
      .execute(this.db)
      .then((result) => result.rows);
  }

  /** The faces of news and experience images, counted the same way (album_id 0). */
  publicFaceCounts(): Promise<FaceCountRow[]> {
    return sql<FaceCountRow>`select 0 as album_id, f.status, f.child_id,
        case when f.blur_requested_at is null then 0 else 1 end as requested, count(*) as n
      from faces f where f.news_id is not null or f.experience_id is not null
      group by f.status, f.child_id, case when f.blur_requested_at is null then 0 else 1 end`
      .execute(this.db)
      .then((result) => result.rows);
  }

  /** How many albums there are. */
  async albumCount(): Promise<number> {
    const row = await this.db
      .selectFrom('albums')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
