import { z } from 'zod';
import { MSG } from '../messages.js';
import { SERVER_ERRORS } from '../server-messages.js';
import { idParams, limitField, MAX_ID, pageField, storedText } from './common.js';
import { sectionRefSchema } from './section.js';

/** A row id in a JSON body. */
const idNumber = z
  .number({ error: SERVER_ERRORS.validation })
  .int({ error: SERVER_ERRORS.validation })
  .min(1, { error: SERVER_ERRORS.validation })
  .max(MAX_ID, { error: SERVER_ERRORS.validation });

/*
 * The group's children (educandos) and their guardians (decision 140). A child's full
 * name is seen only by managers (an admin: every child; a scouter: the children of their sections)
 * and by that child's own guardians; never by other families, never on a public page.
 */

/** A guardian as a manager sees them beside a child. */
export const guardianSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
});
export type Guardian = z.infer<typeof guardianSchema>;

/** A child as a manager sees them. `birth_date` is `YYYY-MM-DD`. */
export const childSchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  birth_date: z.string(),
  section: sectionRefSchema,
  active: z.boolean(),
  guardians: z.array(guardianSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Child = z.infer<typeof childSchema>;

/** A child as their guardian sees them in 'Mis educandos': the name and the section. */
export const ownChildSchema = childSchema.pick({ id: true, full_name: true, section: true });
export type OwnChild = z.infer<typeof ownChildSchema>;

export const CHILD_NAME_MAX = 150;
/** Children per page of the admin panel's list (the most one request may ask: limitField's). */
export const CHILDREN_PAGE_SIZE = 20;
export const CHILD_SEARCH_MAX = 100;

/** Whether `value` is a real calendar date written `YYYY-MM-DD` (not 2025-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Today's date, `YYYY-MM-DD`, in UTC (a day's leeway either way does not matter here). */
export function todayDate(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

const birthDate = z
  .string({ error: MSG.birthDateInvalid })
  .trim()
  .refine(isCalendarDate, { error: MSG.birthDateInvalid })
  .refine((value) => value >= '1900-01-01', { error: MSG.birthDateInvalid })
  // A day of leeway: a date "today" somewhere east of UTC is still a birth date.
  .refine((value) => value <= todayDate(new Date(Date.now() + 86_400_000)), {
    error: MSG.birthDateFuture,
  });

const childFields = z.object({
  full_name: storedText(
    z
      .string({ error: MSG.childNameRequired })
      .trim()
      .min(1, { error: MSG.childNameRequired })
      .max(CHILD_NAME_MAX, { error: MSG.childNameTooLong }),
    MSG.childNameRequired,
  ),
  birth_date: birthDate,
  section_id: z
    .number({ error: MSG.childSectionRequired })
    .int({ error: MSG.childSectionRequired })
    .min(1, { error: MSG.childSectionRequired })
    .max(MAX_ID, { error: MSG.childSectionRequired }),
});

/** POST /children: full name (1–150), birth date (not in the future), a section in use. */
export const childCreateSchema = childFields;
export type ChildCreateInput = z.input<typeof childCreateSchema>;

/**
 * PUT /children/{id}: any of the fields (missing: unchanged) and `active`. A new section closes
 * the child's current stay and opens another (the history of their sections).
 */
export const childUpdateSchema = childFields
  .partial()
  .extend({ active: z.boolean({ error: SERVER_ERRORS.validation }).optional() });
export type ChildUpdateInput = z.input<typeof childUpdateSchema>;

export const CHILD_STATUSES = ['active', 'inactive', 'all'] as const;
export type ChildStatus = (typeof CHILD_STATUSES)[number];

/**
 * GET /children query: `q` searches the full name (case and accents aside), `section` a section
 * id, `status` active (default), inactive or all; `page` ≥ 1, `limit` 1–100 (default 20). The
 * answer is a plain array, the total in `X-Total-Count`.
 */
export const childListQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(CHILD_SEARCH_MAX, { error: MSG.childSearchTooLong })
    .optional()
    .transform((q) => q || undefined),
  section: z.coerce.number({ error: SERVER_ERRORS.validation }).int().min(1).max(MAX_ID).optional(),
  status: z.enum(CHILD_STATUSES, { error: MSG.childStatusInvalid }).default('active'),
  page: pageField.default(1),
  limit: limitField.default(CHILDREN_PAGE_SIZE),
});
export type ChildListQuery = z.infer<typeof childListQuerySchema>;

/** One stay of a child in a section; the current one has no `ended_at`. */
export const childStaySchema = z.object({
  section: sectionRefSchema,
  started_at: z.string(),
  ended_at: z.string().nullable(),
});
export type ChildStay = z.infer<typeof childStaySchema>;

/** GET /children/{id}: the child, their guardians and the history of their sections, newest first. */
export const childDetailSchema = childSchema.extend({ history: z.array(childStaySchema) });
export type ChildDetail = z.infer<typeof childDetailSchema>;

/** Answer of create, update and the guardian links. */
export const childMutationResultSchema = z.object({ message: z.string(), child: childSchema });
export type ChildMutationResult = z.infer<typeof childMutationResultSchema>;

/** Route parameters of the guardian link: the child and the account. */
export const guardianParams = z.object({
  id: idParams.shape.id,
  userId: idParams.shape.id,
});

/** GET /children/promotion query: the date ages are counted on (default: decision 048). */
export const promotionQuerySchema = z.object({
  date: z
    .string({ error: MSG.promotionDateInvalid })
    .refine(isCalendarDate, { error: MSG.promotionDateInvalid })
    .optional(),
});

/**
 * One proposed move: the child (their age on the date), where they are and where their age fits
 * (`to` null: past the last section, they leave the group and become inactive).
 */
export const promotionMoveSchema = z.object({
  child_id: z.number().int(),
  full_name: z.string(),
  birth_date: z.string(),
  age: z.number().int(),
  from: sectionRefSchema,
  to: sectionRefSchema.nullable(),
});
export type PromotionMove = z.infer<typeof promotionMoveSchema>;

/** The paso de sección's proposal for `date`. */
export const promotionProposalSchema = z.object({
  date: z.string(),
  moves: z.array(promotionMoveSchema),
});
export type PromotionProposal = z.infer<typeof promotionProposalSchema>;

export const PROMOTION_MAX_MOVES = 1000;

/** POST /children/promotion: the moves to apply, all in one go (`section_id` null: leaves). */
export const promotionApplySchema = z.object({
  moves: z
    .array(
      z.object({
        child_id: idNumber,
        section_id: idNumber.nullable(),
      }),
      { error: MSG.promotionMovesRequired },
    )
    .min(1, { error: MSG.promotionMovesRequired })
    .max(PROMOTION_MAX_MOVES, { error: MSG.promotionMovesTooMany })
    .refine((moves) => new Set(moves.map((m) => m.child_id)).size === moves.length, {
      error: MSG.promotionMovesRepeated,
    }),
});
export type PromotionApplyInput = z.infer<typeof promotionApplySchema>;

/** Answer of the apply: the message and how many children changed. */
export const promotionResultSchema = z.object({ message: z.string(), moved: z.number().int() });
export type PromotionResult = z.infer<typeof promotionResultSchema>;

/**
 * GET /children/accounts query: who to link as a guardian. An admin searches names and e-mails
 * (`q`, ≥ 2 characters; the first 10 by name); a scouter finds an account only by its exact
 * e-mail (decision 049), so nobody can list the group's families from a search box.
 */
export const accountLookupQuerySchema = z.object({
  q: z.string().trim().min(2, { error: MSG.childSearchTooShort }).max(CHILD_SEARCH_MAX, {
    error: MSG.childSearchTooLong,
  }),
});
export const ACCOUNT_LOOKUP_LIMIT = 10;
