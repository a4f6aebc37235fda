import { z } from 'zod';
import { limitField, MAX_ID, pageField } from './common.js';
import { groupSettingsSchema } from './consent.js';

/*
 * The admin page 'Imagen' (decisions 085–089): the group's two settings, the
 * preview of what enforcing image consent would blur, and the ledger of where images went.
 */

export const IMAGE_SETTINGS_MESSAGES = {
  settingsEmpty: 'Indica al menos un ajuste que cambiar.',
  settingInvalid: 'El valor de un ajuste debe ser verdadero o falso.',
  childInvalid: 'El educando no es válido.',
  /** Switching image consent on while stored images still wait for their faces to be found. */
  scanUnfinished: (n: number) =>
    n === 1
      ? 'Aún falta buscar las caras de 1 imagen guardada antes de la actualización: podrás aplicar el consentimiento en cuanto termine (el avance está en esta página).'
      : `Aún falta buscar las caras de ${n} imágenes guardadas antes de la actualización: podrás aplicar el consentimiento en cuanto termine (el avance está en esta página).`,
} as const;

/**
 * PATCH /api/settings: the settings to change, true or false. None at all is a 400 with
 * `settingsEmpty` (said by the server: a whole-body rule has no field to hang on).
 */
export const groupSettingsPatchSchema = z.object({
  image_consent_enforced: z.boolean({ error: IMAGE_SETTINGS_MESSAGES.settingInvalid }).optional(),
  publish_only_reviewed: z.boolean({ error: IMAGE_SETTINGS_MESSAGES.settingInvalid }).optional(),
});
export type GroupSettingsPatch = z.infer<typeof groupSettingsPatchSchema>;

/** PATCH /api/settings answers the settings as they are now, and a message. */
export const groupSettingsResultSchema = z.object({
  message: z.string(),
  settings: groupSettingsSchema,
});

/** Albums per page of the preview, and the most one request may ask for. */
export const PREVIEW_PAGE_SIZE = 20;

/** Paging of the preview's albums and of the ledger (`X-Total-Count` carries the total). */
export const imagePagingQuerySchema = z.object({
  page: pageField.default(1),
  limit: limitField.default(PREVIEW_PAGE_SIZE),
});

/**
 * One album of the preview: how many faces its photos hold, and how many a member with no children
 * would see blurred if image consent were applied (pending review, no gallery consent, a request).
 */
export const consentPreviewAlbumSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  photos: z.number().int(),
  faces: z.number().int(),
  blurred: z.number().int(),
});
export type ConsentPreviewAlbum = z.infer<typeof consentPreviewAlbumSchema>;

/** The preview's totals: over every album's photos, and over the public images. */
export const consentPreviewTotalsSchema = z.object({
  albums: z.number().int(),
  albums_with_blur: z.number().int(),
  faces: z.number().int(),
  blurred: z.number().int(),
  pending: z.number().int(),
  public_faces: z.number().int(),
  public_blurred: z.number().int(),
});
export type ConsentPreviewTotals = z.infer<typeof consentPreviewTotalsSchema>;

/** Where an image went: a news item, an experience, a digest mail, a ZIP download. */
export const PUBLICATION_CHANNELS = ['news', 'experience', 'digest', 'zip'] as const;
export type PublicationChannel = (typeof PUBLICATION_CHANNELS)[number];

/** GET /api/image-ledger: newest first, paged; `child` keeps the images where that child is. */
export const imageLedgerQuerySchema = imagePagingQuerySchema.extend({
  child: z.coerce
    .number({ error: IMAGE_SETTINGS_MESSAGES.childInvalid })
    .int({ error: IMAGE_SETTINGS_MESSAGES.childInvalid })
    .min(1, { error: IMAGE_SETTINGS_MESSAGES.childInvalid })
    .max(MAX_ID, { error: IMAGE_SETTINGS_MESSAGES.childInvalid })
    .optional(),
});
export type ImageLedgerQuery = z.infer<typeof imageLedgerQuerySchema>;

/**
 * One publication. `blurred` is how many faces the copy that went out had blurred; with `child`,
 * `child_shown` says whether that child's face went out clear (true), blurred (false), or the
 * publication was of an album the child is in somewhere (null: each photo is ruled apart).
 */
export const imagePublicationSchema = z.object({
  id: z.number().int(),
  image_kind: z.enum(['photo', 'album', 'news', 'experience']),
  image_id: z.number().int(),
  channel: z.enum(PUBLICATION_CHANNELS),
  title: z.string(),
  recipients: z.number().int(),
  recipient_name: z.string().nullable(),
  blurred: z.number().int(),
  child_shown: z.boolean().nullable(),
  url: z.string().nullable(),
  created_at: z.string(),
});
export type ImagePublication = z.infer<typeof imagePublicationSchema>;
