import {
  ACTIVITY_TIME_ZONE,
  AUTHORIZATION_MEDICAL_CLAUSE,
  AUTHORIZATION_MESSAGES,
  type AuthorizationPlaceholder,
} from '@fogata/shared';
import type { ActivityTermsRow } from './authorizations.repository.js';

/*
 * What an autorización's placeholders are filled with, in Spanish and in Europe/Madrid: the same
 * values the guardian's screen fills the text with as they type their name and DNI, and the
 * server again when they sign.
 */

/** An instant's day and time as a Spanish reader names them, in the activities' time zone. */
interface MadridParts {
  weekday: string;
  day: string;
  month: string;
  year: string;
  time: string;
}

const FORMAT = new Intl.DateTimeFormat('es-ES', {
  timeZone: ACTIVITY_TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hourCycle: 'h23',
});

function madridParts(iso: string): MadridParts | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const parts = Object.fromEntries(FORMAT.formatToParts(date).map((p) => [p.type, p.value]));
  return {
    weekday: parts.weekday ?? '',
    day: parts.day ?? '',
    month: parts.month ?? '',
    year: parts.year ?? '',
    time: `${parts.hour ?? ''}:${parts.minute ?? ''}`,
  };
}

/** «sábado 14 de marzo», with « de 2027» when asked. */
function dayOf(p: MadridParts, withYear: boolean): string {
  return `${p.weekday} ${p.day} de ${p.month}${withYear ? ` de ${p.year}` : ''}`;
}

/** «a las 10:00», «a la 1:30». */
function atTime(p: MadridParts): string {
  return `${p.time.startsWith('1:') ? 'a la' : 'a las'} ${p.time}`;
}

/**
 * When an activity happens: «del sábado 14 de marzo de 2027 a las 10:00 al domingo 15 de marzo a
 * las 17:00», or, within one day, «el sábado 14 de marzo de 2027, de 10:00 a 13:00».
 */
export function spanishDates(startsAt: string, endsAt: string): string {
  const start = madridParts(startsAt);
  const end = madridParts(endsAt);
  if (!start || !end) return `${startsAt} – ${endsAt}`;
  if (start.year === end.year && start.month === end.month && start.day === end.day) {
    return `el ${dayOf(start, true)}, de ${start.time} a ${end.time}`;
  }
  return `del ${dayOf(start, true)} ${atTime(start)} al ${dayOf(end, start.year !== end.year)} ${atTime(end)}`;
}

/** An instant as «el sábado 14 de marzo a las 9:30». */
export function spanishMoment(iso: string): string {
  const p = madridParts(iso);
  return p ? `el ${dayOf(p, false)} ${atTime(p)}` : iso;
}

/** An instant as «14 de marzo de 2027, 10:05:12» (the evidence of a signature). */
export function spanishTimestamp(iso: string): string {
  const date = new Date(iso);
  return new Intl.DateTimeFormat('es-ES', {
    timeZone: ACTIVITY_TIME_ZONE,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).format(date);
}

/** A place and when one is there: «Plaza Mayor, el sábado 14 de marzo a las 9:30». */
function pointAt(point: string, at: string): string {
  const place = point.trim() || AUTHORIZATION_MESSAGES.notGiven;
  return at ? `${place}, ${spanishMoment(at)}` : place;
}

/** What the group's settings and the activity give every placeholder but `tutor` and `dni`. */
export type AuthorizationValues = Record<
  Exclude<AuthorizationPlaceholder, 'tutor' | 'dni'>,
  string
>;

/** Every placeholder's value but the guardian's name and DNI (which they type). */
export function authorizationValues(
  activity: ActivityTermsRow,
  childName: string,
  delegate: { name: string; contact: string },
): AuthorizationValues {
  const orNotGiven = (value: string | null) => value?.trim() || AUTHORIZATION_MESSAGES.notGiven;
  return {
    educando: childName,
    actividad: activity.title,
    fechas: spanishDates(activity.starts_at, activity.ends_at),
    lugar: orNotGiven(activity.place),
    punto_encuentro: pointAt(activity.meeting_point, activity.meeting_at),
    punto_regreso: pointAt(activity.return_point, activity.return_at),
    transporte: orNotGiven(activity.transport),
    responsable: orNotGiven(activity.in_charge),
    delegado_proteccion: orNotGiven(delegate.name),
    contacto_proteccion: orNotGiven(delegate.contact),
    clausula_medica: AUTHORIZATION_MEDICAL_CLAUSE,
  };
}
