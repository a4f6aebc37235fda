import { z } from 'zod';
import { CAMP_MSG } from '../messages.js';
import { requiredText, storedText } from './common.js';

/*
 * La ficha sanitaria (issue 37): what the scouters of a camp need to know of a child's health,
 * and no more, kept by the child's guardians. The server stores it sealed (AES-256-GCM) and
 * shows it only to the guardians and, in the camp window, to the staff of an activity the child
 * goes to (docs/camp-api.md).
 */

export const HEALTH_LIMITS = {
  textMax: 1000,
  shortMax: 100,
  medicationsMax: 10,
  healthCardMax: 40,
} as const;

/** Whether the child can swim. */
export const SWIM_ANSWERS = ['si', 'no', 'con_ayuda'] as const;
export type SwimAnswer = (typeof SWIM_ANSWERS)[number];
export const SWIM_LABELS: Record<SwimAnswer, string> = {
  si: 'Sí',
  no: 'No',
  con_ayuda: 'Con ayuda',
};

/** How a ficha was read by someone other than its guardians (the family sees it in its log). */
export const HEALTH_READ_VIAS = ['ficha', 'pack', 'pdf'] as const;
export type HealthReadVia = (typeof HEALTH_READ_VIAS)[number];
export const HEALTH_READ_VIA_LABELS: Record<HealthReadVia, string> = {
  ficha: 'En pantalla',
  pack: 'Copia para el campamento',
  pdf: 'PDF para el botiquín',
};

/** The ficha's labels, as its form and every copy of it (screen, pack, PDF) name them. */
export const HEALTH_LABELS = {
  title: 'Ficha sanitaria',
  allergies: 'Alergias e intolerancias',
  medications: 'Medicación',
  medicationName: 'Medicamento',
  medicationDose: 'Dosis',
  medicationSchedule: 'Cuándo',
  medicationScoutersMayGive: 'Los scouters pueden dárselo',
  diet: 'Dieta',
  conditions: 'Enfermedades crónicas',
  healthCard: 'Número de tarjeta sanitaria',
  canSwim: '¿Sabe nadar?',
  notes: 'Otras observaciones',
  contacts: 'Contactos de emergencia',
  contactName: 'Nombre',
  contactRelation: 'Relación',
  contactPhone: 'Teléfono',
  none: 'Ninguna',
} as const;

const longText = storedText(
  z.string().trim().max(HEALTH_LIMITS.textMax, { error: CAMP_MSG.healthTextTooLong }),
);
const shortText = storedText(
  z.string().trim().max(HEALTH_LIMITS.shortMax, { error: CAMP_MSG.healthShortTooLong }),
);

export const medicationSchema = z.object({
  name: requiredText(
    HEALTH_LIMITS.shortMax,
    CAMP_MSG.medicationNameRequired,
    CAMP_MSG.healthShortTooLong,
  ),
  dose: shortText,
  schedule: shortText,
  scouters_may_give: z.boolean(),
});
export type Medication = z.infer<typeof medicationSchema>;

/** A phone as people write it: digits, spaces, dots or dashes, an optional leading +; 6–15 digits. */
const PHONE = /^\+?[\d\s.-]{6,20}$/;
export const emergencyContactSchema = z.object({
  name: requiredText(
    HEALTH_LIMITS.shortMax,
    CAMP_MSG.contactNameRequired,
    CAMP_MSG.healthShortTooLong,
  ),
  relation: requiredText(
    HEALTH_LIMITS.shortMax,
    CAMP_MSG.contactRelationRequired,
    CAMP_MSG.healthShortTooLong,
  ),
  phone: z
    .string({ error: CAMP_MSG.contactPhoneInvalid })
    .trim()
    .refine((value) => PHONE.test(value) && value.replace(/\D/g, '').length >= 6, {
      error: CAMP_MSG.contactPhoneInvalid,
    })
    .refine((value) => value.replace(/\D/g, '').length <= 15, {
      error: CAMP_MSG.contactPhoneInvalid,
    }),
});
export type EmergencyContact = z.infer<typeof emergencyContactSchema>;

/** PUT /children/:id/health: the whole ficha (every text may be empty but the contacts). */
export const healthRecordInputSchema = z.object({
  allergies: longText,
  medications: z
    .array(medicationSchema, { error: CAMP_MSG.medicationsTooMany })
    .max(HEALTH_LIMITS.medicationsMax, { error: CAMP_MSG.medicationsTooMany }),
  diet: longText,
  conditions: longText,
  health_card: storedText(
    z.string().trim().max(HEALTH_LIMITS.healthCardMax, { error: CAMP_MSG.healthCardTooLong }),
  ),
  can_swim: z.enum(SWIM_ANSWERS, { error: CAMP_MSG.swimInvalid }),
  notes: longText,
  contacts: z
    .array(emergencyContactSchema, { error: CAMP_MSG.contactsInvalid })
    .length(2, { error: CAMP_MSG.contactsInvalid }),
});
export type HealthRecordInput = z.infer<typeof healthRecordInputSchema>;

/** A ficha as its guardians (and, in the window, the staff) read it. */
export interface HealthRecord extends HealthRecordInput {
  updated_at: string;
  /** When a guardian last said it is up to date. */
  confirmed_at: string;
}

/** A ficha as the API sends it (the export's response schema reads it). */
export const healthRecordSchema = z.object({
  allergies: z.string(),
  medications: z.array(
    z.object({
      name: z.string(),
      dose: z.string(),
      schedule: z.string(),
      scouters_may_give: z.boolean(),
    }),
  ),
  diet: z.string(),
  conditions: z.string(),
  health_card: z.string(),
  can_swim: z.enum(SWIM_ANSWERS),
  notes: z.string(),
  contacts: z.array(z.object({ name: z.string(), relation: z.string(), phone: z.string() })),
  updated_at: z.string(),
  confirmed_at: z.string(),
});

/** GET /children/:id/health: the ficha (null: never filled) and whether it asks a confirmation. */
export interface ChildHealth {
  record: HealthRecord | null;
  /** Not confirmed since the current round began (1 September, Madrid). */
  confirm_due: boolean;
}

/** POST /children/:id/health/confirm: «Está al día», for an activity or for the round. */
export const healthConfirmSchema = z.object({
  activity_id: z.number().int().min(1).optional(),
});

/** A reading of a ficha, as its family sees it in 'Mis educandos'. */
export interface HealthRead {
  id: number;
  reader_name: string;
  activity_id: number | null;
  activity_title: string;
  via: HealthReadVia;
  read_at: string;
}

/** A reading as the API sends it (the export's response schema reads it). */
export const healthReadSchema = z.object({
  id: z.number().int(),
  reader_name: z.string(),
  activity_id: z.number().int().nullable(),
  activity_title: z.string(),
  via: z.enum(HEALTH_READ_VIAS),
  read_at: z.string(),
});

/** GET /children/:id/health/reads?page=N: newest first, paged. */
export interface HealthReadsPage {
  items: HealthRead[];
  total: number;
  page_size: number;
}

/**
 * The first day of the round (ronda solar) `at` falls in, as `YYYY-MM-DD`: a round runs from
 * 1 September to 31 August (the day in Madrid is close enough: the turn is at midnight UTC).
 */
export function roundStart(at: Date): string {
  const year = at.getUTCMonth() >= 8 ? at.getUTCFullYear() : at.getUTCFullYear() - 1;
  return `${year}-09-01`;
}
