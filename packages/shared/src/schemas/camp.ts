import { z } from 'zod';
import { ATTENDANCE_MOMENTS, type AttendanceMoment, CAMP_LIMITS } from '../camp.js';
import { CAMP_MSG } from '../messages.js';
import type { AuthorizationState, PaymentMethod, SignupShown } from './activity.js';
import { bodyId, idParams, requiredText, storedText } from './common.js';
import type { HealthRecord } from './health.js';

/*
 * On camp (issue 37): the activity's staff and its ratio, the camp pack a scouter carries offline,
 * «Pasar lista», the certificados negativos of the adults and the messages to the delegado/a de
 * protección. docs/camp-api.md is the map of the calls.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayField = (message: string) =>
  z
    .string({ error: message })
    .regex(DAY, { error: message })
    // A day of the calendar: JavaScript reads 2026-02-30 as 2 March, so it must read back the same.
    .refine(
      (value) => {
        const time = Date.parse(`${value}T00:00:00Z`);
        return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
      },
      { error: message },
    );

/** One mark of «Pasar lista», as the browser keeps it and sends it (made offline or not). */
export const attendanceMarkInputSchema = z.object({
  child_id: bodyId(CAMP_MSG.attendanceInvalid),
  day: dayField(CAMP_MSG.attendanceDayInvalid),
  moment: z.enum(ATTENDANCE_MOMENTS, { error: CAMP_MSG.attendanceMomentInvalid }),
  present: z.boolean({ error: CAMP_MSG.attendanceInvalid }),
  /** When the scouter marked it, by their device's clock: the latest mark of a cell wins. */
  marked_at: z.iso.datetime({ offset: true, error: CAMP_MSG.attendanceInvalid }),
});
export type AttendanceMarkInput = z.infer<typeof attendanceMarkInputSchema>;

/** POST /activities/:id/attendance: the marks a browser has not synced yet. */
export const attendanceSyncSchema = z.object({
  marks: z
    .array(attendanceMarkInputSchema, { error: CAMP_MSG.attendanceInvalid })
    .max(CAMP_LIMITS.attendanceMarksMax, { error: CAMP_MSG.attendanceTooMany }),
});

/** A mark as the server keeps it: the cell's winner. */
export interface AttendanceMark {
  child_id: number;
  day: string;
  moment: AttendanceMoment;
  present: boolean;
  marked_at: string;
  marked_by_name: string | null;
}

/** An adult of an activity's staff. */
export const staffMemberSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  /** Their certificado negativo is current at the activity's end. */
  certificate_current: z.boolean(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** Children per adult against the group's setting; `short` when more adults are needed. */
export const staffRatioSchema = z.object({
  children: z.number().int(),
  adults: z.number().int(),
  per_adult: z.number().int(),
  needed: z.number().int(),
  short: z.boolean(),
});
export type StaffRatio = z.infer<typeof staffRatioSchema>;

/** How many more adults `children` need at `perAdult` children each, given `adults`. */
export function adultsNeeded(children: number, adults: number, perAdult: number): number {
  return Math.max(0, Math.ceil(children / perAdult) - adults);
}

/** GET /activities/:id/staff */
export const activityStaffSchema = z.object({
  staff: z.array(staffMemberSchema),
  ratio: staffRatioSchema,
  /** The viewer is one of them. */
  mine: z.boolean(),
});
export type ActivityStaff = z.infer<typeof activityStaffSchema>;

/** POST /activities/:id/staff: an adult named staff (themselves, or by a manager). */
export const staffInputSchema = z.object({ user_id: bodyId(CAMP_MSG.personInvalid) });

/** An activity's staff member in a path: `/activities/:id/staff/:userId`. */
export const staffParams = z.object({ id: idParams.shape.id, userId: idParams.shape.id });

/** A child as the camp pack carries it. */
export interface CampChild {
  child_id: number;
  name: string;
  section: string | null;
  signup: SignupShown;
  /** Null: the family has not filled it. */
  health: HealthRecord | null;
  /** When a guardian confirmed it for this activity; null: not yet. */
  health_confirmed_at: string | null;
  authorization: AuthorizationState;
  payment: { amount_cents: number; method: PaymentMethod } | null;
}

/** The group's data for an emergency, as the pack and its PDF carry it. */
export interface CampEmergency {
  group_name: string;
  /** The activity's person in charge. */
  in_charge: string | null;
  protection_delegate: { name: string; contact: string } | null;
}

/** GET /activities/:id/camp-pack: everything the staff carry, for offline use. */
export interface CampPack {
  activity: {
    id: number;
    title: string;
    starts_at: string;
    ends_at: string;
    place: string;
    meeting_point: string;
    meeting_at: string;
    return_point: string;
    return_at: string;
    price_cents: number | null;
  };
  emergency: CampEmergency;
  staff: StaffMember[];
  children: CampChild[];
  attendance: AttendanceMark[];
  /** When it was made, and when the browser must wipe it at the latest (the end, or 7 days). */
  generated_at: string;
  wipe_at: string;
}

/** The state of an adult's certificado negativo. */
export const CERTIFICATE_STATES = ['missing', 'current', 'due_soon', 'expired'] as const;
export type CertificateState = (typeof CERTIFICATE_STATES)[number];
export const CERTIFICATE_STATE_LABELS: Record<CertificateState, string> = {
  missing: 'Sin registrar',
  current: 'Al día',
  due_soon: 'Caduca pronto',
  expired: 'Caducado',
};

/** An adult (scouter or admin) and their latest certificado, in the admin's list. */
export const adultCertificateSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['scouter', 'admin']),
  issued_on: z.string().nullable(),
  checked_by_name: z.string().nullable(),
  checked_at: z.string().nullable(),
  /** `issued_on` plus the renewal months; null when missing. */
  due_on: z.string().nullable(),
  state: z.enum(CERTIFICATE_STATES),
});
export type AdultCertificate = z.infer<typeof adultCertificateSchema>;

/** GET /safeguarding/certificates: missing and due first, then by name. */
export const certificatesListSchema = z.object({
  adults: z.array(adultCertificateSchema),
  renewal_months: z.number().int(),
});
export type CertificatesList = z.infer<typeof certificatesListSchema>;

/** POST /safeguarding/certificates: a certificado seen, with its date. */
export const certificateInputSchema = z.object({
  user_id: bodyId(CAMP_MSG.personInvalid),
  issued_on: dayField(CAMP_MSG.certificateDateInvalid),
});

/** The delegado/a de protección as everyone reads them (the public page, every activity). */
export const publicDelegateSchema = z.object({ name: z.string(), contact: z.string() });
export type PublicDelegate = z.infer<typeof publicDelegateSchema>;
/**
 * GET /protection/delegate: for a signed-in viewer, also whether they are the delegado/a (the
 * app shows them their inbox); a visitor's answer is the public one.
 */
export const delegateAnswerSchema = publicDelegateSchema.extend({ mine: z.boolean().optional() });
export type DelegateAnswer = z.infer<typeof delegateAnswerSchema>;

/** The group's camp settings (admins). */
export const safeguardingSettingsSchema = z.object({
  staff_ratio: z.number().int(),
  certificate_renewal_months: z.number().int(),
  health_retention_days: z.number().int(),
  protection_delegate: publicDelegateSchema.extend({ user_id: z.number().int() }).nullable(),
});
export type SafeguardingSettings = z.infer<typeof safeguardingSettingsSchema>;

const wholeIn = (range: { min: number; max: number }, message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(range.min, { error: message })
    .max(range.max, { error: message });

/** The camp settings by their key, as the audit trail names them. */
export const CAMP_SETTING_LABELS: Record<string, string> = {
  staff_ratio: 'Educandos por adulto como máximo',
  certificate_renewal_months: 'Meses de validez del certificado negativo',
  health_retention_days: 'Días que se guardan los datos de salud tras la actividad',
};

/** PUT /safeguarding/settings */
export const safeguardingSettingsInputSchema = z.object({
  staff_ratio: wholeIn(CAMP_LIMITS.staffRatio, CAMP_MSG.staffRatioInvalid),
  certificate_renewal_months: wholeIn(CAMP_LIMITS.renewalMonths, CAMP_MSG.renewalMonthsInvalid),
  health_retention_days: wholeIn(CAMP_LIMITS.retentionDays, CAMP_MSG.retentionDaysInvalid),
});

/** PUT /safeguarding/delegate: the account named delegado/a and how to reach them. */
export const delegateInputSchema = z.object({
  user_id: bodyId(CAMP_MSG.personInvalid),
  contact: requiredText(
    CAMP_LIMITS.delegateContactMax,
    CAMP_MSG.delegateContactRequired,
    CAMP_MSG.delegateContactTooLong,
  ),
});

/** POST /protection/messages: from a member, or from anyone on the public page. */
export const protectionMessageInputSchema = z.object({
  body: requiredText(
    CAMP_LIMITS.protectionBodyMax,
    CAMP_MSG.protectionBodyRequired,
    CAMP_MSG.protectionBodyTooLong,
  ),
  /** Who writes and how to answer them, when they want to say (a child may not). */
  name: storedText(
    z.string().trim().max(CAMP_LIMITS.protectionNameMax, { error: CAMP_MSG.protectionNameTooLong }),
  ).optional(),
  reply_to: storedText(
    z
      .string()
      .trim()
      .max(CAMP_LIMITS.protectionReplyMax, { error: CAMP_MSG.protectionReplyTooLong }),
  ).optional(),
});

/** A message as the delegado/a reads it. */
export const protectionMessageSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  name: z.string().nullable(),
  reply_to: z.string().nullable(),
  /** The member's account name when sent signed in; null from the public page. */
  sender_name: z.string().nullable(),
  created_at: z.string(),
});
export type ProtectionMessage = z.infer<typeof protectionMessageSchema>;

/** A reading of a message, in the sealed log. */
export const protectionMessageReadSchema = z.object({
  message_id: z.number().int(),
  reader_name: z.string(),
  read_at: z.string(),
});
export type ProtectionMessageRead = z.infer<typeof protectionMessageReadSchema>;
