import type { FastifyInstance } from 'fastify';
import { searchKey } from '../db/search-key.js';
import { nowIso } from '../lib/tokens.js';

/*
 * The group's structure straight in the database: sections, children, guardians,
 * scouters' sections and albums' audiences, for the tests of what reads them. The calls that
 * manage them have tests of their own (modules/sections, modules/children).
 */

let sequence = 0;

/** The id of section `name` (one of the four a new installation has, or one a test made). */
export async function sectionId(app: FastifyInstance, name: string): Promise<number> {
  const row = await app.ctx.db.kysely
    .selectFrom('sections')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Creates a section (retired when `retired`); returns its id. */
export async function createSection(
  app: FastifyInstance,
  opts: {
    name?: string;
    min?: number;
    max?: number;
    position?: number;
    colour?: string;
    retired?: boolean;
  } = {},
): Promise<number> {
  sequence += 1;
  const now = nowIso();
  const row = await app.ctx.db.kysely
    .insertInto('sections')
    .values({
      name: opts.name ?? `Sección ${sequence} ${Math.random().toString(36).slice(2, 7)}`,
      min_age: opts.min ?? 6,
      max_age: opts.max ?? 8,
      position: opts.position ?? 100 + sequence,
      colour: opts.colour ?? '#0f766e',
      retired_at: opts.retired ? now : null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface ChildOptions {
  /** The section by id; else `section` by name; else Tropa. */
  sectionId?: number;
  section?: string;
  name?: string;
  birthDate?: string;
  active?: boolean;
  /** Accounts linked as the child's guardians. */
  guardians?: number[];
}

/** Creates a child with their first stay (and guardians); returns the row's id, name, section. */
export async function createChildRow(
  app: FastifyInstance,
  opts: ChildOptions = {},
): Promise<{ id: number; full_name: string; section_id: number }> {
  sequence += 1;
  const db = app.ctx.db.kysely;
  const now = nowIso();
  const section_id = opts.sectionId ?? (await sectionId(app, opts.section ?? 'Tropa'));
  const full_name = opts.name ?? `Educando Prueba ${sequence}`;
  const row = await db
    .insertInto('children')
    .values({
      full_name,
      name_search: searchKey(full_name),
      birth_date: opts.birthDate ?? '2015-03-10',
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
  for (const userId of opts.guardians ?? []) await linkGuardian(app, userId, row.id);
  return { id: row.id, full_name, section_id };
}

/** Creates a child (see createChildRow); returns its id. */
export async function createChild(app: FastifyInstance, opts: ChildOptions = {}): Promise<number> {
  return (await createChildRow(app, opts)).id;
}

/** Makes `userId` a guardian of `childId`. */
export async function linkGuardian(app: FastifyInstance, userId: number, childId: number) {
  await app.ctx.db.kysely
    .insertInto('guardians')
    .values({ user_id: userId, child_id: childId, created_at: nowIso() })
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

/** Moves child `childId` to section `section` (what the paso de sección does to the row). */
export async function moveChild(app: FastifyInstance, childId: number, section: number) {
  await app.ctx.db.kysely
    .updateTable('children')
    .set({ section_id: section, updated_at: nowIso() })
    .where('id', '=', childId)
    .execute();
}

/** Assigns scouter `userId` to `sections` (ids, or one section's name). */
export async function assignScouter(
  app: FastifyInstance,
  userId: number,
  sections: number[] | string,
): Promise<void> {
  const ids = typeof sections === 'string' ? [await sectionId(app, sections)] : sections;
  if (ids.length === 0) return;
  await app.ctx.db.kysely
    .insertInto('scouter_sections')
    .values(ids.map((section_id) => ({ user_id: userId, section_id })))
    .execute();
}

/** Gives album `albumId` the audience `sections` (none: the whole group). */
export async function setAudience(app: FastifyInstance, albumId: number, sections: number[]) {
  const db = app.ctx.db.kysely;
  await db.deleteFrom('album_sections').where('album_id', '=', albumId).execute();
  if (sections.length === 0) return;
  await db
    .insertInto('album_sections')
    .values(sections.map((section_id) => ({ album_id: albumId, section_id })))
    .execute();
}
