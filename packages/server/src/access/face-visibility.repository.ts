import type { FaceStatus } from '@fogata/shared';
import type { Executor } from '../db/database.js';
import type { FaceImageKind } from './face-visibility.js';

/** The owner column of each kind of image in `faces`. */
export const FACE_OWNER_COLUMN = {
  photo: 'photo_id',
  album: 'album_id',
  news: 'news_id',
  experience: 'experience_id',
} as const satisfies Record<FaceImageKind, string>;

/** What the rule reads of a face. */
export interface FaceRuleRow {
  id: number;
  image_id: number;
  x: number;
  y: number;
  width: number;
  height: number;
  status: FaceStatus;
  child_id: number | null;
  blur_requested_at: string | null;
}

/** The SQL of the face rule (`face-visibility.ts`). */
export class FaceVisibilityRepository {
  constructor(private readonly db: Executor) {}

  /** Every face of the images `ids` of `kind`, in one query. */
  async faces(kind: FaceImageKind, ids: readonly number[]): Promise<FaceRuleRow[]> {
    if (ids.length === 0) return [];
    const owner = FACE_OWNER_COLUMN[kind];
    return this.db
      .selectFrom('faces')
      .select([
        'id',
        `${owner} as image_id`,
        'x',
        'y',
        'width',
        'height',
        'status',
        'child_id',
        'blur_requested_at',
      ])
      .where(owner, 'in', [...new Set(ids)])
      .orderBy('id')
      .execute() as Promise<FaceRuleRow[]>;
  }

  /**
   * The images among `ids` of `kind` whose faces were not looked for: still waiting for the
   * background scan, or given up on by it (decision 099). One query.
   */
  async unsearched(kind: FaceImageKind, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const owner = FACE_OWNER_COLUMN[kind];
    const rows = await this.db
      .selectFrom('face_scan_queue')
      .select(`${owner} as image_id`)
      .where(owner, 'in', [...new Set(ids)])
      .execute();
    return [...new Set(rows.map((row) => Number(row.image_id)))];
  }

  /** The children `userId` is a guardian of. */
  async guardedChildIds(userId: number): Promise<Set<number>> {
    const rows = await this.db
      .selectFrom('guardians')
      .select('child_id')
      .where('user_id', '=', userId)
      .execute();
    return new Set(rows.map((row) => row.child_id));
  }
}
