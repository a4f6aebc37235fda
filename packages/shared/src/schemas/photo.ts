import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { MSG } from '../messages.js';
import { SERVER_ERRORS } from '../server-messages.js';
import { pageField, parseId, queryInteger, storedText } from './common.js';

/**
 * A photo as the API returns it. `image_url` is the display copy (≤ 1920 px) for the detail
 * view, `thumb_url` the ~480 px WebP for grids; both signed, expiring URLs. `width`/`height` are
 * the display copy's, so grids reserve the right box; `placeholder` is a tiny inline image
 * (data: URL). `user_has_liked` is for the requester.
 */
export const photoSchema = z.object({
  id: z.number().int(),
  album_id: z.number().int(),
  image_url: z.string(),
  thumb_url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  placeholder: z.string(),
  description: z.string().nullable(),
  likes_count: z.number().int(),
  comments_count: z.number().int(),
  user_has_liked: z.boolean(),
  /** Hidden on a member's request (decision 018): only managers get such a photo, with true. */
  hidden: z.boolean(),
  created_at: z.string(),
});
export type Photo = z.infer<typeof photoSchema>;

/**
 * GET /photos/album/{albumId}'s paging (decision 014): `page` ≥ 1 and `limit` 1–100; either one
 * alone takes the other's default (page 1, limit 48). Without both, the answer is the whole album,
 * as the documented call has it. A page is a plain array too: the last one is shorter than
 * `limit`, or the album's `photos_count` says how many there are.
 */
export const photosPageQuerySchema = z.object({
  page: pageField.optional(),
  limit: queryInteger(1, LIMITS.photosPageMax, MSG.pageSizeInvalid).optional(),
});
export type PhotosPageQuery = z.infer<typeof photosPageQuerySchema>;

/** One file of an upload that did not land, with the reason in Spanish. */
export const uploadFailureSchema = z.object({ file: z.string(), error: z.string() });
export type UploadFailure = z.infer<typeof uploadFailureSchema>;

/** POST /photos/upload answer: what was stored, and each file refused with its reason. */
export const uploadResultSchema = z.object({
  message: z.string(),
  uploaded: z.array(photoSchema),
  failures: z.array(uploadFailureSchema),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

/**
 * A photo's caption (decision 019): trimmed, at most 500 characters; blank or null means none. No
 * children's full names beside their pictures: the form says so beside the field.
 */
export const photoCaptionField = z
  .union([
    storedText(z.string().trim().max(LIMITS.photoCaptionMax, { error: MSG.photoCaptionTooLong })),
    z.null(),
  ])
  .transform((value) => (value ? value : null));

/** PUT /photos/{id} body: the new caption (null or blank removes it). */
export const photoCaptionBodySchema = z.object({ description: photoCaptionField });
export type PhotoCaptionBody = z.input<typeof photoCaptionBodySchema>;

/**
 * The upload's optional `captions` field, once parsed from its JSON text: one caption (or null)
 * per file, in the order the `images` parts are sent; fewer entries than files leave the rest
 * without one.
 */
export const uploadCaptionsSchema = z
  .array(photoCaptionField, { error: MSG.photoCaptionsInvalid })
  .max(LIMITS.imagesPerUpload, { error: MSG.photoCaptionsInvalid });

/**
 * The text fields of POST /photos/upload, as multipart sends them: `albumId` (a row id, see
 * parseId) and the optional `captions` (the JSON text of uploadCaptionsSchema; absent or blank:
 * none). Checked in this order, so the first issue is the one a form shows.
 */
export const uploadPhotosFieldsSchema = z.object({
  albumId: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const id = parseId(raw?.trim() ?? '');
      if (id !== null) return id;
      ctx.addIssue({ code: 'custom', message: SERVER_ERRORS.albumIdRequired });
      return z.NEVER;
    }),
  captions: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw.trim() === '') return [];
      let value: unknown;
      try {
        value = JSON.parse(raw);
      } catch {
        value = undefined;
      }
      const parsed = uploadCaptionsSchema.safeParse(value);
      if (parsed.success) return parsed.data;
      ctx.addIssue({
        code: 'custom',
        message: parsed.error.issues[0]?.message ?? MSG.photoCaptionsInvalid,
      });
      return z.NEVER;
    }),
});
export type UploadPhotosFields = z.output<typeof uploadPhotosFieldsSchema>;
