import type { Executor } from '../db/database.js';
import type { FaceSearch } from './face-search.js';

/*
 * The faces of a stored image as rows (migration 014): written in the transaction that writes
 * the image's row, so an image never exists without its faces having been looked for or being
 * in line to be — found ones in `faces`, or the image in `face_scan_queue` (the detector failed
 * on it, or the scan looks for them after the upload: decision 139).
 */

/** The four kinds of image that have faces (the face rule's `FaceImageKind`). */
export type FaceImageKind = 'photo' | 'album' | 'news' | 'experience';

/** An image that has faces: a photo, an album's cover, a news item's or an experience's image. */
export interface FaceImageRef {
  kind: FaceImageKind;
  id: number;
}

/** The column of `faces` and `face_scan_queue` that holds an image of `kind`. */
export function faceImageColumn(
  kind: FaceImageKind,
): 'photo_id' | 'album_id' | 'news_id' | 'experience_id' {
  switch (kind) {
    case 'photo':
      return 'photo_id';
    case 'album':
      return 'album_id';
    case 'news':
      return 'news_id';
    case 'experience':
      return 'experience_id';
  }
}

/** The four image columns with `image` set and the others null. */
function ownerColumns(image: FaceImageRef) {
  return {
    photo_id: null,
    album_id: null,
    news_id: null,
    experience_id: null,
    [faceImageColumn(image.kind)]: image.id,
  };
}

/**
 * Records what a search found in `image`: its faces, pending review, or the image in the scan
 * queue when the detector failed or has not looked yet.
 */
export async function saveFaceSearch(
  db: Executor,
  image: FaceImageRef,
  search: FaceSearch,
  now: string,
): Promise<void> {
  if (!('found' in search)) {
    await db
      .insertInto('face_scan_queue')
      .values({ ...ownerColumns(image), created_at: now })
      .execute();
    return;
  }
  if (search.found.length === 0) return;
  await db
    .insertInto('faces')
    .values(
      search.found.map((face) => ({
        ...ownerColumns(image),
        x: face.x,
        y: face.y,
        width: face.width,
        height: face.height,
        score: face.score,
        source: 'detector' as const,
        status: 'pending' as const,
        created_at: now,
      })),
    )
    .execute();
}

/**
 * A replaced image (a new cover, a new news image): its old faces, found or drawn, and its place
 * in the scan queue go, before the new image's search is saved.
 */
export async function replaceFaceSearch(
  db: Executor,
  image: FaceImageRef,
  search: FaceSearch,
  now: string,
): Promise<void> {
  const column = faceImageColumn(image.kind);
  await db.deleteFrom('faces').where(column, '=', image.id).execute();
  await db.deleteFrom('face_scan_queue').where(column, '=', image.id).execute();
  await saveFaceSearch(db, image, search, now);
}
