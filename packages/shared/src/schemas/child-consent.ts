import { z } from 'zod';
import { MSG } from '../messages.js';
import { idParams, limitField, MAX_ID, pageField, storedText } from './common.js';
import { CONSENT_GIVERS, CONSENT_PURPOSES } from './consent.js';
import { photoSchema } from './photo.js';
import { sectionRefSchema } from './section.js';

/*
 * The consent register (decisions 061 and 070–074): what a guardian answers
 * in 'Mis educandos', what a manager records from a paper form or from the young person, the
 * consent text's versions, the register per section (and its CSV), and 'Fotos de mi educando'.
 */

const purpose = z.enum(CONSENT_PURPOSES, { error: MSG.consentPurposeInvalid });
const granted = z.boolean({ error: MSG.consentGrantedRequired });

/** The consent text's longest version (a printed page and a half). */
export const CONSENT_TEXT_MAX = 5000;
/** A manager's note on a paper form ("Hoja firmada el 3/10"). */
export const CONSENT_NOTE_MAX = 500;
/** Children per page of the register. */
export const CONSENT_REGISTER_PAGE_SIZE = 50;
/** Photos per page of 'Fotos de mi educando'. */
export const CHILD_PHOTOS_PAGE_SIZE = 24;

/** A version of the consent text. */
export const consentTextSchema = z.object({
  version: z.number().int(),
  body: z.string(),
  created_at: z.string(),
  /** Who wrote it (null for the text a group starts with, or an account since deleted). */
  created_by: z.string().nullable(),
});
export type ConsentText = z.infer<typeof consentTextSchema>;

/** POST /consents/texts: the new version's text (trimmed, 1–5000 characters). */
export const consentTextCreateSchema = z.object({
  body: storedText(
    z
      .string({ error: MSG.consentTextRequired })
      .trim()
      .min(1, { error: MSG.consentTextRequired })
      .max(CONSENT_TEXT_MAX, { error: MSG.consentTextTooLong }),
    MSG.consentTextRequired,
  ),
});
export type ConsentTextCreateInput = z.input<typeof consentTextCreateSchema>;

/** Answer of POST /consents/texts. */
export const consentTextResultSchema = z.object({
  message: z.string(),
  text: consentTextSchema,
});

/**
 * Where a child stands for one purpose today: `granted` or `refused` by the record that counts
 * (decision 061), or `none` — no record that counts, which is no consent.
 */
export const CONSENT_STATES = ['granted', 'refused', 'none'] as const;
export type ConsentState = (typeof CONSENT_STATES)[number];

/** One purpose's effective consent as of today. */
export const consentStatusSchema = z.object({
  purpose: z.enum(CONSENT_PURPOSES),
  state: z.enum(CONSENT_STATES),
  given_by: z.enum(CONSENT_GIVERS).nullable(),
  at: z.string().nullable(),
  text_version: z.number().int().nullable(),
  /** The record that counts answered an older version of the text: the family is asked again. */
  outdated: z.boolean(),
});
export type ConsentStatus = z.infer<typeof consentStatusSchema>;

/** One record of the append-only history. */
export const consentRecordSchema = z.object({
  id: z.number().int(),
  purpose: z.enum(CONSENT_PURPOSES),
  granted: z.boolean(),
  given_by: z.enum(CONSENT_GIVERS),
  /** Who recorded it: the guardian's or the manager's name at the time of reading (null: gone). */
  recorded_by: z.string().nullable(),
  note: z.string().nullable(),
  text_version: z.number().int(),
  created_at: z.string(),
});
export type ConsentRecord = z.infer<typeof consentRecordSchema>;

/**
 * A child's consents: the current text, whether their own consent is what counts (from their
 * 14th birthday), each purpose's state today, and the history (newest first).
 */
export const childConsentsSchema = z.object({
  child_id: z.number().int(),
  full_name: z.string(),
  own_counts: z.boolean(),
  text: consentTextSchema,
  purposes: z.array(consentStatusSchema),
  history: z.array(consentRecordSchema),
});
export type ChildConsents = z.infer<typeof childConsentsSchema>;

/** PUT /profile/children/{id}/consents: a guardian's answer for one purpose. */
export const guardianConsentSchema = z.object({ purpose, granted });
export type GuardianConsentInput = z.input<typeof guardianConsentSchema>;

/**
 * POST /children/{id}/consents: a manager records a signed paper form (`paper`, with a note
 * saying which form) or, from the 14th birthday, the young person's own consent (`own`).
 */
export const managerConsentSchema = z
  .object({
    purpose,
    granted,
    given_by: z.enum(['paper', 'own'], { error: MSG.consentGiverInvalid }),
    note: storedText(
      z.string().trim().max(CONSENT_NOTE_MAX, { error: MSG.consentNoteTooLong }),
    ).optional(),
  })
  .refine((body) => body.given_by !== 'paper' || Boolean(body.note), {
    error: MSG.consentNoteRequired,
    path: ['note'],
  });
export type ManagerConsentInput = z.input<typeof managerConsentSchema>;

/** Answer of a recorded consent: the message and the child's consents as they now stand. */
export const consentResultSchema = z.object({
  message: z.string(),
  consents: childConsentsSchema,
});
export type ConsentResult = z.infer<typeof consentResultSchema>;

/** GET /consents/register and its CSV: one section's children (`section` required). */
export const consentRegisterQuerySchema = z.object({
  section: z.coerce
    .number({ error: MSG.consentSectionRequired })
    .int({ error: MSG.consentSectionRequired })
    .min(1, { error: MSG.consentSectionRequired })
    .max(MAX_ID, { error: MSG.consentSectionRequired }),
  page: pageField.default(1),
  limit: limitField.default(CONSENT_REGISTER_PAGE_SIZE),
});
export const consentRegisterCsvQuerySchema = consentRegisterQuerySchema.pick({ section: true });

/** One row of the register: a child of the section and, per purpose, whether they may appear today. */
export const consentRegisterRowSchema = z.object({
  child_id: z.number().int(),
  full_name: z.string(),
  birth_date: z.string(),
  section: sectionRefSchema,
  own_counts: z.boolean(),
  purposes: z.array(consentStatusSchema),
});
export type ConsentRegisterRow = z.infer<typeof consentRegisterRowSchema>;

/** 'Fotos de mi educando': a photo where a manager assigned a face to the child. */
export const childPhotoSchema = photoSchema.extend({
  /** The guardian asked for the child to be blurred in it (for everyone): done. */
  blur_requested: z.boolean(),
});
export type ChildPhoto = z.infer<typeof childPhotoSchema>;

/** GET /profile/children/{id}/photos query. */
export const childPhotosQuerySchema = z.object({
  page: pageField.default(1),
  limit: limitField.default(CHILD_PHOTOS_PAGE_SIZE),
});

/** Route parameters of the blur request: the child and the photo. */
export const childPhotoParams = z.object({
  id: idParams.shape.id,
  photoId: idParams.shape.id,
});

/** Answer of the blur request. */
export const blurRequestResultSchema = z.object({
  message: z.string(),
  blur_requested: z.literal(true),
});

/** Answer of taking the blur request back ('Dejar de difuminar', decision 073). */
export const blurWithdrawResultSchema = z.object({
  message: z.string(),
  blur_requested: z.literal(false),
});

/** Who gave a consent, in words for screens and the CSV. */
export const CONSENT_GIVER_LABELS = {
  guardian: 'La familia (en Fogata)',
  paper: 'Hoja firmada',
  own: 'El propio educando',
} as const;

/** A state in words. */
export const CONSENT_STATE_LABELS: Record<ConsentState, string> = {
  granted: 'Sí',
  refused: 'No',
  none: 'Sin responder',
};
