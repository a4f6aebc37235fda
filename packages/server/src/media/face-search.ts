import type { FastifyBaseLogger } from 'fastify';
import { inBackgroundTurn } from './background-turns.js';
import type { DetectedFace } from './face-detection.js';
import { detectFacesOffThread, MAX_FACE_PROCESSES } from './face-process.js';

/*
 * Looking for faces in an image: the scan, and the news and experience images as they are
 * stored, run the detector here, on the display copy (the same bytes the scan reads, so a box
 * means the same thing whichever found it), in the detector's own processes (decision 139). A
 * photo or a cover is stored without waiting for it: queued for the scan, it is blurred whole
 * meanwhile.
 */

/** A detector: the faces in an image (bytes or a path), boxes as fractions of its size. */
export type FaceDetector = (input: Buffer | string) => Promise<DetectedFace[]>;

/** What the search needs of the app: its log, and a detector of its own in some tests. */
export interface FaceSearchContext {
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Replaces the real detector (unit tests give known boxes, or one that fails). */
  faceDetector?: FaceDetector;
  /** The detector processes' nice value (19 unless given). */
  config?: { faceDetectorNice?: number };
}

/**
 * The faces found in an image; or that the detector failed on it, or that it is stored before
 * they are looked for (either way, the image goes to the scan queue).
 */
export type FaceSearch = { found: DetectedFace[] } | { failed: true } | { later: true };

/** A photo or a cover stored at once, its faces looked for by the scan (decision 139). */
export const SEARCH_LATER: FaceSearch = { later: true };

/**
 * The id of the face that stands for a whole image whose faces were not looked for (the detector
 * failed on it, decision 099): never a real face's (ids start at 1).
 */
export const UNSEARCHED_FACE_ID = 0;

/** The least size of a box, as a fraction of the image's side: smaller is noise, not a face. */
export const MIN_FACE_FRACTION = 0.005;

/**
 * Detections at once in this process: one, or two while the scan uses both cores of an idle
 * site (one per detector process). Two cores serve the pages too, and a detector's working
 * memory is large: the rest wait here, in turn.
 */
let detecting = 0;
const waiting: (() => void)[] = [];
async function withDetectionSlot<T>(task: () => Promise<T>): Promise<T> {
  if (detecting < MAX_FACE_PROCESSES) detecting += 1;
  // A slot handed over by the detection that ends (the count stays).
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await task();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else detecting -= 1;
  }
}

/** What an upload and the tests need of the scan (`modules/faces/face-scan.ts`). */
export interface FaceScanHandle {
  /** Images were queued: look now. */
  wake(): void;
  /** Resolves once nothing queued is free to take. */
  whenIdle(): Promise<void>;
}

/**
 * The scanner of each database in this process (tests build several apps), for the uploads to
 * wake: keyed by the database, as the blurred copies' worker is.
 */
const scanners = new WeakMap<object, FaceScanHandle>();

export function registerFaceScanner(ctx: { db: object }, scanner: FaceScanHandle): void {
  scanners.set(ctx.db, scanner);
}

export function forgetFaceScanner(ctx: { db: object }, scanner: FaceScanHandle): void {
  if (scanners.get(ctx.db) === scanner) scanners.delete(ctx.db);
}

/** Images were queued (after their transaction committed): the scan looks at them now. */
export function wakeFaceScan(ctx: { db: object }): void {
  scanners.get(ctx.db)?.wake();
}

/**
 * Resolves once this process's scan has nothing it could take (scanning what is free meanwhile):
 * what the tests wait on after an upload, rather than the clock.
 */
export async function faceScanIdle(ctx: { db: object }): Promise<void> {
  await scanners.get(ctx.db)?.whenIdle();
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
  const nice = ctx.config?.faceDetectorNice ?? 19;
  const detect =
    ctx.faceDetector ?? ((input: Buffer | string) => detectFacesOffThread(input, nice));
  try {
    // Nobody waits on screen for a detection: it takes turns with busy pages (decision 202).
    const faces = await withDetectionSlot(() => inBackgroundTurn(() => detect(image)));
    return { found: faces.map(clipBox).filter((face) => face !== null) };
  } catch (err) {
    ctx.log.warn(
      { err, image: what },
      'no se pudieron buscar caras; la imagen queda en la cola de revisión en segundo plano',
    );
    return { failed: true };
  }
}
