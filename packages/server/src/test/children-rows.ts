import type { FastifyInstance } from 'fastify';

/*
 * Children and guardians straight in the database, for the tests of what reads them (invitations,
 * the admin panel's lists, the export, deleting an account): the children API has tests of its own.
 */

let sequence = 0;

/** The id of the section named `name` (one of the four a new installation has). */
export async function sectionId(app: FastifyInstance, name: string): Promise<number> {
  const row = await app.ctx.db.kysely
    .selectFrom('sections')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A child in section `section` (by name), with its first stay there. */
export async function createChild(
  app: FastifyInstance,
  opts: { fullName?: string; section?: string; birthDate?: string; active?: boolean } = {},
): Promise<{ id: number; full_name: string; section_id: number }> {
  sequence += 1;
  const db = app.ctx.db.kysely;
  const section_id = await sectionId(app, opts.section ?? 'Tropa');
  const now = new Date().toISOString();
  const full_name = opts.fullName ?? `Educando Prueba ${sequence}`;
  const row = await db
    .insertInto('children')
    .values({
      full_name,
      birth_date: opts.birthDate ?? '2014-03-01',
      section_id,
      active: opts.active === false ? 0 : 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('child_sections')
    .values({ child_id: row.id, section_id, started_at: now, ended_at: null })
    .execute();
  return { id: row.id, full_name, section_id };
}

/** Makes `userId` a guardian of `childId`. */
export async function linkGuardian(app: FastifyInstance, userId: number, childId: number) {
  await app.ctx.db.kysely
    .insertInto('guardians')
    .values({ user_id: userId, child_id: childId, created_at: new Date().toISOString() })
    .execute();
}

/** The ids of the children `userId` is a guardian of, ascending. */
export async function guardedBy(app: FastifyInstance, userId: number): Promise<number[]> {
  const rows = await app.ctx.db.kysely
    .selectFrom('guardians')
    .select('child_id')
    .where('user_id', '=', userId)
    .orderBy('child_id')
    .execute();
  return rows.map((r) => r.child_id);
}

/** Assigns scouter `userId` to section `section` (by name). */
export async function assignScouter(app: FastifyInstance, userId: number, section: string) {
  await app.ctx.db.kysely
    .insertInto('scouter_sections')
    .values({ user_id: userId, section_id: await sectionId(app, section) })
    .execute();
}
