import { z } from 'zod';
import { DIGEST_FREQUENCIES, DIGEST_MESSAGES } from '../digest.js';
import { LIMITS } from '../limits.js';
import { MSG } from '../messages.js';
import { roleField, storedText } from './common.js';
import { userSchema } from './user.js';

/** The profile's name: optional, but 1–100 characters when given. */
export const profileNameField = storedText(
  z
    .string()
    .trim()
    .min(1, { error: MSG.profileNameEmpty })
    .max(LIMITS.profileNameMax, { error: MSG.nameTooLong }),
  MSG.profileNameEmpty,
);

/** How often the member wants the e-mail digest (decision 022). */
export const digestField = z.enum(DIGEST_FREQUENCIES, { error: DIGEST_MESSAGES.invalidFrequency });

/** GET /profile/me: the user and what only they see of themselves. */
export const profileSchema = userSchema.extend({ digest: digestField });
export type Profile = z.infer<typeof profileSchema>;

/** PUT /profile/me text fields (the avatar travels as a multipart file). */
export const profileUpdateSchema = z.object({
  name: profileNameField.optional(),
  digest: digestField.optional(),
});
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

export const profileUpdateResponseSchema = z.object({ message: z.string(), user: profileSchema });

/** PUT /admin/users/{id}/role body. */
export const updateRoleBodySchema = z.object({ role: roleField });
export type UpdateRoleBody = z.infer<typeof updateRoleBodySchema>;
