import { z } from 'zod';
import { EXPERIENCE_CATEGORIES, LIMITS } from '../limits.js';
import { MSG } from '../messages.js';
import { storedText } from './common.js';
import { contentTitleField } from './news.js';

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
  title: contentTitleField,
  description: storedText(
    z
      .string({ error: MSG.descriptionRequired })
      .trim()
      .min(1, { error: MSG.descriptionRequired })
      .max(LIMITS.experienceDescriptionMax, { error: MSG.experienceDescriptionTooLong }),
    MSG.descriptionRequired,
  ),
  category: experienceCategoryField,
});
export type ExperienceFormInput = z.infer<typeof experienceFormSchema>;

/**
 * An experience as the API returns it (public). `image` is the display copy (≤ 1920 px),
 * `image_thumb` the ~480 px WebP for cards, both public URLs; `image_placeholder` a tiny inline
 * image; `image_width`/`image_height` the display copy's. Lists are newest first; the category
 * filter is on the client.
 */
export const experienceSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  category: experienceCategoryField,
  image: z.string().nullable(),
  image_thumb: z.string().nullable(),
  image_placeholder: z.string().nullable(),
  image_width: z.number().int().nullable(),
  image_height: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  likes_count: z.number().int(),
  comments_count: z.number().int(),
  user_has_liked: z.boolean(),
  /** The clean image (decision 085), in the detail, for `faces:review` (signed). */
  original_url: z.string().optional(),
});
export type Experience = z.infer<typeof experienceSchema>;

/** Answer of create and update: a message and the experience. */
export const experienceMutationResultSchema = z.object({
  message: z.string(),
  experience: experienceSchema,
});
export type ExperienceMutationResult = z.infer<typeof experienceMutationResultSchema>;
