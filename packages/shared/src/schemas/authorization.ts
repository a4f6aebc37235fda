import { z } from 'zod';
import { AUTHORIZATION_ERRORS } from '../activity-errors.js';
import {
  AUTHORIZATION_PLACEHOLDERS,
  activitySignatureSchema,
  SIGNATURE_CONFIRMATIONS,
} from './activity.js';
import { idParams, requiredText, storedText } from './common.js';

/*
 * The autorización signed online: the DNI/NIE a guardian signs with, the form they read, the
 * signature they send, the admin's text and the group's delegado/a de protección. The text is
 * filled on both sides with `fillAuthorizationText` (activity.ts).
 */

/** The check letters of a DNI or NIE, by the number's remainder modulo 23. */
export const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

/** A DNI/NIE as stored and compared: upper case, without spaces, dots or dashes. */
export function normalizeDni(raw: string): string {
  return raw.toUpperCase().replace(/[\s.-]/g, '');
}

/**
 * What is wrong with a DNI/NIE already normalised, or null when it is valid: a DNI is 8 digits and
 * its letter; a NIE is X, Y or Z (read as 0, 1, 2), 7 digits and its letter.
 */
export function dniProblem(dni: string): string | null {
  if (dni === '') return AUTHORIZATION_ERRORS.dniRequired;
  const match = /^([XYZ]\d{7}|\d{8})([A-Z])$/.exec(dni);
  if (!match?.[1] || !match[2]) return AUTHORIZATION_ERRORS.dniFormat;
  const digits = match[1].replace('X', '0').replace('Y', '1').replace('Z', '2');
  return DNI_LETTERS[Number(digits) % 23] === match[2] ? null : AUTHORIZATION_ERRORS.dniLetter;
}

/** Whether `raw` is a valid DNI/NIE once normalised. */
export function isValidDni(raw: string): boolean {
  return dniProblem(normalizeDni(raw)) === null;
}

/** A DNI/NIE as typed: normalised, then its check letter checked. */
export const dniSchema = z
  .string({ error: AUTHORIZATION_ERRORS.dniRequired })
  .max(40, AUTHORIZATION_ERRORS.dniFormat)
  .transform(normalizeDni)
  .superRefine((dni, ctx) => {
    const problem = dniProblem(dni);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** `GET`/`PUT /api/profile/dni`: the member's DNI/NIE (null: not given yet). */
export const profileDniSchema = z.object({ dni: z.string().nullable() });
export type ProfileDni = z.infer<typeof profileDniSchema>;
export const profileDniBodySchema = z.object({ dni: dniSchema });

/** The longest signer's name kept (as the profile's name). */
export const SIGNER_NAME_MAX = 100;

/** How a guardian confirms a signature: their password, or a recent Google sign-in. */
export const signatureConfirmationSchema = z.enum(SIGNATURE_CONFIRMATIONS);

/**
 * `GET /api/activities/:id/children/:childId/authorization`: the text to fill and every value but
 * the guardian's name and DNI, which they type (`full_name`, `dni`: what the profile has).
 */
export const authorizationFormSchema = z.object({
  template: z.string(),
  values: z.record(z.string(), z.string()),
  text_version: z.number().int(),
  full_name: z.string(),
  dni: z.string().nullable(),
  confirm_with: signatureConfirmationSchema,
});
export type AuthorizationForm = z.infer<typeof authorizationFormSchema>;

/** `POST …/authorization`: a guardian signs what they read (its SHA-256, hex). */
export const signAuthorizationSchema = z.object({
  full_name: requiredText(
    SIGNER_NAME_MAX,
    AUTHORIZATION_ERRORS.signerNameRequired,
    AUTHORIZATION_ERRORS.signerNameTooLong,
  ),
  dni: dniSchema,
  password: z.string().max(200).optional(),
  text_sha256: z
    .string({ error: AUTHORIZATION_ERRORS.textHashInvalid })
    .regex(/^[0-9a-f]{64}$/, AUTHORIZATION_ERRORS.textHashInvalid),
});
export type SignAuthorizationInput = z.infer<typeof signAuthorizationSchema>;

/** The answer to a signature or a paper record: what was stored, and what to tell. */
export const authorizationResultSchema = activitySignatureSchema.extend({
  message: z.string(),
});
export type AuthorizationResult = z.infer<typeof authorizationResultSchema>;

/** The longest note a manager writes on a paper autorización. */
export const PAPER_NOTE_MAX = 500;

/** The multipart `note` of a paper autorización. */
export const paperNoteSchema = storedText(
  z.string().trim().max(PAPER_NOTE_MAX, { error: AUTHORIZATION_ERRORS.paperNoteTooLong }),
);

/** The longest autorización text an admin may write. */
export const AUTHORIZATION_TEXT_MAX = 10_000;

/** The placeholders written in `body` that the text does not know (each once, in order). */
export function unknownPlaceholders(body: string): string[] {
  const known = new Set<string>(AUTHORIZATION_PLACEHOLDERS);
  const found = [...body.matchAll(/\{([^{}\s]*)\}/g)].map((m) => m[1] ?? '');
  return [...new Set(found.filter((name) => !known.has(name)))];
}

/** `POST /api/admin/authorization-text`: a new version of the text. */
export const authorizationTextCreateSchema = z.object({
  body: requiredText(
    AUTHORIZATION_TEXT_MAX,
    AUTHORIZATION_ERRORS.textRequired,
    AUTHORIZATION_ERRORS.textTooLong,
  ).superRefine((body, ctx) => {
    const unknown = unknownPlaceholders(body);
    if (unknown.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: AUTHORIZATION_ERRORS.textUnknownPlaceholders(unknown.map((n) => `{${n}}`)),
      });
    }
  }),
});

/** `GET /api/admin/authorization-text`: the current version and the delegado/a de protección. */
export const authorizationTextSchema = z.object({
  version: z.number().int(),
  body: z.string(),
  created_at: z.string(),
  delegate_name: z.string(),
  delegate_contact: z.string(),
});
export type AuthorizationText = z.infer<typeof authorizationTextSchema>;

/** The longest delegado/a's name and contact. */
export const PROTECTION_DELEGATE_MAX = 200;

/** `PUT /api/admin/protection-delegate`. */
export const protectionDelegateSchema = z.object({
  name: requiredText(
    PROTECTION_DELEGATE_MAX,
    AUTHORIZATION_ERRORS.delegateNameRequired,
    AUTHORIZATION_ERRORS.delegateTooLong,
  ),
  contact: requiredText(
    PROTECTION_DELEGATE_MAX,
    AUTHORIZATION_ERRORS.delegateContactRequired,
    AUTHORIZATION_ERRORS.delegateTooLong,
  ),
});
export type ProtectionDelegate = z.infer<typeof protectionDelegateSchema>;

/** `:authorizationId` of a PDF or a paper scan. */
export const authorizationIdParams = z.object({ authorizationId: idParams.shape.id });
