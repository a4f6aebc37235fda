import { z } from 'zod';
import { EXPERIENCE_CATEGORIES, LIMITS } from '../limits.js';
import { MSG } from '../messages.js';
import { requiredText } from './common.js';

/**
 * News and experiences are posts: a title, a description, one public image, likes and comments.
 * Each kind adds its own fields and names its image fields its own way (the API's shapes are
 * the product's); the rest is one schema.
 */

/** A post's title: trimmed, required, at most 150 characters. */
const postTitleField = requiredText(
  LIMITS.newsTitleMax,
  MSG.titleRequired,
  MSG.contentTitleTooLong,
);

/** A post's description: required, at most `max` characters. */
const postDescriptionField = (max: number, tooLong: string) =>
  requiredText(max, MSG.descriptionRequired, tooLong);

/**
 * A post as the API returns it (public), with the kind's `own` fields after title and
 * description. `user_has_liked` is for the requester (false when anonymous). `original_url` is
 * the clean image (decision 085), only in the detail and only for who reviews faces
 * (`faces:review`), as a signed URL of their own; the public image may have faces blurred.
 * Lists are newest first.
 */
function postSchema<Own extends z.ZodRawShape>(own: Own) {
  return z.object({
    id: z.number().int(),
    title: z.string(),
    description: z.string(),
    ...own,
    created_at: z.string(),
    updated_at: z.string(),
    likes_count: z.number().int(),
    comments_count: z.number().int(),
    user_has_liked: z.boolean(),
    original_url: z.string().optional(),
  });
}

/**
 * Text fields of POST /news and PUT /news/{id}, with the product's messages: title ≤ 150,
 * description (the short summary) ≤ 300, content required; all trimmed. The image travels as the
 * multipart file `image`: required on create ('Error: La imagen es obligatoria.'), optional on
 * update. When a required field is missing the server answers 400 with `message` 'Error: Faltan
 * datos obligatorios.' and the field messages in `errors`.
 */
export const newsFormSchema = z.object({
  title: postTitleField,
  description: postDescriptionField(LIMITS.newsSummaryMax, MSG.newsSummaryTooLong),
  content: requiredText(LIMITS.newsContentMax, MSG.newsContentRequired, MSG.newsContentTooLong),
});
export type NewsFormInput = z.infer<typeof newsFormSchema>;

/**
 * A news item: the full `content`; `image_url` is the display copy (≤ 1920 px) for the detail
 * page, `thumb_url` the ~480 px WebP for cards, both plain public URLs under /media/ with
 * long-lived caching; `placeholder` a tiny inline image (data: URL) shown while the image loads;
 * `width`/`height` the display copy's. GET /news takes an optional `?limit=N` (the landing's
 * first 3).
 */
export const newsSchema = postSchema({
  content: z.string(),
  image_url: z.string().nullable(),
  thumb_url: z.string().nullable(),
  placeholder: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type News = z.infer<typeof newsSchema>;

/**
 * An item of GET /news: everything but `content`. Cards show the summary; the full text, which
 * may run to 20 000 characters, is read on the detail page (GET /news/{id}).
 */
export const newsSummarySchema = newsSchema.omit({ content: true, original_url: true });
export type NewsSummary = z.infer<typeof newsSummarySchema>;

/** GET /news query: `limit` 1–100, default all. */
export const newsListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

/** Answer of create and update: a message and the news item. */
export const newsMutationResultSchema = z.object({ message: z.string(), news: newsSchema });
export type NewsMutationResult = z.infer<typeof newsMutationResultSchema>;

export const experienceCategoryField = z.enum(EXPERIENCE_CATEGORIES, {
  error: MSG.experienceCategoryInvalid,
});

/**
 * Text fields of POST /experiences and PUT /experiences/{id}, with the product's messages: title
 * trimmed, required, ≤ 150; description required; category one of ruta, campamento, zona. The image
 * travels as the multipart file `image`: required on create ('La imagen de la experiencia es
 * obligatoria.'), optional on update. The server answers 400 with the first field message as
 * `message`.
 */
export const experienceFormSchema = z.object({
  title: postTitleField,
  description: postDescriptionField(
    LIMITS.experienceDescriptionMax,
    MSG.experienceDescriptionTooLong,
  ),
  category: experienceCategoryField,
});
export type ExperienceFormInput = z.infer<typeof experienceFormSchema>;

/**
 * An experience: its category; `image` is the display copy (≤ 1920 px), `image_thumb` the
 * ~480 px WebP for cards, both public URLs; `image_placeholder` a tiny inline image;
 * `image_width`/`image_height` the display copy's. Lists carry everything; the category filter
 * is on the client.
 */
export const experienceSchema = postSchema({
  category: experienceCategoryField,
  image: z.string().nullable(),
  image_thumb: z.string().nullable(),
  image_placeholder: z.string().nullable(),
  image_width: z.number().int().nullable(),
  image_height: z.number().int().nullable(),
});
export type Experience = z.infer<typeof experienceSchema>;

/** Answer of create and update: a message and the experience. */
export const experienceMutationResultSchema = z.object({
  message: z.string(),
  experience: experienceSchema,
});
export type ExperienceMutationResult = z.infer<typeof experienceMutationResultSchema>;
