import type { FastifyInstance } from 'fastify';
import { searchKey } from '../db/search-key.js';
import { nowIso } from '../lib/tokens.js';

let sequence = 0;

/** The id of section `name` (one of SPEC's four, or one a test made). */
export async function sectionId(app: FastifyInstance, name: string): Promise<number> {
  const row = await app.ctx.db.kysely
    .selectFrom('sections')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Creates a section straight in the database; returns its id. */
export async function createSection(
  app: FastifyInstance,
  opts: { name?: string; min?: number; max?: number; position?: number; retired?: boolean } = {},
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
      colour: '#0f766e',
      retired_at: opts.retired ? now : null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Creates a child straight in the database (with their first stay); returns its id. */
export async function createChild(
  app: FastifyInstance,
  opts: {
    sectionId: number;
    name?: string;
    birthDate?: string;
    active?: boolean;
    guardians?: number[];
  },
): Promise<number> {
  sequence += 1;
  const db = app.ctx.db.kysely;
  const now = nowIso();
  const name = opts.name ?? `Educando Prueba ${sequence}`;
  const row = await db
    .insertInto('children')
    .values({
      full_name: name,
      name_search: searchKey(name),
      birth_date: opts.birthDate ?? '2015-03-10',
      section_id: opts.sectionId,
      active: opts.active === false ? 0 : 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('child_sections')
    .values({ child_id: row.id, section_id: opts.sectionId, started_at: now, ended_at: null })
    .execute();
  for (const userId of opts.guardians ?? []) {
    await db
      .insertInto('guardians')
      .values({ child_id: row.id, user_id: userId, created_at: now })
      .execute();
  }
  return row.id;
}

/** Assigns scouter `userId` to `sectionIds`. */
export async function assignScouter(
  app: FastifyInstance,
  userId: number,
  sectionIds: number[],
): Promise<void> {
  await app.ctx.db.kysely
    .insertInto('scouter_sections')
    .values(sectionIds.map((section_id) => ({ user_id: userId, section_id })))
    .execute();
}
