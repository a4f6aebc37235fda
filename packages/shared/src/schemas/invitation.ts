import { z } from 'zod';
import { INVITATION_STATUSES, LIMITS, ROLES } from '../limits.js';
import { MSG } from '../messages.js';
import { invitationChildrenField, invitationChildSchema } from './admin-panel.js';
import { emailField, roleField } from './common.js';

const looseEmail = z.email();

/** Splits the textarea by line, trims, drops empty lines. */
export function splitEmails(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
}

/** The admin panel's invitation form: e-mails one per line, and a role. */
export const invitationFormSchema = z.object({
  emails: z
    .string({ error: MSG.invitationEmailsRequired })
    .min(LIMITS.invitationsEmailsMin, { error: MSG.invitationEmailsRequired })
    .refine((text) => splitEmails(text).every((e) => looseEmail.safeParse(e).success), {
      error: MSG.invitationEmailsInvalid,
    }),
  role: roleField,
});
export type InvitationFormInput = z.infer<typeof invitationFormSchema>;

/**
 * POST /invitations body. Each invitation may carry `children`: the ids of the children its
 * account will be the guardian of once it is accepted (decision 050).
 */
export const sendInvitationsBodySchema = z.object({
  invitations: z
    .array(
      z.object({
        email: emailField,
        role: roleField,
        children: invitationChildrenField.optional(),
      }),
      {
        error: MSG.invitationNoValidEmails,
      },
    )
    .min(1, { error: MSG.invitationNoValidEmails })
    .max(LIMITS.invitationsPerRequest, {
      error: `No puedes enviar más de ${LIMITS.invitationsPerRequest} invitaciones a la vez.`,
    }),
});
export type SendInvitationsBody = z.infer<typeof sendInvitationsBodySchema>;

export const invitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(ROLES),
  status: z.enum(INVITATION_STATUSES),
  expires_at: z.string(),
  created_at: z.string(),
  /** The children it links on acceptance (names: the list is the admin's). */
  children: z.array(invitationChildSchema),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const sendInvitationsResponseSchema = z.object({
  message: z.string(),
  results: z.object({
    sent: z.array(z.object({ email: z.string(), link: z.string().optional() })),
    errors: z.array(z.object({ email: z.string(), error: z.string() })),
  }),
});
export type SendInvitationsResponse = z.infer<typeof sendInvitationsResponseSchema>;

export const invitationVerifyResponseSchema = z.object({
  email: z.string(),
  role: z.enum(ROLES),
});
export type InvitationVerifyResponse = z.infer<typeof invitationVerifyResponseSchema>;

/** POST /invitations/{id}/resend: the message, and the new link when there is no SMTP. */
export const resendInvitationResponseSchema = z.object({
  message: z.string(),
  link: z.string().optional(),
});
export type ResendInvitationResponse = z.infer<typeof resendInvitationResponseSchema>;
