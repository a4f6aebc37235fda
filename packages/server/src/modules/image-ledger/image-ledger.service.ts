import type { ImageLedgerQuery, ImagePublication } from '@fogata/shared';
import type { AppContext } from '../../context.js';
import {
  type ChildFaceRow,
  ImageLedgerRepository,
  type LedgerRow,
} from './image-ledger.repository.js';

/** The ids in a blur set key ('3,7' → [3, 7]; '' → none). */
function blurredIds(key: string): number[] {
  return key === '' ? [] : key.split(',').map(Number);
}

/** The child's faces in the image a publication is of (an album's: its cover's). */
function facesIn(row: LedgerRow, faces: ChildFaceRow[]): number[] {
  const column = {
    photo: 'photo_id',
    album: 'album_id',
    news: 'news_id',
    experience: 'experience_id',
  } as const;
  return faces.filter((face) => face[column[row.image_kind]] === row.image_id).map((f) => f.id);
}

/** The ledger of where images went (decision 086), for the admin page 'Imagen'. */
export class ImageLedgerService {
  constructor(private readonly ctx: AppContext) {}

  /**
   * A page of publications. With `child`, those of images where the child appears, each saying
   * whether their face went out clear or blurred (null for a ZIP: an album, photo by photo).
   */
  async page(query: ImageLedgerQuery): Promise<{ entries: ImagePublication[]; total: number }> {
    const repo = new ImageLedgerRepository(this.ctx.db.kysely);
    const child = query.child ?? null;
    const [{ rows, total }, faces] = await Promise.all([
      repo.page(child, query.page, query.limit),
      child === null ? Promise.resolve([]) : repo.childFaces(child),
    ]);
    const entries = rows.map((row): ImagePublication => {
      const blurred = blurredIds(row.blurred_faces);
      const own = child === null || row.channel === 'zip' ? [] : facesIn(row, faces);
      return {
        id: row.id,
        image_kind: row.image_kind,
        image_id: row.image_id,
        channel: row.channel,
        title: row.title,
        recipients: Number(row.recipients),
        recipient_name: row.recipient_name,
        blurred: blurred.length,
        child_shown: own.length === 0 ? null : own.some((id) => !blurred.includes(id)),
        url: row.url,
        created_at: row.created_at,
      };
    });
    return { entries, total };
  }
}
