import { z } from 'zod';
import { ROLES } from '../limits.js';
import { SIGNATURE_CONFIRMATIONS, SIGNUP_STATUSES } from './activity.js';
import { CONSENT_GIVERS, CONSENT_PURPOSES } from './consent.js';
import { healthReadSchema, healthRecordSchema } from './health.js';

/**
 * A member's own data as a JSON file, and deleting one's own account (decision 023). The
 * server's Spanish answers live here, next to the shapes they belong to.
 */
export const MY_DATA_MESSAGES = {
  passwordRequired: 'Escribe tu contraseña para confirmar.',
  wrongPassword: 'La contraseña no es correcta.',
  noPassword:
    'Tu cuenta no tiene contraseña: confirma con «Confirmar con Google» (un inicio de sesión nuevo).',
  externalStale:
    'El inicio de sesión externo debe ser de hace menos de 5 minutos. Vuelve a intentarlo.',
  externalOtherAccount:
    'Ese inicio de sesión es de otra cuenta: entra con la cuenta del email de tu perfil.',
  lastAdmin:
    'Eres el único administrador: nombra a otro administrador antes de eliminar tu cuenta.',
  accountDeleted:
    'Tu cuenta se ha eliminado, junto con tus comentarios y tus «me gusta». Hasta pronto.',
} as const;

/** How recent the external sign-in that confirms a deletion must be. */
export const ACCOUNT_DELETION_EXTERNAL_MAX_AGE_S = 5 * 60;

/**
 * DELETE /profile/me: the password, or the ID token of an external sign-in made just now (with a
 * nonce from GET /auth/google/nonce, like POST /auth/google).
 */
export const deleteAccountBodySchema = z.object({
  password: z
    .string({ error: MY_DATA_MESSAGES.passwordRequired })
    .max(200, { error: MY_DATA_MESSAGES.wrongPassword })
    .optional(),
  idToken: z.string().min(1).max(10_000).optional(),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

const target = z.enum(['photo', 'news', 'experience']);

/** What a like or comment was on: the title the member could see, or null. */
const targetFields = {
  target_type: target,
  target_id: z.number().int(),
  /** The news item's or experience's title; for a photo, its album's title. */
  target_title: z.string().nullable(),
  /** For a photo: its album. */
  album_id: z.number().int().nullable(),
};

/** GET /profile/me/export: everything Fogata keeps about the member, and nobody else's data. */
export const myDataExportSchema = z.object({
  exported_at: z.string(),
  group: z.string(),
  account: z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    avatar_url: z.string().nullable(),
    created_at: z.string(),
    password_changed_at: z.string().nullable(),
    /** 'password' when the account has one; 'external' when it only signs in with Google. */
    sign_in: z.enum(['password', 'external']),
  }),
  likes: z.array(z.object({ ...targetFields, created_at: z.string() })),
  comments: z.array(
    z.object({
      id: z.number().int(),
      ...targetFields,
      comment_text: z.string(),
      created_at: z.string(),
      updated_at: z.string(),
    }),
  ),
  removal_requests: z.array(
    z.object({
      id: z.number().int(),
      photo_id: z.number().int().nullable(),
      album_id: z.number().int().nullable(),
      album_title: z.string(),
      reason: z.string().nullable(),
      status: z.enum(['pending', 'kept', 'shown', 'deleted']),
      resolution_note: z.string().nullable(),
      created_at: z.string(),
      resolved_at: z.string().nullable(),
    }),
  ),
  /**
   * The children the member is the guardian of (decision 052), and only theirs: each
   * child's full name, birth date, current section, and every stay in a section.
   */
  children: z.array(
    z.object({
      id: z.number().int(),
      full_name: z.string(),
      birth_date: z.string(),
      active: z.boolean(),
      section: z.object({ id: z.number().int(), name: z.string() }),
      guardian_since: z.string(),
      section_history: z.array(
        z.object({
          section: z.string(),
          started_at: z.string(),
          ended_at: z.string().nullable(),
        }),
      ),
      /**
       * The child's image consents, every record oldest first (append-only), whoever
       * gave it: the family in the app, a signed paper form, or the young person from 14.
       */
      consents: z.array(
        z.object({
          purpose: z.enum(CONSENT_PURPOSES),
          granted: z.boolean(),
          given_by: z.enum(CONSENT_GIVERS),
          note: z.string().nullable(),
          text_version: z.number().int(),
          created_at: z.string(),
        }),
      ),
      /**
       * The child's answers to the activities (whoever of the family gave them): «Va», «No va»
       * or waiting, and the answers to each activity's questions (question id → answer).
       */
      activities: z.array(
        z.object({
          activity_id: z.number().int(),
          activity_title: z.string(),
          signup: z.enum(SIGNUP_STATUSES),
          answers: z.record(z.string(), z.union([z.string(), z.boolean()])),
          updated_at: z.string(),
        }),
      ),
      /**
       * On camp: the child's ficha sanitaria (null: never filled; a key other than the
       * one it was sealed with leaves it out as null too) and who has read it, newest first.
       */
      health: z.object({
        record: healthRecordSchema.nullable(),
        reads: z.array(healthReadSchema),
      }),
    }),
  ),
  /**
   * The autorizaciones the member signed online, with the evidence kept of each: the text as
   * signed, the name and DNI/NIE they signed with, when, from where, how they confirmed.
   */
  authorizations: z.array(
    z.object({
      id: z.number().int(),
      activity_id: z.number().int(),
      activity_title: z.string(),
      child_id: z.number().int(),
      child_name: z.string(),
      signer_name: z.string().nullable(),
      signer_dni: z.string().nullable(),
      text: z.string().nullable(),
      text_sha256: z.string().nullable(),
      text_version: z.number().int().nullable(),
      confirmed_with: z.enum(SIGNATURE_CONFIRMATIONS).nullable(),
      ip: z.string().nullable(),
      user_agent: z.string().nullable(),
      signed_at: z.string(),
      withdrawn_at: z.string().nullable(),
      superseded_at: z.string().nullable(),
    }),
  ),
  invitations: z.object({
    /** The invitation the member accepted to join (null for an account made another way). */
    received: z
      .object({
        email: z.string(),
        role: z.enum(ROLES),
        created_at: z.string(),
        accepted_at: z.string().nullable(),
      })
      .nullable(),
    /** Invitations the member sent (scouters and admins): the addresses they entered. */
    sent: z.array(
      z.object({
        id: z.number().int().nullable(),
        email: z.string(),
        role: z.string().nullable(),
        sent_at: z.string(),
        status: z.enum(['pending', 'accepted', 'expired', 'removed']),
      }),
    ),
  }),
});
export type MyDataExport = z.infer<typeof myDataExportSchema>;

/** The download's file name: `fogata-mis-datos-2026-11-23.json`. */
export function myDataFileName(date: Date): string {
  return `fogata-mis-datos-${date.toISOString().slice(0, 10)}.json`;
}
