import type { FastifyInstance } from 'fastify';
import { nowIso } from '../lib/tokens.js';

/*
 * The adults around the children, for the tests (migration 020): a certificado negativo seen,
 * straight in the database, so a scouter may be named in charge or staff of an activity.
 */

/** The day `days` from today (UTC), `YYYY-MM-DD`. */
export function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 24 * 3600_000).toISOString().slice(0, 10);
}

/** Records that `userId`'s certificado of `issuedOn` (a month ago unless told) was seen. */
export async function certify(
  app: FastifyInstance,
  userId: number,
  issuedOn = dayFromToday(-30),
): Promise<void> {
  await app.ctx.db.kysely
    .insertInto('safeguarding_certificates')
    .values({ user_id: userId, issued_on: issuedOn, checked_by: null, checked_at: nowIso() })
    .execute();
}

/** Names `userId` the group's delegado/a de protección with `contact`, as an admin does. */
export async function nameDelegate(
  app: FastifyInstance,
  admin: { headers: Record<string, string> },
  userId: number,
  contact = 'proteccion@grupo.org',
): Promise<void> {
  const res = await app.inject({
    method: 'PUT',
    url: '/api/admin/protection-delegate',
    headers: admin.headers,
    payload: { user_id: userId, contact },
  });
  if (res.statusCode !== 200) throw new Error(`nameDelegate: ${res.statusCode} ${res.body}`);
}
