import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { MSG } from '../messages.js';
import { storedText } from './common.js';

/** A news or experience title: trimmed, required, at most 150 characters. */
export const contentTitleField = storedText(
  z
    .string({ error: MSG.titleRequired })
    .trim()
    .min(1, { error: MSG.titleRequired })
    .max(LIMITS.newsTitleMax, { error: MSG.contentTitleTooLong }),
  MSG.titleRequired,
);

/**
 * Text fields of POST /news and PUT /news/{id}, with the product's messages: title ≤ 150,
 * description (the short summary) ≤ 300, content required; all trimmed. The image travels as the
 * multipart file `image`: required on create ('Error: La imagen es obligatoria.'), optional on
 * update. When a required field is missing the server answers 400 with `message` 'Error: Faltan
 * datos obligatorios.' and the field messages in `errors`.
 */
export const newsFormSchema = z.object({
  title: contentTitleField,
  description: storedText(
    z
      .string({ error: MSG.descriptionRequired })
      .trim()
      .min(1, { error: MSG.descriptionRequired })
      .max(LIMITS.newsSummaryMax, { error: MSG.newsSummaryTooLong }),
    MSG.descriptionRequired,
  ),
  content: storedText(
    z
      .string({ error: MSG.newsContentRequired })
      .trim()
      .min(1, { error: MSG.newsContentRequired })
      .max(LIMITS.newsContentMax, { error: MSG.newsContentTooLong }),
    MSG.newsContentRequired,
  ),
});
export type NewsFormInput = z.infer<typeof newsFormSchema>;

/**
 * A news item as the API returns it (public). `image_url` is the display copy (≤ 1920 px) for
 * the detail page, `thumb_url` the ~480 px WebP for cards; both plain public URLs under /media/
 * with long-lived caching. `placeholder` is a tiny inline image (data: URL) shown while the
 * image loads; `width`/`height` are the display copy's. `user_has_liked` is for the requester
 * (false when anonymous). Lists (GET /news, optional `?limit=N` for the landing's first 3) are
 * newest first.
 */
export const newsSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  content: z.string(),
  image_url: z.string().nullable(),
  thumb_url: z.string().nullable(),
  placeholder: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  likes_count: z.number().int(),
  comments_count: z.number().int(),
  user_has_liked: z.boolean(),
  /**
   * The clean image (decision 085), for who reviews faces (`faces:review`) and only in the
   * detail, as a signed URL of their own; `image_url` may have faces blurred.
   */
  original_url: z.string().optional(),
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
