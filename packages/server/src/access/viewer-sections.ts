import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Viewer } from './viewer.js';

/*
 * The sections a viewer belongs to (issue #24, decision 045), as a subquery of section ids for the
 * visibility rules of the access policy to compose: a scouter's are the sections an admin assigned
 * them; a member's are the current sections of their active children. An admin needs none (they
 * see everything), nor does a visitor (they see nothing of the gallery).
 */

/**
 * What builds the subqueries: the database (or a transaction), or a standalone expression builder
 * when the subquery goes inside a `where` of another repository's query.
 */
export type SectionsQueryCreator = Pick<Kysely<Database>, 'selectFrom'>;

/** `select section_id …` of the sections scouter `userId` is assigned to. */
export function scouterSectionIds(db: SectionsQueryCreator, userId: number) {
  return db
    .selectFrom('scouter_sections')
    .select('scouter_sections.section_id')
    .where('scouter_sections.user_id', '=', userId);
}

/** `select section_id …` of the sections of the active children `userId` is a guardian of. */
export function familySectionIds(db: SectionsQueryCreator, userId: number) {
  return db
    .selectFrom('guardians')
    .innerJoin('children', 'children.id', 'guardians.child_id')
    .select('children.section_id')
    .where('guardians.user_id', '=', userId)
    .where('children.active', '=', 1);
}

/**
 * The sections `viewer` sees the albums of, besides the whole group's: a scouter's own and their
 * children's (a scouter may be a parent too), a member's children's. Null for an admin: all.
 */
export function viewerSectionIds(db: SectionsQueryCreator, viewer: NonNullable<Viewer>) {
  if (viewer.role === 'admin') return null;
  const family = familySectionIds(db, viewer.id);
  return viewer.role === 'scouter' ? scouterSectionIds(db, viewer.id).union(family) : family;
}

/** An empty set of section ids, for a viewer with none (a visitor). */
export const noSectionIds = sql<number>`select null where 1 = 0`;
