import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { MSG } from '../messages.js';
import { nameField, requiredText, storedText } from './common.js';

/**
 * Text fields of POST /monitors and PUT /monitors/{id}, with the product's messages: name 1–100,
 * role_description 1–150, description optional ≤ 2000 (blank means none; on update, a missing field
 * means unchanged). The photo travels as the multipart file `image`: required on create ('Error: La
 * imagen es obligatoria.'), sent on update only when replaced — without it the old photo stays.
 */
export const monitorFormSchema = z.object({
  name: nameField,
  role_description: requiredText(
    LIMITS.monitorRoleMax,
    MSG.monitorRoleRequired,
    MSG.monitorRoleTooLong,
  ),
  description: storedText(
    z.string().trim().max(LIMITS.monitorDescriptionMax, { error: MSG.monitorDescriptionTooLong }),
  ).optional(),
});
export type MonitorFormInput = z.infer<typeof monitorFormSchema>;

/**
 * A team member as the API returns it (public). `image_url` is the display copy, `thumb_url` the
 * ~480 px WebP for cards, both public URLs; `placeholder` a tiny inline image. GET /monitors
 * lists them newest first.
 */
export const monitorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role_description: z.string(),
  description: z.string().nullable(),
  image_url: z.string().nullable(),
  thumb_url: z.string().nullable(),
  placeholder: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Monitor = z.infer<typeof monitorSchema>;

/** Answer of create and update: a message and the monitor. */
export const monitorMutationResultSchema = z.object({
  message: z.string(),
  monitor: monitorSchema,
});
export type MonitorMutationResult = z.infer<typeof monitorMutationResultSchema>;
