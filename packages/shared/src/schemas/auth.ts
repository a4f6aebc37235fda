import { z } from 'zod';
import { MSG } from '../messages.js';
import { emailField, nameField, newPasswordField } from './common.js';

/** Login: at login the password is only required. */
export const loginSchema = z.object({
  email: emailField,
  password: z
    .string({ error: MSG.passwordRequired })
    .min(1, { error: MSG.passwordRequired })
    .max(200, { error: MSG.passwordTooLong }),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email: emailField });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** The reset-password form (the token comes from the URL). */
export const resetPasswordFormSchema = z
  .object({
    password: newPasswordField,
    confirmPassword: z
      .string({ error: MSG.confirmNewPasswordRequired })
      .min(1, { error: MSG.confirmNewPasswordRequired }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    error: MSG.passwordsMustMatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordFormInput = z.infer<typeof resetPasswordFormSchema>;

/** POST /auth/reset-password body. */
export const resetPasswordBodySchema = z.object({
  token: z
    .string({ error: MSG.tokenRequired })
    .min(1, { error: MSG.tokenRequired })
    .max(200, { error: MSG.tokenRequired }),
  password: newPasswordField,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** The registration form of an invited user. */
export const registerFormSchema = z
  .object({
    name: nameField,
    password: newPasswordField,
    confirmPassword: z
      .string({ error: MSG.confirmPasswordRequired })
      .min(1, { error: MSG.confirmPasswordRequired }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    error: MSG.passwordsMustMatch,
    path: ['confirmPassword'],
  });
export type RegisterFormInput = z.infer<typeof registerFormSchema>;

/** POST /auth/register-invited body. */
export const registerInvitedBodySchema = z.object({
  token: z
    .string({ error: MSG.tokenRequired })
    .min(1, { error: MSG.tokenRequired })
    .max(200, { error: MSG.tokenRequired }),
  name: nameField,
  password: newPasswordField,
});
export type RegisterInvitedBody = z.infer<typeof registerInvitedBodySchema>;

/** POST /auth/google body: the external provider's ID token. */
export const externalLoginBodySchema = z.object({
  token: z
    .string({ error: MSG.tokenRequired })
    .min(1, { error: MSG.tokenRequired })
    .max(10_000, { error: MSG.tokenRequired }),
});

/** GET /auth/google/nonce: a single-use value the ID token must carry. */
export const externalNonceResponseSchema = z.object({ nonce: z.string() });
export type ExternalNonceResponse = z.infer<typeof externalNonceResponseSchema>;
