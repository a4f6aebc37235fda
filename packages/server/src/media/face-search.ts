import type { FastifyBaseLogger } from 'fastify';
import { type DetectedFace, detectFaces } from './face-detection.js';

/*
 * Looking for faces in an image as it is stored (issue #25 part 2): the upload pipeline and the
 * background scan both run the detector here, on the display copy (the same bytes the scan reads
 * back later, so a box means the same thing whichever found it), one image at a time.
 */

/** A detector: the faces in an image (bytes or a path), boxes as fractions of its size. */
export type FaceDetector = (input: Buffer | string) => Promise<DetectedFace[]>;

/** What the search needs of the app: its log, and a detector of its own in some tests. */
export interface FaceSearchContext {
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Replaces the real detector (unit tests give known boxes, or one that fails). */
  faceDetector?: FaceDetector;
}

/** The faces found in an image, or that the detector failed on it (the image goes to the scan). */
export type FaceSearch = { found: DetectedFace[] } | { failed: true };

/**
 * The id of the face that stands for a whole image whose faces were not looked for (the detector
 * failed on it, decision 099): never a real face's (ids start at 1).
 */
export const UNSEARCHED_FACE_ID = 0;

/** The least size of a box, as a fraction of the image's side: smaller is noise, not a face. */
export const MIN_FACE_FRACTION = 0.005;

/**
 * One detection at a time in this process: two cores serve the pages too, and a detector's
 * working memory is large. Uploads and the scan queue up here.
 */
let detecting: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const run = detecting.then(task, task);
  detecting = run.catch(() => undefined);
  return run;
}

/** `value` held within 0..1. */
function unit(value: number): number {
  return Math.min(1, Math.max(0, value));
}

/**
 * A detector's box clipped to the image, or null when it is not a box at all (not finite, or
 * too small once clipped). A face at the edge of a photo is boxed past it by some detectors.
 */
export function clipBox(face: DetectedFace): DetectedFace | null {
  const values = [face.x, face.y, face.width, face.height];
  if (!values.every(Number.isFinite)) return null;
  const x = unit(face.x);
  const y = unit(face.y);
  const width = unit(face.x + face.width) - x;
  const height = unit(face.y + face.height) - y;
  if (width < MIN_FACE_FRACTION || height < MIN_FACE_FRACTION) return null;
  const score = Number.isFinite(face.score) ? unit(face.score) : 0;
  return { x, y, width, height, score };
}

/**
 * Runs the detector on `image`. A detector that throws loses nothing: the answer says it failed
 * (the caller queues the image for the background scan) and the log says on what.
 */
export async function searchFaces(
  ctx: FaceSearchContext,
  image: Buffer | string,
  what: string,
): Promise<FaceSearch> {
  const detect = ctx.faceDetector ?? detectFaces;
  try {
    const faces = await oneAtATime(() => detect(image));
    return { found: faces.map(clipBox).filter((face) => face !== null) };
  } catch (err) {
    ctx.log.warn(
      { err, image: what },
      'no se pudieron buscar caras; la imagen queda en la cola de revisión en segundo plano',
    );
    return { failed: true };
  }
}
