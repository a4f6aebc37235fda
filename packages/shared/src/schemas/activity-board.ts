import { z } from 'zod';
import { ACTIVITY_BOARD_ERRORS } from '../activity-errors.js';
import { activitySchema, PAYMENT_METHODS, SIGNUP_SHOWN } from './activity.js';
import { activityStaffSchema } from './camp.js';
import { bodyId, idParams } from './common.js';
import { sectionRefSchema } from './section.js';

/*
 * The scouters' board of an activity, its payments, reminders and exports, and the calendar
 * feeds: the answers the server gives and the bodies it takes.
 */

/** The most one payment may be: far above any camp's price, so a slip of a digit is caught. */
export const PAYMENT_MAX_CENTS = 1_000_000;

export const boardSignatureSchema = z.object({
  id: z.number().int(),
  method: z.enum(['online', 'paper']),
  signer_name: z.string().nullable(),
  signed_at: z.string(),
});

export const paymentSchema = z.object({
  amount_cents: z.number().int(),
  method: z.enum(PAYMENT_METHODS),
  recorded_at: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const boardRowSchema = z.object({
  child_id: z.number().int(),
  child_name: z.string(),
  section: sectionRefSchema,
  signup: z.enum(SIGNUP_SHOWN),
  waiting_position: z.number().int().nullable(),
  answers: z.record(z.string(), z.union([z.string(), z.boolean()])),
  authorization: z.object({
    state: z.enum(['missing', 'partial', 'online', 'paper']),
    via: z.enum(['online', 'paper']).nullable(),
    signatures: z.array(boardSignatureSchema),
  }),
  payment: paymentSchema.nullable(),
});
export type BoardRow = z.infer<typeof boardRowSchema>;

/**
 * The counts at the top of the board: every child of the audience by answer; `autorizado` and
 * `sin_autorizar` of those who go (the ones to chase before the bus leaves); `pagado` of anyone.
 */
export const boardCountsSchema = z.object({
  total: z.number().int(),
  pendiente: z.number().int(),
  va: z.number().int(),
  no_va: z.number().int(),
  espera: z.number().int(),
  autorizado: z.number().int(),
  sin_autorizar: z.number().int(),
  pagado: z.number().int(),
});
export type BoardCounts = z.infer<typeof boardCountsSchema>;

/** An activity's child in a path: `/activities/:id/children/:childId/…`. */
export const boardChildParams = z.object({
  id: idParams.shape.id,
  childId: idParams.shape.id,
});

/** PUT …/children/:childId/payment: the amount in euro cents and how it was paid. */
export const paymentInputSchema = z.object({
  amount_cents: z
    .number({ error: ACTIVITY_BOARD_ERRORS.paymentAmountInvalid })
    .int({ error: ACTIVITY_BOARD_ERRORS.paymentAmountInvalid })
    .min(0, { error: ACTIVITY_BOARD_ERRORS.paymentAmountInvalid })
    .max(PAYMENT_MAX_CENTS, { error: ACTIVITY_BOARD_ERRORS.paymentAmountTooLarge }),
  method: z.enum(PAYMENT_METHODS, { error: ACTIVITY_BOARD_ERRORS.paymentMethodInvalid }),
});
export type PaymentInput = z.infer<typeof paymentInputSchema>;

/** POST …/reminders: how many families (guardian accounts) the reminder went to. */
export const remindersResultSchema = z.object({ families: z.number().int() });
export type RemindersResult = z.infer<typeof remindersResultSchema>;

/** GET /calendar-feeds: the viewer's own feed (null with no child) and their sections'. */
export const calendarFeedsSchema = z.object({
  family: z.string().nullable(),
  sections: z.array(z.object({ section: sectionRefSchema, url: z.string() })),
});
export type CalendarFeeds = z.infer<typeof calendarFeedsSchema>;

/** POST /calendar-feeds/reset: a section's feed (their scouters'), else the family's own. */
export const calendarFeedResetSchema = z.object({
  section_id: bodyId(ACTIVITY_BOARD_ERRORS.feedSectionInvalid).optional(),
});
export type CalendarFeedReset = z.infer<typeof calendarFeedResetSchema>;

export const calendarFeedUrlSchema = z.object({ url: z.string() });

/** GET /activities/:id/board: every child of the audience, by section then name. */
export const boardSchema = z.object({
  activity: activitySchema,
  counts: boardCountsSchema,
  rows: z.array(boardRowSchema),
  /** The adults who go and the children per adult against the group's setting. */
  staff: activityStaffSchema,
});
export type Board = z.infer<typeof boardSchema>;
