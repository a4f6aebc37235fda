import { z } from 'zod';
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

/** PUT /profile/me text fields (the avatar travels as a multipart file). */
export const profileUpdateSchema = z.object({ name: profileNameField.optional() });
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

export const profileUpdateResponseSchema = z.object({ message: z.string(), user: userSchema });

/** PUT /admin/users/{id}/role body. */
export const updateRoleBodySchema = z.object({ role: roleField });
export type UpdateRoleBody = z.infer<typeof updateRoleBodySchema>;
