import type { ActivityInput } from '@fogata/shared';
import type { FastifyInstance } from 'fastify';
import { nowIso } from '../lib/tokens.js';
import type { TestUser } from './factories.js';

/*
 * Activities for the tests (issue 36): a valid body for POST /api/activities, an activity
 * created and published through the API, and the mails queued for them.
 */

const DAY = 24 * 3600_000;

/** An ISO instant `days` from now (a fraction is hours). */
export function daysFromNow(days: number): string {
  return nowIso(Math.round(days * DAY));
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

/** The mails queued whose subject contains `subject`, oldest first. */
export function queuedMails(app: FastifyInstance, subject: string) {
  return app.ctx.db.kysely
    .selectFrom('mail_queue')
    .select(['recipient', 'subject', 'text', 'html', 'link'])
    .where('subject', 'like', `%${subject}%`)
    .orderBy('id')
    .execute();
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
