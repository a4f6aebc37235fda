import { z } from 'zod';
import { MSG } from '../messages.js';
import { SERVER_ERRORS } from '../server-messages.js';
import { MAX_ID, storedText } from './common.js';

/*
 * The group's sections (decision 140). A new installation has the product's four; an admin
 * renames, adds and retires them. A retired section keeps its children and albums, and no longer
 * appears among the choices for new ones.
 */

/** A section as the API returns it. `colour` is `#rrggbb`, the colour of its badge. */
export const sectionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  min_age: z.number().int(),
  max_age: z.number().int(),
  position: z.number().int(),
  colour: z.string(),
  retired: z.boolean(),
});
export type Section = z.infer<typeof sectionSchema>;

/** What a badge needs of a section: an album's audience, a child's section. */
export const sectionRefSchema = sectionSchema.pick({ id: true, name: true, colour: true });
export type SectionRef = z.infer<typeof sectionRefSchema>;

/** The youngest and oldest age a section's range may name (decision 140). */
export const SECTION_AGE_MIN = 3;
export const SECTION_AGE_MAX = 25;
export const SECTION_NAME_MAX = 50;

const age = z
  .number({ error: MSG.sectionAgeInvalid })
  .int({ error: MSG.sectionAgeInvalid })
  .min(SECTION_AGE_MIN, { error: MSG.sectionAgeInvalid })
  .max(SECTION_AGE_MAX, { error: MSG.sectionAgeInvalid });

/** The fields of a section, each checked on its own (the order of the ages is checked after). */
const sectionFields = z.object({
  name: storedText(
    z
      .string({ error: MSG.sectionNameRequired })
      .trim()
      .min(1, { error: MSG.sectionNameRequired })
      .max(SECTION_NAME_MAX, { error: MSG.sectionNameTooLong }),
    MSG.sectionNameRequired,
  ),
  min_age: age,
  max_age: age,
  colour: z
    .string({ error: MSG.sectionColourInvalid })
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, { error: MSG.sectionColourInvalid })
    .transform((c) => c.toLowerCase()),
  position: z
    .number({ error: MSG.sectionPositionInvalid })
    .int({ error: MSG.sectionPositionInvalid })
    .min(1, { error: MSG.sectionPositionInvalid })
    .max(1000, { error: MSG.sectionPositionInvalid }),
});

/**
 * POST /sections: name (1–50, unique whatever its case), min_age < max_age (3–25), colour
 * `#rrggbb`, position (optional: after the last).
 */
export const sectionCreateSchema = sectionFields
  .extend({ position: sectionFields.shape.position.optional() })
  .refine((s) => s.min_age < s.max_age, { error: MSG.sectionAgeOrder, path: ['max_age'] });
export type SectionCreateInput = z.input<typeof sectionCreateSchema>;

/**
 * PUT /sections/{id}: any of the fields (a missing one is unchanged) and `retired` (true retires
 * it, false brings it back). The order of the ages is checked against the stored ones too.
 */
export const sectionUpdateSchema = sectionFields
  .partial()
  .extend({ retired: z.boolean({ error: SERVER_ERRORS.validation }).optional() });
export type SectionUpdateInput = z.input<typeof sectionUpdateSchema>;

/** GET /sections query: `all=1` lists the retired ones too (admins). */
export const sectionListQuerySchema = z.object({
  all: z.enum(['0', '1'], { error: SERVER_ERRORS.validation }).optional(),
});

/** Answer of create and update. */
export const sectionMutationResultSchema = z.object({
  message: z.string(),
  section: sectionSchema,
});
export type SectionMutationResult = z.infer<typeof sectionMutationResultSchema>;

/** A scouter of a section, as the admin panel lists them. */
export const sectionScouterSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
});
export type SectionScouter = z.infer<typeof sectionScouterSchema>;

/** PUT /sections/{id}/scouters: the whole list of the section's scouters (accounts whose role is scouter). */
export const sectionScoutersInputSchema = z.object({
  user_ids: z
    .array(z.number({ error: MSG.sectionScoutersInvalid }).int().min(1).max(MAX_ID), {
      error: MSG.sectionScoutersInvalid,
    })
    .max(200, { error: MSG.sectionScoutersInvalid }),
});
