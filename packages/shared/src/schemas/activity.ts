import { z } from 'zod';
import { ACTIVITY_MSG, MSG } from '../messages.js';
import { isCalendarDate } from './child.js';
import { bodyId, parseId, requiredText, storedText } from './common.js';
import { sectionRefSchema } from './section.js';

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

// ---------------------------------------------------------------------------------------------
// The activity itself (act-core): what a manager sends, what everyone reads, a family's sign-up.
// ---------------------------------------------------------------------------------------------

/** How each state reads, as a badge and in the errors that name it. */
export const ACTIVITY_STATUS_LABELS: Record<ActivityStatus, string> = {
  borrador: 'Borrador',
  publicada: 'Publicada',
  cerrada: 'Inscripción cerrada',
  celebrada: 'Celebrada',
  cancelada: 'Cancelada',
};

/** How each kind reads. */
export const ACTIVITY_KIND_LABELS: Record<ActivityKind, string> = {
  reunion: 'Reunión',
  salida: 'Salida',
  acampada: 'Acampada',
  campamento: 'Campamento',
  otra: 'Otra',
};

/** The limits of an activity's fields. */
export const ACTIVITY_LIMITS = {
  titleMax: 150,
  textMax: 200,
  descriptionMax: 5000,
  /** 10.000 € in cents. */
  priceMaxCents: 1_000_000,
  placesMax: 1000,
  sectionsMax: 50,
  questionLabelMax: 200,
  optionsMax: 20,
  optionMax: 100,
  answerMax: 500,
  /** A reunión repeats weekly at most this many days after its first day. */
  repeatMaxDays: 366,
  /** Past activities per page of the list. */
  pastPageSize: 20,
} as const;

/** A child's answer as shown: no row is 'pendiente'. */
export const SIGNUP_SHOWN = ['pendiente', 'va', 'no_va', 'espera'] as const;
export type SignupShown = (typeof SIGNUP_SHOWN)[number];

/** How a child's answer reads (the audit trail, the board's filters). */
export const SIGNUP_LABELS: Record<SignupShown, string> = {
  pendiente: 'Pendiente',
  va: 'Va',
  no_va: 'No va',
  espera: 'En lista de espera',
};

/** The states a manager may move an activity to by hand (borrador is only where one starts). */
export const ACTIVITY_STATUS_CHANGES = ['publicada', 'cerrada', 'celebrada', 'cancelada'] as const;
export type ActivityStatusChange = (typeof ACTIVITY_STATUS_CHANGES)[number];

/** An instant as ISO 8601 with its offset (or Z); sent on as UTC (`…Z`). */
function instantField(required: string) {
  return z
    .string({ error: required })
    .min(1, { error: required })
    .pipe(z.iso.datetime({ offset: true, error: ACTIVITY_MSG.instantInvalid }))
    .transform((value) => new Date(value).toISOString());
}

const placeText = (required: string) =>
  requiredText(ACTIVITY_LIMITS.textMax, required, ACTIVITY_MSG.placeTooLong);

/** One question an activity asks; `id` names one it already had (an edit keeps its answers). */
export const activityQuestionInputSchema = z
  .object(
    {
      id: bodyId(ACTIVITY_MSG.questionsInvalid).optional(),
      label: requiredText(
        ACTIVITY_LIMITS.questionLabelMax,
        ACTIVITY_MSG.questionLabelRequired,
        ACTIVITY_MSG.questionLabelTooLong,
      ),
      kind: z.enum(QUESTION_KINDS, { error: ACTIVITY_MSG.questionKindInvalid }),
      options: z
        .array(
          storedText(
            z
              .string({ error: ACTIVITY_MSG.questionOptionInvalid })
              .trim()
              .min(1, { error: ACTIVITY_MSG.questionOptionInvalid })
              .max(ACTIVITY_LIMITS.optionMax, { error: ACTIVITY_MSG.questionOptionInvalid }),
            ACTIVITY_MSG.questionOptionInvalid,
          ),
          { error: ACTIVITY_MSG.questionsInvalid },
        )
        .max(ACTIVITY_LIMITS.optionsMax, { error: ACTIVITY_MSG.questionOptionsTooMany })
        .nullable()
        .default(null),
      required: z.boolean({ error: ACTIVITY_MSG.questionRequiredInvalid }).default(false),
    },
    { error: ACTIVITY_MSG.questionsInvalid },
  )
  .superRefine((question, ctx) => {
    if (question.kind !== 'choice') return;
    const options = question.options ?? [];
    if (options.length < 2) {
      ctx.addIssue({
        code: 'custom',
        path: ['options'],
        message: ACTIVITY_MSG.questionOptionsTooFew,
      });
    } else if (new Set(options).size !== options.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['options'],
        message: ACTIVITY_MSG.questionOptionsRepeated,
      });
    }
  })
  // Only a 'choice' question keeps options.
  .transform((question) => ({
    ...question,
    options: question.kind === 'choice' ? question.options : null,
  }));
export type ActivityQuestionInput = z.input<typeof activityQuestionInputSchema>;

/**
 * An activity as a manager creates or edits it (POST and PUT /api/activities). `section_ids` empty:
 * the whole group. Instants ISO 8601 (sent on as UTC); money in euro cents. Whether the start is in
 * the past is the server's to say (an edit may keep a start that has passed).
 */
export const activityInputSchema = z
  .object(
    {
      title: requiredText(
        ACTIVITY_LIMITS.titleMax,
        ACTIVITY_MSG.titleRequired,
        ACTIVITY_MSG.titleTooLong,
      ),
      kind: z.enum(ACTIVITY_KINDS, { error: ACTIVITY_MSG.kindInvalid }),
      section_ids: z
        .array(bodyId(ACTIVITY_MSG.sectionsInvalid), { error: ACTIVITY_MSG.sectionsInvalid })
        .max(ACTIVITY_LIMITS.sectionsMax, { error: ACTIVITY_MSG.sectionsInvalid })
        .default([])
        .transform((ids) => [...new Set(ids)].sort((a, b) => a - b)),
      starts_at: instantField(ACTIVITY_MSG.startsAtRequired),
      ends_at: instantField(ACTIVITY_MSG.endsAtRequired),
      repeats_weekly_until: z
        .string({ error: ACTIVITY_MSG.repeatInvalid })
        .refine(isCalendarDate, { error: ACTIVITY_MSG.repeatInvalid })
        .nullable()
        .default(null),
      place: placeText(ACTIVITY_MSG.placeRequired),
      meeting_point: placeText(ACTIVITY_MSG.meetingPointRequired),
      meeting_at: instantField(ACTIVITY_MSG.meetingAtRequired),
      return_point: placeText(ACTIVITY_MSG.returnPointRequired),
      return_at: instantField(ACTIVITY_MSG.returnAtRequired),
      transport: placeText(ACTIVITY_MSG.transportRequired),
      price_cents: z
        .number({ error: ACTIVITY_MSG.priceInvalid })
        .int({ error: ACTIVITY_MSG.priceInvalid })
        .min(0, { error: ACTIVITY_MSG.priceNegative })
        .max(ACTIVITY_LIMITS.priceMaxCents, { error: ACTIVITY_MSG.priceTooHigh })
        .nullable()
        .default(null),
      places: z
        .number({ error: ACTIVITY_MSG.placesInvalid })
        .int({ error: ACTIVITY_MSG.placesInvalid })
        .min(1, { error: ACTIVITY_MSG.placesInvalid })
        .max(ACTIVITY_LIMITS.placesMax, { error: ACTIVITY_MSG.placesTooMany })
        .nullable()
        .default(null),
      signup_deadline: instantField(ACTIVITY_MSG.deadlineRequired),
      in_charge_id: bodyId(ACTIVITY_MSG.inChargeInvalid).nullable().default(null),
      description: storedText(
        z
          .string({ error: ACTIVITY_MSG.descriptionTooLong })
          .trim()
          .max(ACTIVITY_LIMITS.descriptionMax, { error: ACTIVITY_MSG.descriptionTooLong }),
      ).default(''),
      both_guardians: z.boolean({ error: ACTIVITY_MSG.bothGuardiansInvalid }).default(false),
      questions: z
        .array(activityQuestionInputSchema, { error: ACTIVITY_MSG.questionsInvalid })
        .max(ACTIVITY_QUESTIONS_MAX, { error: ACTIVITY_MSG.questionsTooMany })
        .default([]),
      /** On create: true publishes at once (and tells the families); else a borrador. */
      publish: z.boolean({ error: MSG.missingRequiredData }).optional(),
    },
    { error: MSG.missingRequiredData },
  )
  .superRefine((input, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (input.ends_at < input.starts_at) issue('ends_at', ACTIVITY_MSG.endBeforeStart);
    if (input.signup_deadline > input.starts_at) {
      issue('signup_deadline', ACTIVITY_MSG.deadlineAfterStart);
    }
    if (input.return_at < input.meeting_at) issue('return_at', ACTIVITY_MSG.returnBeforeMeeting);
    const until = input.repeats_weekly_until;
    if (until !== null) {
      const first = input.starts_at.slice(0, 10);
      const last = new Date(
        Date.parse(`${first}T00:00:00Z`) + ACTIVITY_LIMITS.repeatMaxDays * 864e5,
      );
      if (input.kind !== 'reunion') issue('repeats_weekly_until', ACTIVITY_MSG.repeatOnlyReunion);
      else if (until < first) issue('repeats_weekly_until', ACTIVITY_MSG.repeatBeforeStart);
      else if (until > last.toISOString().slice(0, 10)) {
        issue('repeats_weekly_until', ACTIVITY_MSG.repeatTooLong);
      }
    }
  });
export type ActivityInput = z.input<typeof activityInputSchema>;
export type ActivityInputParsed = z.output<typeof activityInputSchema>;

/** A question as an activity shows it. */
export const activityQuestionSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  kind: z.enum(QUESTION_KINDS),
  options: z.array(z.string()).nullable(),
  required: z.boolean(),
});
export type ActivityQuestion = z.infer<typeof activityQuestionSchema>;

/** An answer to a question: a text or an option's text, or yes/no. */
export const activityAnswerSchema = z.union([z.string(), z.boolean()]);
export type ActivityAnswers = Record<string, string | boolean>;

/** A standing signature (not withdrawn, not superseded) of a child's autorización. */
export const activitySignatureSchema = z.object({
  id: z.number().int(),
  method: z.enum(AUTHORIZATION_METHODS),
  signer_name: z.string().nullable(),
  signed_at: z.string(),
  /** Signed by the viewer: they may withdraw it and download it. */
  mine: z.boolean(),
});

/** One of the viewer's own children in an activity's audience, and where they stand. */
export const childActivityStatusSchema = z.object({
  child_id: z.number().int(),
  child_name: z.string(),
  signup: z.enum(SIGNUP_SHOWN),
  /** 1 = first in line; null unless 'espera'. */
  waiting_position: z.number().int().nullable(),
  answers: z.record(z.string(), activityAnswerSchema),
  authorization: z.object({
    state: z.enum(['missing', 'partial', 'online', 'paper']),
    required_signers: z.number().int(),
    signatures: z.array(activitySignatureSchema),
  }),
  /**
   * On camp: whether the child's ficha sanitaria is filled, and confirmed for this
   * activity — so the sign-up can ask the one-tap «Confirma que la ficha sanitaria está al día».
   */
  health: z.object({ filled: z.boolean(), confirmed_for_activity: z.boolean() }),
});
export type ChildActivityStatus = z.infer<typeof childActivityStatusSchema>;

/** An activity in the list. */
export const activitySummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  /** As it stands now: 'cerrada' once the deadline has passed, 'celebrada' once it has ended. */
  status: z.enum(ACTIVITY_STATUSES),
  starts_at: z.string(),
  ends_at: z.string(),
  place: z.string(),
  /** The sections, in their order; empty: the whole group. */
  audience: z.array(sectionRefSchema),
  signup_deadline: z.string(),
  places: z.number().int().nullable(),
  /** Children with «Va» and a place. */
  taken: z.number().int(),
  /** The viewer's own children in the audience (empty for anyone else). */
  children: z.array(childActivityStatusSchema),
  /** A child of theirs pending, or an autorización of a child who goes still missing. */
  needs_answer: z.boolean(),
});
export type ActivitySummary = z.infer<typeof activitySummarySchema>;

/** An activity with everything a family needs. */
export const activitySchema = activitySummarySchema.extend({
  repeats_weekly_until: z.string().nullable(),
  meeting_point: z.string(),
  meeting_at: z.string(),
  return_point: z.string(),
  return_at: z.string(),
  transport: z.string(),
  price_cents: z.number().int().nullable(),
  in_charge: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  description: z.string(),
  both_guardians: z.boolean(),
  questions: z.array(activityQuestionSchema),
  can_manage: z.boolean(),
  /** Publicada and before the deadline: families may answer. */
  signups_open: z.boolean(),
  cancelled_at: z.string().nullable(),
  /** The group's delegado/a de protección and how to reach them; null until one is named. */
  protection_delegate: z.object({ name: z.string(), contact: z.string() }).nullable(),
});
export type Activity = z.infer<typeof activitySchema>;

/** GET /api/activities: what is coming (all, soonest first), then one page of what has passed. */
export const activityListSchema = z.object({
  upcoming: z.array(activitySummarySchema),
  past: z.array(activitySummarySchema),
  past_total: z.number().int(),
  page_size: z.number().int(),
});
export type ActivityList = z.infer<typeof activityListSchema>;

/** GET /api/activities query: `past_page` (1 by default). */
export const activityListQuerySchema = z.object({
  past_page: z.coerce
    .number({ error: ACTIVITY_MSG.pastPageInvalid })
    .int({ error: ACTIVITY_MSG.pastPageInvalid })
    .min(1, { error: ACTIVITY_MSG.pastPageInvalid })
    .max(1000, { error: ACTIVITY_MSG.pastPageInvalid })
    .default(1),
});

/** POST /api/activities/:id/status. */
export const activityStatusBodySchema = z.object({
  status: z.enum(ACTIVITY_STATUS_CHANGES, { error: ACTIVITY_MSG.statusInvalid }),
});
export type ActivityStatusBody = z.infer<typeof activityStatusBodySchema>;

/** PUT /api/activities/:id/children/:childId/signup: «Va» or «No va», and the answers. */
export const signupBodySchema = z.object(
  {
    going: z.boolean({ error: ACTIVITY_MSG.goingRequired }),
    answers: z
      .record(
        z.string().regex(/^\d{1,10}$/, { error: ACTIVITY_MSG.answerUnknownQuestion }),
        z.union([
          z.boolean(),
          z.string().max(ACTIVITY_LIMITS.answerMax * 4, { error: ACTIVITY_MSG.answersInvalid }),
        ]),
        { error: ACTIVITY_MSG.answersInvalid },
      )
      .refine((answers) => Object.keys(answers).length <= ACTIVITY_QUESTIONS_MAX, {
        error: ACTIVITY_MSG.answerUnknownQuestion,
      })
      .default({}),
  },
  { error: MSG.missingRequiredData },
);
export type SignupBody = z.input<typeof signupBodySchema>;

/** A person who may be in charge of an activity: a scouter or an admin. */
export const personInChargeSchema = z.object({ id: z.number().int(), name: z.string() });
export type PersonInCharge = z.infer<typeof personInChargeSchema>;

/** A route id, digits only (see parseId). */
const routeId = z
  .string({ error: MSG.idInvalid })
  .refine((raw) => parseId(raw) !== null, { error: MSG.idInvalid })
  .transform((raw) => parseId(raw) as number);

/** `/api/activities/:id/children/:childId/…`. */
export const activityChildParams = z.object({ id: routeId, childId: routeId });
