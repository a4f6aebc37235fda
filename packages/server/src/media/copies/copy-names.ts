import type { FaceImageKind } from '../face-rows.js';
import { UNSEARCHED_FACE_ID } from '../face-search.js';
import type { MediaUrlSigner } from '../url-signer.js';
import type { RenditionRow } from './copies.repository.js';
import type { BlurBox } from './face-blur.js';

/*
 * What a blurred copy is (decision 080): named by what it is made of — the image, its clean
 * display copy and the boxes it blurs — through a keyed hash, so a URL can be handed out before
 * the copy exists. access/ checks a URL against these names; media/renditions/ makes the files.
 * Which faces a viewer must get blurred is not said here: the face rule in access/ says it.
 */

/** Where the copies' files live (members-only media). */
export const RENDITIONS_FOLDER = 'private/renditions';

/** The kinds of image the gallery shows: a photo, an album's cover. */
export type GalleryImageKind = Extract<FaceImageKind, 'photo' | 'album'>;

/** A face's box as a copy blurs it: the face's id, and where it is. */
export type CopyBox = BlurBox & { id: number };

/**
 * The box a copy blurs for an image whose faces were not looked for yet: the whole image, as the
 * face rule's one face not reviewed (decision 099).
 */
export const WHOLE_IMAGE_BOX: CopyBox = { id: UNSEARCHED_FACE_ID, x: 0, y: 0, width: 1, height: 1 };

/**
 * Shown while a copy is not made yet: a plain grey 16×12 WebP. Never the clean placeholder, which
 * at 16 px still carries a face's colours and shape.
 */
export const PENDING_PLACEHOLDER =
  'data:image/webp;base64,UklGRigAAABXRUJQVlA4IBwAAABwAQCdASoQAAwAA4BaJZQCdAFAAAD+5HTED/gA';

/** What a copy is made of: of a gallery image, or a family's own copy of a public one (100). */
export interface RenditionSpec {
  kind: FaceImageKind;
  imageId: number;
  /** The clean display copy's storage key. */
  source: string;
  /** The faces blurred in it. */
  boxes: CopyBox[];
}

/** The boxes as the copy's name and its row hold them: ordered by face id. */
export function boxesText(boxes: readonly CopyBox[]): string {
  return JSON.stringify(
    [...boxes]
      .sort((a, b) => a.id - b.id)
      .map(({ id, x, y, width, height }) => ({ id, x, y, width, height })),
  );
}

/** The storage keys of the copy `spec` describes: display copy and thumbnail. */
export function renditionKeys(
  signer: Pick<MediaUrlSigner, 'derivedName'>,
  spec: RenditionSpec,
): { imageKey: string; thumbKey: string } {
  const folder = `${RENDITIONS_FOLDER}/${spec.kind}-${spec.imageId}`;
  const name = signer.derivedName(
    `${spec.kind}\n${spec.imageId}\n${spec.source}\n${boxesText(spec.boxes)}`,
  );
  // One digest, two names: the display copy's and the thumbnail's halves.
  return {
    imageKey: `${folder}/${name.slice(0, 32)}.webp`,
    thumbKey: `${folder}/${name.slice(32, 64)}.webp`,
  };
}

const COPY_KEY =
  /^private\/renditions\/(photo|album|news|experience)-([1-9]\d{0,9})\/[0-9a-f]{32}\.webp$/;

/** The image a copy's key belongs to, or null when `key` is not a copy's. */
export function renditionImage(key: string): { kind: FaceImageKind; id: number } | null {
  const match = COPY_KEY.exec(key);
  return match ? { kind: match[1] as FaceImageKind, id: Number(match[2]) } : null;
}

/** Whether `kind` is a gallery image's (a photo, an album's cover). */
export function isGalleryKind(kind: FaceImageKind): kind is GalleryImageKind {
  return kind === 'photo' || kind === 'album';
}

/** The boxes a copy's row says it blurred. */
export function rowBoxes(row: Pick<RenditionRow, 'boxes'>): CopyBox[] {
  try {
    const parsed = JSON.parse(row.boxes) as CopyBox[];
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

/**
 * Whether a copy that blurred `blurred` hides every face of `needed`: each of them is there,
 * with the very same box (a box a manager moved since is not hidden by the old copy).
 */
export function hidesAll(blurred: readonly CopyBox[], needed: readonly CopyBox[]): boolean {
  const byId = new Map(blurred.map((box) => [box.id, box]));
  return needed.every((face) => {
    const box = byId.get(face.id);
    return (
      box !== undefined &&
      box.x === face.x &&
      box.y === face.y &&
      box.width === face.width &&
      box.height === face.height
    );
  });
}

/**
 * What the copy file `key` of image `kind`/`imageId` is made of, if it opens for a viewer who must
 * get the faces `needed` blurred now, the image's clean file being `source`: a copy already made
 * (`made`, its row) opens when it is of this very source and hides every face needed (more blur
 * is safe); one not made yet, when it is the very copy `needed` names. Otherwise null: whatever
 * link was kept.
 */
export function copyOpening(
  signer: Pick<MediaUrlSigner, 'derivedName'>,
  key: string,
  image: { kind: FaceImageKind; imageId: number; source: string },
  needed: readonly CopyBox[],
  made: RenditionRow | undefined,
): RenditionSpec | null {
  const { kind, imageId, source } = image;
  if (made) {
    const blurred = rowBoxes(made);
    const current = made.kind === kind && made.image_id === imageId && made.source === source;
    return current && hidesAll(blurred, needed) ? { ...image, boxes: blurred } : null;
  }
  const spec = { ...image, boxes: [...needed] };
  const keys = renditionKeys(signer, spec);
  return key === keys.imageKey || key === keys.thumbKey ? spec : null;
}
