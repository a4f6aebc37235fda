import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { MSG } from '../messages.js';
import { bodyId, storedText } from './common.js';
import { sectionRefSchema } from './section.js';

/** Album title: trimmed, required, at most 100 characters. */
export const albumTitleField = storedText(
  z
    .string({ error: MSG.titleRequired })
    .trim()
    .min(1, { error: MSG.titleRequired })
    .max(LIMITS.albumTitleMax, { error: MSG.albumTitleTooLong }),
  MSG.titleRequired,
);

/** Album description: optional, at most 1000 characters; blank means none. */
export const albumDescriptionField = storedText(
  z.string().trim().max(LIMITS.albumDescriptionMax, { error: MSG.albumDescriptionTooLong }),
);

/**
 * Text fields of POST /albums/newAlbum and PUT /albums/{id} (the cover travels as the multipart
 * file `cover`: required on create, optional on update).
 */
export const albumFormSchema = z.object({
  title: albumTitleField,
  description: albumDescriptionField.optional(),
});

/** The most sections one album's audience names (far more than any group has). */
export const ALBUM_SECTIONS_MAX = 50;

/**
 * An album's audience as the form sends it (decision 054): `sections`, the section ids separated by
 * commas (multipart), or an array of ids (JSON). Empty: the whole group. Absent: on create the
 * whole group, on an edit unchanged. Ids come back sorted, without repeats.
 */
export const albumSectionsField = z
  .union(
    [
      z
        .string()
        .trim()
        .max(ALBUM_SECTIONS_MAX * 11, { error: MSG.albumSectionsInvalid })
        .regex(/^(?:\d{1,9}(?:\s*,\s*\d{1,9})*)?$/, { error: MSG.albumSectionsInvalid })
        .transform((text) => (text === '' ? [] : text.split(',').map((id) => Number(id.trim())))),
      z.array(bodyId(MSG.albumSectionsInvalid), {
        error: MSG.albumSectionsInvalid,
      }),
    ],
    { error: MSG.albumSectionsInvalid },
  )
  .transform((ids) => [...new Set(ids)].sort((a, b) => a - b))
  .refine((ids) => ids.length <= ALBUM_SECTIONS_MAX && ids.every((id) => id > 0), {
    error: MSG.albumSectionsInvalid,
  });
export type AlbumFormInput = z.infer<typeof albumFormSchema>;

/**
 * An album as the API returns it. `cover` is the display copy (≤ 1920 px), `cover_thumb` the
 * ~480 px WebP for cards; both are signed, expiring URLs. `cover_placeholder` is a tiny inline
 * image (data: URL) shown while the cover loads. Counts are summed over the album's photos.
 */
export const albumSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  cover: z.string().nullable(),
  cover_thumb: z.string().nullable(),
  cover_placeholder: z.string().nullable(),
  cover_width: z.number().int().nullable(),
  cover_height: z.number().int().nullable(),
  likes_count: z.number().int(),
  comments_count: z.number().int(),
  photos_count: z.number().int(),
  /** false: a draft, which only managers see (decision 018); counts leave out hidden photos. */
  published: z.boolean(),
  /**
   * Who the album is for (decision 054): the sections, in their order; empty, the
   * whole group.
   */
  audience: z.array(sectionRefSchema),
  /**
   * Managers only: the faces of its cover and photos still to review ('Revisar
   * caras'); absent for everyone else.
   */
  faces_to_review: z.number().int().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Album = z.infer<typeof albumSchema>;

/** Answer of create and update: a message and the album. */
export const albumMutationResultSchema = z.object({ message: z.string(), album: albumSchema });
export type AlbumMutationResult = z.infer<typeof albumMutationResultSchema>;
