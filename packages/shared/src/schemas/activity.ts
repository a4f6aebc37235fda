/*
 * Activities (issue 36): the kinds, states and answers both sides name. The request and answer
 * schemas of each part (the activity, the sign-up, the autorización, the board, the calendar)
 * are added beside these by the part that serves them.
 */

/** What an activity is. */
export const ACTIVITY_KINDS = ['reunion', 'salida', 'acampada', 'campamento', 'otra'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/**
 * Where an activity is in its life: borrador (managers only) → publicada → cerrada (inscripción
 * cerrada: at the deadline, or by hand) → celebrada; or cancelada at any point.
 */
export const ACTIVITY_STATUSES = [
  'borrador',
  'publicada',
  'cerrada',
  'celebrada',
  'cancelada',
] as const;
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];

/** A child's answer for an activity, as stored: «Va» with a place, «No va», or waiting in line. */
export const SIGNUP_STATUSES = ['va', 'no_va', 'espera'] as const;
export type SignupStatus = (typeof SIGNUP_STATUSES)[number];

/** The kinds of question an activity may ask (up to ten). */
export const QUESTION_KINDS = ['text', 'yesno', 'choice'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

/** How an autorización was given. */
export const AUTHORIZATION_METHODS = ['online', 'paper'] as const;
export type AuthorizationMethod = (typeof AUTHORIZATION_METHODS)[number];

/** How a guardian confirmed their signature. */
export const SIGNATURE_CONFIRMATIONS = ['password', 'google'] as const;
export type SignatureConfirmation = (typeof SIGNATURE_CONFIRMATIONS)[number];

/** How a payment was made (marked by hand; no payment processor). */
export const PAYMENT_METHODS = ['efectivo', 'transferencia', 'bizum'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The most questions an activity may ask. */
export const ACTIVITY_QUESTIONS_MAX = 10;

/** The time zone every activity's dates and times are shown and taken in. */
export const ACTIVITY_TIME_ZONE = 'Europe/Madrid';

/**
 * Where a child's autorización for an activity stands: given on paper, signed online by as many
 * guardians as it needs, signed by some of them (an activity asking for both), or missing.
 */
export type AuthorizationState = 'missing' | 'partial' | 'online' | 'paper';

/** What `authorizationState` reads of each autorización given for one child and activity. */
export interface GivenAuthorization {
  method: AuthorizationMethod;
  guardian_id: number | null;
  withdrawn_at: string | null;
  superseded_at: string | null;
}

/**
 * How many guardians must sign online: every guardian of the child (at most two) when the activity
 * asks for both, otherwise one.
 */
export function requiredSigners(bothGuardians: boolean, guardianCount: number): number {
  return bothGuardians ? Math.max(1, Math.min(2, guardianCount)) : 1;
}

/**
 * The state of a child's autorización, from what was given: withdrawn and superseded ones do not
 * count; a paper one is enough by itself (a manager recorded it for the whole family).
 */
export function authorizationState(
  bothGuardians: boolean,
  guardianCount: number,
  given: readonly GivenAuthorization[],
): AuthorizationState {
  const standing = given.filter((a) => !a.withdrawn_at && !a.superseded_at);
  if (standing.some((a) => a.method === 'paper')) return 'paper';
  const signers = new Set(standing.map((a) => a.guardian_id ?? -1));
  if (signers.size === 0) return 'missing';
  return signers.size >= requiredSigners(bothGuardians, guardianCount) ? 'online' : 'partial';
}

/** The placeholders an autorización's text may carry, each written `{name}` in it. */
export const AUTHORIZATION_PLACEHOLDERS = [
  'tutor',
  'dni',
  'educando',
  'actividad',
  'fechas',
  'lugar',
  'punto_encuentro',
  'punto_regreso',
  'transporte',
  'responsable',
  'delegado_proteccion',
  'contacto_proteccion',
  'clausula_medica',
] as const;
export type AuthorizationPlaceholder = (typeof AUTHORIZATION_PLACEHOLDERS)[number];

/** The medical clause every autorización carries (its `{clausula_medica}`). */
export const AUTHORIZATION_MEDICAL_CLAUSE =
  'Autorizo a que, en caso de urgencia y no pudiendo localizarme, se tomen las decisiones ' +
  'médico-quirúrgicas oportunas bajo prescripción facultativa.';

/**
 * The text a guardian reads and signs: `template` with each `{placeholder}` replaced by its value
 * (an unknown or missing one is left as written). The web fills it as the guardian types their name
 * and DNI, the server fills it again the same way and compares the SHA-256 of both.
 */
export function fillAuthorizationText(
  template: string,
  values: Partial<Record<AuthorizationPlaceholder, string>>,
): string {
  return template.replace(/\{([a-z_]+)\}/g, (whole, name: string) => {
    const value = (values as Record<string, string | undefined>)[name];
    return value === undefined ? whole : value;
  });
}
