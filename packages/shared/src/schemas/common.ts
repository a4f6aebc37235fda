import { z } from 'zod';
import { LIMITS, ROLES } from '../limits.js';
import { MSG } from '../messages.js';

const INVISIBLE = /[\s\p{Default_Ignorable_Code_Point}]/gu;

/**
 * The checks every stored text gets after its own: no NUL character (PostgreSQL cannot store
 * one, and nobody types it), and, when it is not empty, something a reader can see — a text of
 * only zero-width spaces (U+200B) and the like counts as empty and gets `emptyMessage`.
 */
export function storedText(schema: z.ZodString, emptyMessage?: string): z.ZodString {
  const checked = schema.refine((value) => !value.includes('\u0000'), {
    error: MSG.textInvalidCharacters,
  });
  if (!emptyMessage) return checked;
  return checked.refine((value) => value === '' || value.replace(INVISIBLE, '') !== '', {
    error: emptyMessage,
  });
}

/** A required stored text, trimmed: `required` when missing or blank, `tooLong` past `max`. */
export function requiredText(max: number, required: string, tooLong: string): z.ZodString {
  return storedText(
    z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: tooLong }),
    required,
  );
}

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
export const nameField = requiredText(LIMITS.profileNameMax, MSG.nameRequired, MSG.nameTooLong);

export const roleField = z.enum(ROLES, { error: MSG.invitationRoleInvalid });

/** The largest row id: PostgreSQL's `integer` (a larger one would be a database error there). */
export const MAX_ID = 2_147_483_647;

/**
 * A row id written in decimal digits, or null: `1e3`, `0x10`, ` 7`, `7.0`, `-1`, `0` and anything
 * above MAX_ID are no ids (a number parser would read the first two as 1000 and 16).
 */
export function parseId(raw: string): number | null {
  if (!/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= MAX_ID ? id : null;
}

/** A row id in a JSON body: a whole number from 1 to MAX_ID, else `message`. */
export function bodyId(message: string) {
  return z
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(MAX_ID, { error: message });
}

/** A row id in a route parameter (see parseId). */
export const idParams = z.object({
  id: z
    .string({ error: MSG.idInvalid })
    .refine((raw) => parseId(raw) !== null, { error: MSG.idInvalid })
    .transform((raw) => parseId(raw) as number),
});

/** A whole number of a query string (a page, a page's size) from `min` to `max`, else `message`. */
export function queryInteger(min: number, max: number, message: string) {
  return z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });
}

/** The most rows one request of a paged list may ask for. */
export const PAGE_SIZE_MAX = 100;
/**
 * A page number of a paged list: far past any list's end at a million, and its offset a safe
 * whole number for either database.
 */
export const pageField = queryInteger(1, 1_000_000, MSG.pageInvalid);
/** Rows a page of a paged list: 1 to PAGE_SIZE_MAX. */
export const limitField = queryInteger(1, PAGE_SIZE_MAX, MSG.pageSizeInvalid);

export const messageResponse = z.object({ message: z.string() });
