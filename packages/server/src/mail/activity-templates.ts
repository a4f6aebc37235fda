import { ACTIVITY_TIME_ZONE } from '@fogata/shared';
import type { MailMessage } from './mailer.js';
import { layout } from './templates.js';

/*
 * The activities' mails to families (issue 36). One per guardian account, however many of their
 * children the activity concerns, and never a child's name: a mail is read on any phone and may
 * be forwarded; the activity's page shows each child's status to who may see it.
 */

/** What a mail says of an activity. */
export interface ActivityMailFacts {
  title: string;
  startsAt: string;
  endsAt: string;
  place: string;
}

const DATE_TIME = new Intl.DateTimeFormat('es-ES', {
  timeZone: ACTIVITY_TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** An instant as a family reads it, in Europe/Madrid: «domingo, 14 de marzo de 2027, 10:00». */
export function madridDateTime(instant: string): string {
  return DATE_TIME.format(new Date(instant));
}

/** When and where, in one sentence. */
function whenAndWhere(facts: ActivityMailFacts): string {
  return `Del ${madridDateTime(facts.startsAt)} al ${madridDateTime(facts.endsAt)}, en ${facts.place}.`;
}

function mail(
  opts: { to: string; groupName: string; link: string },
  subject: string,
  paragraphs: string[],
  button: string,
): MailMessage {
  return {
    to: opts.to,
    subject,
    text: `${paragraphs.join('\n\n')}\n\n${opts.link}\n`,
    html: layout(opts.groupName, paragraphs, opts.link, button),
    link: opts.link,
  };
}

interface ActivityMailOptions {
  to: string;
  groupName: string;
  activity: ActivityMailFacts;
  /** The activity's page. */
  link: string;
}

/** A published activity, to each family of its audience. */
export function activityPublishedMail(opts: ActivityMailOptions): MailMessage {
  return mail(
    opts,
    `Nueva actividad: ${opts.activity.title}`,
    [
      'Hola:',
      `El grupo ha convocado la actividad «${opts.activity.title}».`,
      whenAndWhere(opts.activity),
      'Entra para ver los detalles y decir si va o no va cada uno de tus educandos.',
    ],
    'Ver la actividad',
  );
}

/** A cancelled activity, to each family who had signed a child up (going or waiting). */
export function activityCancelledMail(opts: ActivityMailOptions): MailMessage {
  return mail(
    opts,
    `Actividad cancelada: ${opts.activity.title}`,
    [
      'Hola:',
      `La actividad «${opts.activity.title}» se ha cancelado.`,
      `Estaba prevista así: ${whenAndWhere(opts.activity)}`,
      'Si tienes dudas, pregunta a los scouters de la actividad.',
    ],
    'Ver la actividad',
  );
}

/** Dates, place or transport changed after the family signed: their autorización must be signed again. */
export function activitySignAgainMail(opts: ActivityMailOptions): MailMessage {
  return mail(
    opts,
    `Vuelve a firmar la autorización: ${opts.activity.title}`,
    [
      'Hola:',
      `Han cambiado las fechas, el lugar o el transporte de la actividad «${opts.activity.title}».`,
      `Ahora es así: ${whenAndWhere(opts.activity)}`,
      'La autorización que firmaste ya no vale: entra para leer la nueva y firmarla de nuevo.',
    ],
    'Firmar de nuevo',
  );
}

/** A place freed and went to the family's child first in the waiting list. */
export function activityPlaceMail(opts: ActivityMailOptions): MailMessage {
  return mail(
    opts,
    `Ya hay plaza: ${opts.activity.title}`,
    [
      'Hola:',
      `Ha quedado una plaza libre en la actividad «${opts.activity.title}» y es para tu educando, que estaba en la lista de espera: ya tiene plaza.`,
      whenAndWhere(opts.activity),
      'Entra para ver los detalles y, si hace falta, firmar la autorización.',
    ],
    'Ver la actividad',
  );
}
