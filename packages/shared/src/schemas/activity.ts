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
