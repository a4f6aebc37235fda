import { buffer } from 'node:stream/consumers';
import { SERVER_ERRORS } from '@fogata/shared';
import type { AppContext } from '../context.js';
import { AppError } from '../lib/app-error.js';
import { nowIso } from '../lib/tokens.js';
import { toBlurredVariants } from '../media/face-blur.js';
import { deleteMedia, keepMedia, markForDeletion, saveMedia } from '../media/media-files.js';
import type { StoredFile } from '../media/storage/storage.js';
import type { MediaUrlSigner } from '../media/url-signer.js';
import { blurSetKey, type FaceBox, type FaceImageKind } from './face-visibility.js';
import { ImageRenditionsRepository, type RenditionRow } from './image-renditions.repository.js';

/*
 * The blurred copies of gallery images (issue #25 part 3, decision 080). A copy is named by what
 * it is made of — the image, its clean display copy and the boxes it blurs — through a keyed
 * hash, so the API can hand out its URL before it exists; the media route makes a missing one on
 * demand, once, and the worker makes the usual ones ahead after a change. Which copy a viewer
 * gets is the face rule's (face-visibility.ts); whether a URL opens is gallery-access.ts's.
 */

/** Where the copies' files live (members-only media). */
export const RENDITIONS_FOLDER = 'private/renditions';

/** The kinds of image the gallery shows: a photo, an album's cover. */
export type GalleryImageKind = Extract<FaceImageKind, 'photo' | 'album'>;

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
  boxes: FaceBox[];
}

/** The boxes as the copy's name and its row hold them: ordered by face id. */
export function boxesText(boxes: readonly FaceBox[]): string {
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
export function rowBoxes(row: Pick<RenditionRow, 'boxes'>): FaceBox[] {
  try {
    const parsed = JSON.parse(row.boxes) as FaceBox[];
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

/**
 * Whether a copy that blurred `blurred` hides every face of `needed`: each of them is there,
 * with the very same box (a box a manager moved since is not hidden by the old copy).
 */
export function hidesAll(blurred: readonly FaceBox[], needed: readonly FaceBox[]): boolean {
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
  needed: readonly FaceBox[],
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

/** Copies being made in this process, by display key: asked twice, made once. */
const making = new Map<string, Promise<void>>();

/**
 * Copies made at the same time in this process, at most: a page of 48 thumbnails asked before
 * the worker made them must not decode 48 display copies at once (~6 MB of pixels each, and the
 * blur's own) on a small machine. The rest wait their turn.
 */
const AT_ONCE = 2;
let busy = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(task: () => Promise<T>): Promise<T> {
  // A finished task hands its place to the next in line, so no newcomer slips in between.
  if (busy >= AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else busy += 1;
  try {
    return await task();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else busy -= 1;
  }
}

type RenditionContext = Pick<AppContext, 'db' | 'storage' | 'mediaJournal' | 'log' | 'mediaUrls'>;

/**
 * How long a request waits for the copy it asked for to be made (behind others in turn) before
 * it is answered a 503 to try again: a viewer is told, never left hanging.
 */
export const COPY_WAIT_MS = 20_000;

/** The 503 of a copy not ready within the wait: the viewer's app tries again. */
function copyPending(): AppError {
  return new AppError(503, SERVER_ERRORS.mediaCopyPending);
}

/** Makes, opens and drops blurred copies. */
export class ImageRenditions {
  constructor(
    private readonly ctx: RenditionContext,
    private readonly waitMs = COPY_WAIT_MS,
  ) {}

  private repo() {
    return new ImageRenditionsRepository(this.ctx.db.kysely);
  }

  keys(spec: RenditionSpec) {
    return renditionKeys(this.ctx.mediaUrls, spec);
  }

  /**
   * Opens the file `key` of the copy `spec` (its display copy or thumbnail), making the copy
   * first when its files are not there. A copy is only ever stored whole, so what opens is whole;
   * one still not made after the wait, or dropped again as soon as made (its consent changed
   * meanwhile), is the 503 of `copyPending`.
   */
  async open(spec: RenditionSpec, key: string): Promise<StoredFile> {
    const found = await this.ctx.storage.read(key);
    if (found) return found;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), this.waitMs);
    });
    try {
      const made = this.make(spec).then(() => 'made' as const);
      if ((await Promise.race([made, late])) === 'late') throw copyPending();
    } finally {
      clearTimeout(timer);
    }
    const file = await this.ctx.storage.read(key);
    if (!file) throw copyPending();
    return file;
  }

  /** Makes the copy `spec` (once in this process, however many ask at the same time). */
  make(spec: RenditionSpec): Promise<void> {
    const { imageKey } = this.keys(spec);
    let run = making.get(imageKey);
    if (!run) {
      run = inTurn(() => this.render(spec)).finally(() => making.delete(imageKey));
      making.set(imageKey, run);
    }
    return run;
  }

  /**
   * Blurs the clean display copy, derives the thumbnail and placeholder from the blurred one
   * (decision 063), stores both files under the journal and records the row. A copy's key names
   * its content, so a file already there (made by another instance, or of a row just dropped) is
   * this very copy: it is kept, never written over while someone may be reading it.
   */
  private async render(spec: RenditionSpec): Promise<void> {
    const { imageKey, thumbKey } = this.keys(spec);
    const file = await this.ctx.storage.read(spec.source);
    if (!file) throw new AppError(404, SERVER_ERRORS.mediaNotFound);
    const variants = await toBlurredVariants(await buffer(file.stream), spec.boxes);
    const files = [
      { key: imageKey, data: variants.display.data, contentType: 'image/webp' },
      { key: thumbKey, data: variants.thumb.data, contentType: 'image/webp' },
    ];
    const missing: typeof files = [];
    for (const copy of files) if (!(await this.stored(copy.key))) missing.push(copy);
    const written = missing.map((copy) => copy.key);
    await saveMedia(this.ctx, missing);
    try {
      await this.repo().insert({
        kind: spec.kind,
        image_id: spec.imageId,
        blur_set: blurSetKey(spec.boxes),
        boxes: boxesText(spec.boxes),
        source: spec.source,
        image_key: imageKey,
        thumb_key: thumbKey,
        placeholder: variants.placeholder,
        width: variants.display.width,
        height: variants.display.height,
        created_at: nowIso(),
      });
    } catch (err) {
      await deleteMedia(this.ctx, written, err);
      throw err;
    }
    await keepMedia(this.ctx, written);
  }

  /** Whether `key` has a file (opened and let go at once). */
  private async stored(key: string): Promise<boolean> {
    const file = await this.ctx.storage.read(key);
    file?.stream.destroy();
    return file !== null;
  }

  /** Deletes copies: rows and files journaled together, then the files. */
  async drop(rows: readonly RenditionRow[]): Promise<void> {
    if (rows.length === 0) return;
    const keys = rows.flatMap((row) => [row.image_key, row.thumb_key]);
    await this.ctx.db.kysely.transaction().execute(async (trx) => {
      await markForDeletion(this.ctx, keys, trx);
      await new ImageRenditionsRepository(trx).deleteByIds(rows.map((row) => row.id));
    });
    await deleteMedia(this.ctx, keys);
  }
}
