import type { FastifyInstance } from 'fastify';

/*
 * Activities and autorizaciones straight in the database, for the tests of the autorización (the
 * activities' own calls have tests of their own).
 */

const DAY = 24 * 3600_000;

export interface ActivityRowOptions {
  /** The audience's section ids ([]: the whole group). */
  sections?: number[];
  status?: 'borrador' | 'publicada' | 'cerrada' | 'celebrada' | 'cancelada';
  /** From now to its start (negative: started). 30 days unless said. */
  startsInMs?: number;
  inChargeId?: number | null;
  title?: string;
}

/** An activity of a day and a night, published unless said; returns its id. */
export async function insertActivity(
  app: FastifyInstance,
  opts: ActivityRowOptions = {},
): Promise<number> {
  const now = new Date().toISOString();
  const startsAt = Date.now() + (opts.startsInMs ?? 30 * DAY);
  const iso = (ms: number) => new Date(ms).toISOString();
  const db = app.ctx.db.kysely;
  const row = await db
    .insertInto('activities')
    .values({
      title: opts.title ?? 'Acampada de primavera',
      kind: 'acampada',
      status: opts.status ?? 'publicada',
      starts_at: iso(startsAt),
      ends_at: iso(startsAt + DAY + 7 * 3600_000),
      repeats_weekly_until: null,
      place: 'Albergue de Gredos',
      meeting_point: 'Plaza Mayor',
      meeting_at: iso(startsAt - 30 * 60_000),
      return_point: 'Plaza Mayor',
      return_at: iso(startsAt + DAY + 8 * 3600_000),
      transport: 'Autobús',
      price_cents: 3500,
      places: null,
      signup_deadline: iso(startsAt - 7 * DAY),
      in_charge_id: opts.inChargeId ?? null,
      both_guardians: 0,
      terms_changed_at: now,
      published_at: now,
      cancelled_at: null,
      created_by: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const section_id of opts.sections ?? []) {
    await db.insertInto('activity_sections').values({ activity_id: row.id, section_id }).execute();
  }
  return row.id;
}

/** A standing online signature by `guardianId`, as the signing stores one; returns its id. */
export async function insertSignature(
  app: FastifyInstance,
  activityId: number,
  childId: number,
  guardianId: number | null,
): Promise<number> {
  const row = await app.ctx.db.kysely
    .insertInto('activity_authorizations')
    .values({
      activity_id: activityId,
      child_id: childId,
      method: 'online',
      guardian_id: guardianId,
      signer_name: 'Lucía Gómez',
      signer_dni: '12345678Z',
      text: 'Yo, Lucía Gómez, con DNI/NIE 12345678Z, autorizo.',
      text_sha256: 'a'.repeat(64),
      text_version: 1,
      ip: '127.0.0.1',
      user_agent: 'Navegador de prueba/1.0',
      confirmed_with: 'password',
      paper_key: null,
      note: null,
      recorded_by: null,
      signed_at: new Date().toISOString(),
      withdrawn_at: null,
      superseded_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
