import { z } from 'zod';
import { FACE_MESSAGES } from '../messages.js';
import { SERVER_ERRORS } from '../server-messages.js';
import { bodyId, limitField, MAX_ID, pageField } from './common.js';

/*
 * Revisar caras (decisions 139, 077): the faces found in an image, each a box as
 * fractions of the image's width and height (decision 065: never anything that identifies), that
 * a manager marks as a child of the audience, an adult, or not a face; and boxes they draw.
 */

/** The kinds of image that have faces: a photo, an album's cover, a news item's, an experience's. */
export const FACE_IMAGE_KINDS = ['photo', 'album', 'news', 'experience'] as const;
export type FaceImageKindName = (typeof FACE_IMAGE_KINDS)[number];

/** What a manager may mark a face as ('pending' puts it back to review). */
export const FACE_REVIEW_STATUSES = ['pending', 'child', 'adult', 'not_face'] as const;

/** Each status as the screens word it. */
export const FACE_STATUS_LABELS: Record<(typeof FACE_REVIEW_STATUSES)[number], string> = {
  pending: 'Por revisar',
  child: 'Educando',
  adult: 'Adulto',
  not_face: 'No es una cara',
};

/**
 * What a face assigned to a child the viewer does not manage says instead of the child's name
 * (decision 106): the screen shows it is a child, never whom.
 */
export const FACE_OTHER_SECTION_LABEL = 'Educando de otra sección';

/** The smallest box a manager may draw, as a fraction of the image's side. */
export const FACE_BOX_MIN = 0.01;

const fraction = z
  .number({ error: FACE_MESSAGES.boxInvalid })
  .min(0, { error: FACE_MESSAGES.boxInvalid })
  .max(1, { error: FACE_MESSAGES.boxInvalid });

/** A box drawn on an image: within it (0..1, x + width ≤ 1, y + height ≤ 1), not too small. */
export const faceBoxSchema = z
  .object(
    {
      x: fraction,
      y: fraction,
      width: fraction.min(FACE_BOX_MIN, { error: FACE_MESSAGES.boxTooSmall }),
      height: fraction.min(FACE_BOX_MIN, { error: FACE_MESSAGES.boxTooSmall }),
    },
    { error: FACE_MESSAGES.boxInvalid },
  )
  // A rounding error of the browser's arithmetic (1e-9) is not a box outside the image.
  .refine((box) => box.x + box.width <= 1 + 1e-6 && box.y + box.height <= 1 + 1e-6, {
    error: FACE_MESSAGES.boxOutside,
  });
export type FaceBoxInput = z.infer<typeof faceBoxSchema>;

/** A child a face may be assigned to: the name the manager knows them by, and their section. */
export const faceChildSchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  section: z.string().nullable(),
});
export type FaceChild = z.infer<typeof faceChildSchema>;

/** One face as the review screen gets it. */
export const reviewFaceSchema = z.object({
  id: z.number().int(),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  /** The detector's confidence; null for a box a manager drew. */
  score: z.number().nullable(),
  source: z.enum(['detector', 'manual']),
  status: z.enum(FACE_REVIEW_STATUSES),
  /**
   * The child it is assigned to (status 'child'); null too when that child is of a section the
   * viewer does not manage (then `changeable` is false: decision 106).
   */
  child: faceChildSchema.pick({ id: true, full_name: true }).nullable(),
  /** Whether the viewer may change it: false for a face of a child they do not manage. */
  changeable: z.boolean(),
  /** A family asked for it to be blurred ('Difuminar a mi hijo/a en esta foto'). */
  blur_requested: z.boolean(),
});
export type ReviewFace = z.infer<typeof reviewFaceSchema>;

/** One image to review with its faces: files as the managers' signed URLs. */
export const faceReviewImageSchema = z.object({
  kind: z.enum(FACE_IMAGE_KINDS),
  id: z.number().int(),
  image_url: z.string(),
  thumb_url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  faces: z.array(reviewFaceSchema),
  /**
   * False when the detector could not look for its faces (decision 099): it is shown blurred whole
   * to all but managers until one has looked at it (POST /faces/searched).
   */
  searched: z.boolean(),
});
export type FaceReviewImage = z.infer<typeof faceReviewImageSchema>;

/** Images per page of an album's review (the cover first, then the photos as uploaded). */
export const FACE_REVIEW_PAGE_SIZE = 24;

/** GET /albums/:id/faces: page ≥ 1, limit 1–100; the total of images in X-Total-Count. */
export const faceReviewQuerySchema = z.object({
  page: pageField.default(1),
  limit: limitField.default(FACE_REVIEW_PAGE_SIZE),
});

/** PATCH /faces/:id: what the face is; a child's id only (and always) with 'child'. */
export const faceReviewSchema = z
  .object({
    status: z.enum(FACE_REVIEW_STATUSES, { error: FACE_MESSAGES.statusInvalid }),
    // A number past what the database holds is no child of theirs: the answer of an unknown one.
    child_id: z
      .number({ error: FACE_MESSAGES.childRequired })
      .int({ error: FACE_MESSAGES.childRequired })
      .positive({ error: FACE_MESSAGES.childRequired })
      .max(MAX_ID, { error: SERVER_ERRORS.faceChildNotOffered })
      .nullable()
      .optional(),
  })
  .refine((body) => (body.status === 'child') === (body.child_id != null), {
    error: FACE_MESSAGES.childRequired,
    path: ['child_id'],
  });
export type FaceReviewInput = z.infer<typeof faceReviewSchema>;

/** POST /faces: a box a manager drew on an image the detector left without it. */
const faceImageRefSchema = z.object(
  {
    kind: z.enum(FACE_IMAGE_KINDS, { error: FACE_MESSAGES.imageInvalid }),
    id: bodyId(FACE_MESSAGES.imageInvalid),
  },
  { error: FACE_MESSAGES.imageInvalid },
);

export const newFaceSchema = z.object({
  image: faceImageRefSchema,
  box: faceBoxSchema,
});
export type NewFaceInput = z.infer<typeof newFaceSchema>;

/**
 * POST /faces/searched: a manager has looked at an image the detector could not search, and drawn
 * the faces it has (decision 099).
 */
export const faceSearchedSchema = z.object({ image: faceImageRefSchema });
export type FaceSearchedInput = z.infer<typeof faceSearchedSchema>;

/** GET /faces/scan-progress: images in all, and those the background scan has still to look at. */
export const faceScanProgressSchema = z.object({
  total: z.number().int(),
  remaining: z.number().int(),
  /** Images the scan gave up on: blurred whole until a manager looks at them (decision 099). */
  given_up: z.number().int(),
});
export type FaceScanProgress = z.infer<typeof faceScanProgressSchema>;

/** The header carrying how many images an album's review has in all. */
export const FACE_REVIEW_TOTAL_HEADER = 'x-total-count';
