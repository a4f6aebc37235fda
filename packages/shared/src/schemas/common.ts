import { z } from 'zod';
import { LIMITS, ROLES } from '../limits.js';
import { MSG } from '../messages.js';

/** A required, trimmed, valid e-mail address. */
export const emailField = z
  .string({ error: MSG.emailRequired })
  .trim()
  .min(1, { error: MSG.emailRequired })
  .max(LIMITS.emailMax, { error: MSG.emailInvalid })
  .pipe(z.email({ error: MSG.emailInvalid }));

/** A new password: required and at least 8 characters. */
export const newPasswordField = z
  .string({ error: MSG.passwordRequired })
  .min(1, { error: MSG.passwordRequired })
  .min(LIMITS.passwordMin, { error: MSG.passwordMin })
  .max(LIMITS.passwordMax, { error: MSG.passwordTooLong });

/** A person's display name: trimmed, 1–100 characters. */
export const nameField = z
  .string({ error: MSG.nameRequired })
  .trim()
  .min(1, { error: MSG.nameRequired })
  .max(LIMITS.profileNameMax, { error: MSG.nameTooLong });

export const roleField = z.enum(ROLES, { error: MSG.invitationRoleInvalid });

/** A positive integer id in a route parameter. */
export const idParams = z.object({
  id: z.coerce
    .number({ error: 'ID inválido.' })
    .int({ error: 'ID inválido.' })
    .positive({ error: 'ID inválido.' }),
});

export const messageResponse = z.object({ message: z.string() });
