import type {
  ActivityInput,
  ActivityKind,
  ActivityStatus,
  PaymentMethod,
  QuestionKind,
  SignupStatus,
} from '@fogata/shared';
import type { FastifyInstance } from 'fastify';
import { nowIso } from '../lib/tokens.js';
import { createUser, type TestUser } from './factories.js';
import { createChild, createSection } from './family-factories.js';

/*
 * Activities for the tests (issue 36): a valid body for POST /api/activities, an activity created
 * and published through the API, and the mails queued for them; and straight in the database
 * (migration 019), for the tests of what reads them: an activity with its audience and questions,
 * a child's sign-up, an autorización given, a payment.
 */

const DAY = 24 * 3600_000;

/** An ISO instant `days` from now, or from `from` (ms); a fraction is hours. */
export function daysFromNow(days: number, from = Date.now()): string {
  return new Date(from + Math.round(days * DAY)).toISOString();
}

/** A valid activity's body: a Tropa-less acampada in ten days, for the whole group; `overrides` win. */
export function activityInput(overrides: Partial<ActivityInput> = {}): ActivityInput {
  return {
    title: 'Acampada de primavera',
    kind: 'acampada',
    section_ids: [],
    starts_at: daysFromNow(10),
    ends_at: daysFromNow(12),
    repeats_weekly_until: null,
    place: 'Albergue de Cercedilla',
    meeting_point: 'Puerta del local',
    meeting_at: daysFromNow(9.9),
    return_point: 'Puerta del local',
    return_at: daysFromNow(12.1),
    transport: 'Autobús',
    price_cents: 3500,
    places: null,
    signup_deadline: daysFromNow(7),
    in_charge_id: null,
    description: 'Llevad saco de dormir.',
    both_guardians: false,
    questions: [],
    ...overrides,
  };
}

/**
 * `manager` creates an activity through the API (published unless `publish` is false); its
 * answer's body. Throws on anything but 201.
 */
export async function createActivity(
  app: FastifyInstance,
  manager: TestUser,
  overrides: Partial<ActivityInput> = {},
): Promise<{ id: number; questions: { id: number }[] } & Record<string, unknown>> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/activities',
    headers: manager.headers,
    payload: activityInput({ publish: true, ...overrides }),
  });
  if (res.statusCode !== 201) throw new Error(`createActivity: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Sets columns of activity `id` straight in the database (a deadline passed, an end reached). */
export async function setActivity(
  app: FastifyInstance,
  id: number,
  values: { signup_deadline?: string; starts_at?: string; ends_at?: string; status?: 'cerrada' },
): Promise<void> {
  await app.ctx.db.kysely.updateTable('activities').set(values).where('id', '=', id).execute();
}

/**
 * The mails queued whose subject contains `subject`, oldest first. The file must have stopped the
 * mail worker (`app.ctx.mailQueue.stop()`): the worker sends a queued mail and then forgets its
 * body, so a read beside it races it.
 */
export function queuedMails(app: FastifyInstance, subject: string) {
  if (app.ctx.mailQueue.running) {
    throw new Error('queuedMails: stop the mail worker first (app.ctx.mailQueue.stop())');
  }
  return app.ctx.db.kysely
    .selectFrom('mail_queue')
    .select(['recipient', 'subject', 'text', 'html', 'link'])
    .where('subject', 'like', `%${subject}%`)
    .orderBy('id')
    .execute();
}

let sequence = 0;

export interface ActivityOptions {
  title?: string;
  kind?: ActivityKind;
  status?: ActivityStatus;
  /** The audience by section id; none: the whole group. */
  sections?: number[];
  startsAt?: string;
  endsAt?: string;
  repeatsWeeklyUntil?: string | null;
  signupDeadline?: string;
  place?: string;
  description?: string;
  transport?: string;
  places?: number | null;
  priceCents?: number | null;
  bothGuardians?: boolean;
  sequence?: number;
  questions?: { label: string; kind: QuestionKind; options?: string[]; required?: boolean }[];
}

/**
 * Inserts an activity (published, in ten days, sign-up open for a week unless told); its id and
 * its questions' ids.
 */
export async function insertActivity(
  app: FastifyInstance,
  opts: ActivityOptions = {},
): Promise<{ id: number; questions: number[] }> {
  sequence += 1;
  const db = app.ctx.db.kysely;
  const now = nowIso();
  const startsAt = opts.startsAt ?? daysFromNow(10);
  const status = opts.status ?? 'publicada';
  const row = await db
    .insertInto('activities')
    .values({
      title: opts.title ?? `Actividad de prueba ${sequence}`,
      kind: opts.kind ?? 'salida',
      status,
      starts_at: startsAt,
      ends_at: opts.endsAt ?? new Date(Date.parse(startsAt) + 6 * 3600_000).toISOString(),
      repeats_weekly_until: opts.repeatsWeeklyUntil ?? null,
      place: opts.place ?? 'Albergue de Cercedilla',
      meeting_point: 'Puerta del local',
      meeting_at: startsAt,
      return_point: 'Puerta del local',
      return_at: opts.endsAt ?? new Date(Date.parse(startsAt) + 6 * 3600_000).toISOString(),
      transport: opts.transport ?? 'Autobús',
      price_cents: opts.priceCents ?? null,
      places: opts.places ?? null,
      signup_deadline: opts.signupDeadline ?? daysFromNow(7),
      in_charge_id: null,
      description: opts.description ?? 'Llevad saco y cantimplora.',
      both_guardians: opts.bothGuardians ? 1 : 0,
      sequence: opts.sequence ?? 0,
      terms_changed_at: now,
      published_at: status === 'borrador' ? null : now,
      cancelled_at: status === 'cancelada' ? now : null,
      created_by: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const sectionId of opts.sections ?? []) {
    await db
      .insertInto('activity_sections')
      .values({ activity_id: row.id, section_id: sectionId })
      .execute();
  }
  const questions: number[] = [];
  for (const [position, q] of (opts.questions ?? []).entries()) {
    const inserted = await db
      .insertInto('activity_questions')
      .values({
        activity_id: row.id,
        position,
        label: q.label,
        kind: q.kind,
        options: q.options ? JSON.stringify(q.options) : null,
        required: q.required ? 1 : 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    questions.push(inserted.id);
  }
  return { id: row.id, questions };
}

let queued = 0;

/** Records a child's answer (in line in the order of the calls), with their answers. */
export async function addSignup(
  app: FastifyInstance,
  activityId: number,
  childId: number,
  status: SignupStatus,
  answers: Record<string, string | boolean> = {},
): Promise<void> {
  queued += 1;
  const now = nowIso();
  await app.ctx.db.kysely
    .insertInto('activity_signups')
    .values({
      activity_id: activityId,
      child_id: childId,
      status,
      queued_at: status === 'no_va' ? null : new Date(Date.now() + queued).toISOString(),
      answers: JSON.stringify(answers),
      updated_by: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** An autorización given for a child: signed online by `guardianId`, or on paper. */
export async function addAuthorization(
  app: FastifyInstance,
  activityId: number,
  childId: number,
  given:
    | { method: 'online'; guardianId: number; signerName?: string; withdrawn?: boolean }
    | { method: 'paper'; note?: string },
): Promise<number> {
  const now = nowIso();
  const row = await app.ctx.db.kysely
    .insertInto('activity_authorizations')
    .values({
      activity_id: activityId,
      child_id: childId,
      method: given.method,
      guardian_id: given.method === 'online' ? given.guardianId : null,
      signer_name: given.method === 'online' ? (given.signerName ?? 'Ana Pérez Gómez') : null,
      signer_dni: given.method === 'online' ? '12345678Z' : null,
      text: given.method === 'online' ? 'Texto firmado' : null,
      text_sha256: null,
      text_version: given.method === 'online' ? 1 : null,
      ip: null,
      user_agent: null,
      confirmed_with: given.method === 'online' ? 'password' : null,
      paper_key: null,
      note: given.method === 'paper' ? (given.note ?? 'Hoja en papel') : null,
      recorded_by: null,
      signed_at: now,
      withdrawn_at: given.method === 'online' && given.withdrawn ? now : null,
      superseded_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Marks what a child's family paid. */
export async function addPayment(
  app: FastifyInstance,
  activityId: number,
  childId: number,
  amountCents: number,
  method: PaymentMethod = 'bizum',
): Promise<void> {
  await app.ctx.db.kysely
    .insertInto('activity_payments')
    .values({
      activity_id: activityId,
      child_id: childId,
      amount_cents: amountCents,
      method,
      recorded_by: null,
      recorded_at: nowIso(),
    })
    .execute();
}

/**
 * Families of section `section` for the reminders: two guardians with two children who have not
 * answered (Lucía and Mario Olvido), a family whose child (`done`) a test signs up, and a family of
 * another section.
 */
export async function familiesToRemind(app: FastifyInstance, section: number) {
  const mum = await createUser(app, { name: 'Madre Pendiente' });
  const dad = await createUser(app, { name: 'Padre Pendiente' });
  const answered = await createUser(app, { name: 'Familia Respondió' });
  const elsewhere = await createUser(app, { name: 'Familia Otra Sección' });
  const both = [mum.row.id, dad.row.id];
  const first = await createChild(app, {
    sectionId: section,
    name: 'Lucía Olvido',
    guardians: both,
  });
  await createChild(app, { sectionId: section, name: 'Mario Olvido', guardians: both });
  const done = await createChild(app, { sectionId: section, guardians: [answered.row.id] });
  await createChild(app, { sectionId: await createSection(app), guardians: [elsewhere.row.id] });
  return { mum, dad, answered, elsewhere, first, done };
}

/**
 * `manager` edits activity `id` through the API with `overrides` over a valid body, keeping its
 * times as they are (so only what `overrides` names changes); the answer.
 */
export async function editActivity(
  app: FastifyInstance,
  manager: TestUser,
  id: number,
  overrides: Partial<ActivityInput> = {},
) {
  const url = `/api/activities/${id}`;
  const current = (await app.inject({ url, headers: manager.headers })).json();
  const times = {
    starts_at: current.starts_at,
    ends_at: current.ends_at,
    meeting_at: current.meeting_at,
    return_at: current.return_at,
    signup_deadline: current.signup_deadline,
  };
  const payload = activityInput({ ...times, ...overrides });
  return app.inject({ method: 'PUT', url, headers: manager.headers, payload });
}
