import type { ActivityKind, QuestionKind } from '@fogata/shared';
import { madridToUtc, utcToMadrid } from '../../lib/madrid-time';
import { ACTIVITY_FORM_TEXTS as T } from './texts';
import type { ActivityBody, ManagedActivity } from './types';

/*
 * The activity form holds what its inputs hold (Madrid wall-clock times, euros as typed, options
 * one a line); the body sent is the API's (UTC instants, cents, lists). Both ways here, with the
 * checks only the form can make (a date it cannot read); the server checks everything again and
 * its errors land on the same fields.
 */

export interface QuestionValues {
  id?: number;
  label: string;
  kind: QuestionKind;
  /** One option a line (a 'choice' question). */
  options: string;
  required: boolean;
}

export interface ActivityFormValues {
  title: string;
  kind: ActivityKind;
  wholeGroup: boolean;
  sectionIds: number[];
  /** 'YYYY-MM-DDTHH:mm' in Madrid, as the datetime-local inputs hold them. */
  startsAt: string;
  endsAt: string;
  repeatsWeekly: boolean;
  /** 'YYYY-MM-DD'. */
  repeatsUntil: string;
  place: string;
  meetingPoint: string;
  meetingAt: string;
  returnPoint: string;
  returnAt: string;
  transport: string;
  /** Euros as typed: '12,50', '12.5', ''. */
  price: string;
  places: string;
  signupDeadline: string;
  /** A user id, or '' for nobody. */
  inChargeId: string;
  description: string;
  bothGuardians: boolean;
  questions: QuestionValues[];
}

export function emptyQuestion(): QuestionValues {
  return { label: '', kind: 'text', options: '', required: false };
}

/** The values a new activity starts with (the audience: the viewer's first section, if any). */
export function newActivityValues(wholeGroup: boolean): ActivityFormValues {
  return {
    title: '',
    kind: 'salida',
    wholeGroup,
    sectionIds: [],
    startsAt: '',
    endsAt: '',
    repeatsWeekly: false,
    repeatsUntil: '',
    place: '',
    meetingPoint: '',
    meetingAt: '',
    returnPoint: '',
    returnAt: '',
    transport: '',
    price: '',
    places: '',
    signupDeadline: '',
    inChargeId: '',
    description: '',
    bothGuardians: false,
    questions: [],
  };
}

/** Cents as the price input shows them: 1250 → '12,50', 1200 → '12'. */
export function centsToEuros(cents: number | null): string {
  if (cents === null) return '';
  const rest = cents % 100;
  return rest === 0
    ? String(cents / 100)
    : `${Math.floor(cents / 100)},${String(rest).padStart(2, '0')}`;
}

/** Euros as typed ('12,50', '12.5', '12') in cents; null when empty, NaN when unreadable. */
export function eurosToCents(typed: string): number | null {
  const text = typed.trim().replace(/\s*€$/, '');
  if (!text) return null;
  const match = /^(\d{1,6})(?:[.,](\d{1,2}))?$/.exec(text);
  if (!match) return Number.NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/** An activity's values in the form. */
export function activityToValues(activity: ManagedActivity): ActivityFormValues {
  return {
    title: activity.title,
    kind: activity.kind,
    wholeGroup: activity.audience.length === 0,
    sectionIds: activity.audience.map((s) => s.id),
    startsAt: utcToMadrid(activity.starts_at),
    endsAt: utcToMadrid(activity.ends_at),
    repeatsWeekly: activity.repeats_weekly_until !== null,
    repeatsUntil: activity.repeats_weekly_until ?? '',
    place: activity.place,
    meetingPoint: activity.meeting_point,
    meetingAt: utcToMadrid(activity.meeting_at),
    returnPoint: activity.return_point,
    returnAt: utcToMadrid(activity.return_at),
    transport: activity.transport,
    price: centsToEuros(activity.price_cents),
    places: activity.places === null ? '' : String(activity.places),
    signupDeadline: utcToMadrid(activity.signup_deadline),
    inChargeId: activity.in_charge ? String(activity.in_charge.id) : '',
    description: activity.description,
    bothGuardians: activity.both_guardians,
    questions: activity.questions.map((q) => ({
      id: q.id,
      label: q.label,
      kind: q.kind,
      options: (q.options ?? []).join('\n'),
      required: q.required,
    })),
  };
}

/** A form field's name (dotted for a question's: 'questions.2.options'). */
export type FieldErrors = Record<string, string>;

/** Where the server's field names land in the form. */
const FIELD_OF: Record<string, string> = {
  title: 'title',
  kind: 'kind',
  section_ids: 'sectionIds',
  starts_at: 'startsAt',
  ends_at: 'endsAt',
  repeats_weekly_until: 'repeatsUntil',
  place: 'place',
  meeting_point: 'meetingPoint',
  meeting_at: 'meetingAt',
  return_point: 'returnPoint',
  return_at: 'returnAt',
  transport: 'transport',
  price_cents: 'price',
  places: 'places',
  signup_deadline: 'signupDeadline',
  in_charge_id: 'inChargeId',
  description: 'description',
  both_guardians: 'bothGuardians',
  questions: 'questions',
};

/** The form field a server field error names ('questions.0.label' stays as it is); null if none. */
export function formFieldOf(serverField: string): string | null {
  const [head, ...rest] = serverField.split('.');
  const field = FIELD_OF[head ?? ''];
  if (!field) return null;
  return [field, ...rest].join('.');
}

/**
 * The body to send, or the errors the form can tell before sending (an unreadable date or price,
 * an empty title, a list question without options).
 */
export function valuesToBody(
  values: ActivityFormValues,
  publish: boolean,
): { body: ActivityBody; errors: null } | { body: null; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const instant = (field: keyof ActivityFormValues, local: string, fallback?: string) => {
    const value = local || fallback || '';
    const utc = madridToUtc(value);
    if (!utc) errors[field] = value ? T.dateInvalid : T.required;
    return utc ?? '';
  };
  for (const name of ['title', 'place', 'meetingPoint', 'returnPoint', 'transport'] as const) {
    if (!values[name].trim()) errors[name] = T.required;
  }
  if (!values.wholeGroup && values.sectionIds.length === 0) errors.sectionIds = T.noSectionChosen;
  const starts_at = instant('startsAt', values.startsAt);
  const ends_at = instant('endsAt', values.endsAt);
  // The meeting and the return default to the start and the end.
  const meeting_at = instant('meetingAt', values.meetingAt, values.startsAt);
  const return_at = instant('returnAt', values.returnAt, values.endsAt);
  const signup_deadline = instant('signupDeadline', values.signupDeadline);
  const weekly = values.kind === 'reunion' && values.repeatsWeekly;
  if (weekly && !/^\d{4}-\d{2}-\d{2}$/.test(values.repeatsUntil)) {
    errors.repeatsUntil = T.required;
  }
  const price_cents = eurosToCents(values.price);
  if (Number.isNaN(price_cents)) errors.price = T.priceInvalid;
  let places: number | null = null;
  if (values.places.trim()) {
    places = Number(values.places.trim());
    if (!Number.isInteger(places) || places < 1) errors.places = T.placesInvalid;
  }
  const questions = values.questions.map((q, i) => {
    const options =
      q.kind === 'choice'
        ? q.options
            .split('\n')
            .map((o) => o.trim())
            .filter(Boolean)
        : null;
    if (!q.label.trim()) errors[`questions.${i}.label`] = T.required;
    if (options && options.length < 2) errors[`questions.${i}.options`] = T.optionsTooFew;
    return {
      ...(q.id !== undefined && { id: q.id }),
      label: q.label.trim(),
      kind: q.kind,
      options,
      required: q.required,
    };
  });
  if (Object.keys(errors).length > 0) return { body: null, errors };
  return {
    errors: null,
    body: {
      title: values.title.trim(),
      kind: values.kind,
      section_ids: values.wholeGroup ? [] : [...values.sectionIds].sort((a, b) => a - b),
      starts_at,
      ends_at,
      repeats_weekly_until: weekly ? values.repeatsUntil : null,
      place: values.place.trim(),
      meeting_point: values.meetingPoint.trim(),
      meeting_at,
      return_point: values.returnPoint.trim(),
      return_at,
      transport: values.transport.trim(),
      price_cents,
      places,
      signup_deadline,
      in_charge_id: values.inChargeId ? Number(values.inChargeId) : null,
      description: values.description.trim(),
      both_guardians: values.bothGuardians,
      questions,
      ...(publish && { publish: true }),
    },
  };
}
