import { type SqlBool, sql } from 'kysely';
import type { Executor } from '../../db/database.js';

/** A ledger row with the recipient's name. */
export interface LedgerRow {
  id: number;
  image_kind: 'photo' | 'album' | 'news' | 'experience';
  image_id: number;
  channel: 'news' | 'experience' | 'digest' | 'zip';
  title: string;
  recipients: number;
  recipient_name: string | null;
  blurred_faces: string;
  url: string | null;
  created_at: string;
}

/** A face of one child, by the image it is in. */
export interface ChildFaceRow {
  id: number;
  photo_id: number | null;
  album_id: number | null;
  news_id: number | null;
  experience_id: number | null;
  photo_album_id: number | null;
}

/** The SQL of the ledger's view (decision 086). */
export class ImageLedgerRepository {
  constructor(private readonly db: Executor) {}

  /** Where `childId` has a face: one query. */
  childFaces(childId: number): Promise<ChildFaceRow[]> {
    return this.db
      .selectFrom('faces')
      .leftJoin('photos', 'photos.id', 'faces.photo_id')
      .select([
        'faces.id',
        'faces.photo_id',
        'faces.album_id',
        'faces.news_id',
        'faces.experience_id',
        'photos.album_id as photo_album_id',
      ])
      .where('faces.child_id', '=', childId)
      .execute();
  }

  /**
   * A page of publications, newest first, and how many there are; with `childId`, only those of
   * images where that child has a face (an album's: its cover, or any of its photos).
   */
  async page(
    childId: number | null,
    page: number,
    limit: number,
  ): Promise<{ rows: LedgerRow[]; total: number }> {
    const ofChild = (childId: number) => sql<SqlBool>`(
      (ip.image_kind = 'photo' and ip.image_id in
        (select f.photo_id from faces f where f.child_id = ${childId} and f.photo_id is not null))
      or (ip.image_kind = 'news' and ip.image_id in
        (select f.news_id from faces f where f.child_id = ${childId} and f.news_id is not null))
      or (ip.image_kind = 'experience' and ip.image_id in
        (select f.experience_id from faces f where f.child_id = ${childId} and f.experience_id is not null))
      or (ip.image_kind = 'album' and (ip.image_id in
          (select f.album_id from faces f where f.child_id = ${childId} and f.album_id is not null)
        or ip.image_id in (select p.album_id from faces f inner join photos p on p.id = f.photo_id
          where f.child_id = ${childId}))))`;
    const base = this.db
      .selectFrom('image_publications as ip')
      .$if(childId !== null, (qb) => qb.where(ofChild(childId ?? 0)));
    const [rows, total] = await Promise.all([
      base
        .leftJoin('users', 'users.id', 'ip.recipient_id')
        .select([
          'ip.id',
          'ip.image_kind',
          'ip.image_id',
          'ip.channel',
          'ip.title',
          'ip.recipients',
          'users.name as recipient_name',
          'ip.blurred_faces',
          'ip.url',
          'ip.created_at',
        ])
        .orderBy('ip.id', 'desc')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
      base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }
}
