import type { FastifyInstance } from 'fastify';
import { nowIso } from '../lib/tokens.js';

/*
 * The group's structure straight in the database (issue #24): sections, children, guardians,
 * scouters' sections and albums' audiences, for the tests of who sees what while the screens
 * and calls that manage them are built elsewhere.
 */

let sequence = 0;

/** The id of the section named `name` (one of SPEC's four a new installation has, or one made). */
export async function sectionId(app: FastifyInstance, name: string): Promise<number> {
  const row = await app.ctx.db.kysely
    .selectFrom('sections')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Adds a section (retired when `retired`); returns its id. */
export async function createSection(
  app: FastifyInstance,
  opts: { name?: string; colour?: string; retired?: boolean } = {},
): Promise<number> {
  sequence += 1;
  const now = nowIso();
  const row = await app.ctx.db.kysely
    .insertInto('sections')
    .values({
      name: opts.name ?? `Sección ${sequence}`,
      min_age: 6,
      max_age: 8,
      position: 100 + sequence,
      colour: opts.colour ?? '#0f766e',
      retired_at: opts.retired ? now : null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A child in section `section`, with the accounts `guardians` linked to them. */
export async function createChild(
  app: FastifyInstance,
  section: number,
  opts: { guardians?: number[]; active?: boolean; name?: string } = {},
): Promise<number> {
  sequence += 1;
  const now = nowIso();
  const db = app.ctx.db.kysely;
  const row = await db
    .insertInto('children')
    .values({
      full_name: opts.name ?? `Educando ${sequence}`,
      birth_date: '2014-03-01',
      section_id: section,
      active: opts.active === false ? 0 : 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('child_sections')
    .values({ child_id: row.id, section_id: section, started_at: now, ended_at: null })
    .execute();
  for (const userId of opts.guardians ?? []) {
    await db
      .insertInto('guardians')
      .values({ user_id: userId, child_id: row.id, created_at: now })
      .execute();
  }
  return row.id;
}

/** Moves child `childId` to section `section` (what the paso de sección does to the row). */
export async function moveChild(app: FastifyInstance, childId: number, section: number) {
  await app.ctx.db.kysely
    .updateTable('children')
    .set({ section_id: section, updated_at: nowIso() })
    .where('id', '=', childId)
    .execute();
}

/** Unlinks guardian `userId` from child `childId`. */
export async function unlinkGuardian(app: FastifyInstance, userId: number, childId: number) {
  await app.ctx.db.kysely
    .deleteFrom('guardians')
    .where('user_id', '=', userId)
    .where('child_id', '=', childId)
    .execute();
}

/** Assigns scouter `userId` to the sections `sections`. */
export async function assignScouter(app: FastifyInstance, userId: number, sections: number[]) {
  for (const section of sections) {
    await app.ctx.db.kysely
      .insertInto('scouter_sections')
      .values({ user_id: userId, section_id: section })
      .execute();
  }
}

/** Gives album `albumId` the audience `sections` (none: the whole group). */
export async function setAudience(app: FastifyInstance, albumId: number, sections: number[]) {
  const db = app.ctx.db.kysely;
  await db.deleteFrom('album_sections').where('album_id', '=', albumId).execute();
  for (const section of sections) {
    await db
      .insertInto('album_sections')
      .values({ album_id: albumId, section_id: section })
      .execute();
  }
}
