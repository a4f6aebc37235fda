import type { HealthRecordInput } from '@fogata/shared';
import type { FastifyInstance } from 'fastify';
import { nowIso } from '../lib/tokens.js';

/*
 * Fichas sanitarias and activity staff straight in the database, for the tests of what reads them
 * (the ficha's own calls have tests of their own, modules/health).
 */

/** The allergy text the tests look for in every copy of the data (it must never show in clear). */
export const ALLERGY = 'Alergia al cacahuete';

/** A whole ficha; `overrides` win. */
export function healthInput(overrides: Partial<HealthRecordInput> = {}): HealthRecordInput {
  return {
    allergies: ALLERGY,
    medications: [
      {
        name: 'Ventolín',
        dose: '2 inhalaciones',
        schedule: 'Si le falta el aire',
        scouters_may_give: true,
      },
    ],
    diet: 'Sin frutos secos',
    conditions: 'Asma leve',
    health_card: 'MDRD 1234567890',
    can_swim: 'con_ayuda',
    notes: 'Se marea en el autobús.',
    contacts: [
      { name: 'Lucía Gómez', relation: 'Madre', phone: '+34 600 111 222' },
      { name: 'Pablo Ruiz', relation: 'Padre', phone: '600 333 444' },
    ],
    ...overrides,
  };
}

/** Stores child `childId`'s ficha sealed, as the guardian's PUT would (confirmed `at`). */
export async function insertHealth(
  app: FastifyInstance,
  childId: number,
  input: HealthRecordInput = healthInput(),
  at = nowIso(),
): Promise<void> {
  await app.ctx.db.kysely
    .insertInto('health_records')
    .values({
      child_id: childId,
      sealed: app.ctx.sealedBox.seal(input),
      updated_by: null,
      updated_at: at,
      confirmed_at: at,
      confirmed_by: null,
    })
    .execute();
}

/** Signs `userId` up as staff of activity `activityId`. */
export async function addStaff(
  app: FastifyInstance,
  activityId: number,
  userId: number,
): Promise<void> {
  await app.ctx.db.kysely
    .insertInto('activity_staff')
    .values({ activity_id: activityId, user_id: userId, added_by: null, added_at: nowIso() })
    .execute();
}
