import {
  CAMP_WINDOW_BEFORE_MS,
  type ConsentGiver,
  type ConsentPurpose,
  can,
  type FaceStatus,
  ROLES,
  type Role,
} from '@fogata/shared';
import {
  type Expression,
  type ExpressionBuilder,
  expressionBuilder,
  type Kysely,
  type SqlBool,
  sql,
} from 'kysely';
import { type Db, type Executor, executorOf } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { type FaceImageKind, faceImageColumn } from '../media/face-rows.js';
import type { Viewer } from './viewer.js';

/*
 * Every query that decides who may see or manage what (decisions 041, 046, 054, 061): which
 * albums, photos and media files a viewer sees, which children and sections they manage, whose
 * faces a rule reads, whose consent counts. The rules in words are in access.ts and the policy
 * files beside it; no repository elsewhere writes this SQL. Another module's query that must
 * filter in the same statement (a list read in one query) takes a `where` built here.
 */

/** Builds the subqueries that go inside another query's `where` (compiled by that query). */
const qb = expressionBuilder<Database, never>();

/**
 * What builds the section subqueries: the database (or a transaction), or a standalone
 * expression builder when the subquery goes inside a `where` of another query.
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
function familySectionIds(db: SectionsQueryCreator, userId: number) {
  return db
    .selectFrom('guardians')
    .innerJoin('children', 'children.id', 'guardians.child_id')
    .select('children.section_id')
    .where('guardians.user_id', '=', userId)
    .where('children.active', '=', 1);
}

/**
 * The sections `viewer` sees the albums of, besides the whole group's (decision 045): a
 * scouter's own and their children's (a scouter may be a parent too), a member's children's.
 * Null for an admin: all.
 */
function viewerSectionIds(db: SectionsQueryCreator, viewer: NonNullable<Viewer>) {
  if (viewer.role === 'admin') return null;
  const family = familySectionIds(db, viewer.id);
  return viewer.role === 'scouter' ? scouterSectionIds(db, viewer.id).union(family) : family;
}

/** The sections whose children (and audiences) `viewer` manages (decision 046). */
export type ManagedSections =
  | { all: true }
  | { all: false; sectionIds: ReturnType<typeof scouterSectionIds> | null };

/**
 * The sections `viewer` manages: all (an admin), the ones they are assigned to (a scouter), none
 * (anyone else: `sectionIds` null). Its subquery composes into the caller's query.
 */
export function managedSectionsOf(db: SectionsQueryCreator, viewer: Viewer): ManagedSections {
  if (!viewer || !can(viewer.role, 'children:manage')) return { all: false, sectionIds: null };
  if (viewer.role === 'admin') return { all: true };
  return { all: false, sectionIds: scouterSectionIds(db, viewer.id) };
}

/** Whether `viewer` sees drafts and hidden photos: scouters and admins (decision 018). */
function managerOf(viewer: Viewer): boolean {
  return can(viewer?.role ?? null, 'gallery:review');
}

/**
 * The audience rule on the album whose id is `albumId` (a column of the outer query): an album
 * with no `album_sections` row is the whole group's; else it is for the viewer when one of its
 * sections is one of theirs. Null for an admin: every album.
 */
function inAudience(viewer: Viewer, albumId: 'albums.id' | 'photos.album_id') {
  if (viewer?.role === 'admin') return null;
  const rows = qb
    .selectFrom('album_sections as aud')
    .select('aud.album_id')
    .where('aud.album_id', '=', sql.ref<number>(albumId));
  const wholeGroup = qb.not(qb.exists(rows));
  if (!viewer) return wholeGroup;
  const ofViewer = rows.where('aud.section_id', 'in', viewerSectionIds(qb, viewer));
  return qb.or([wholeGroup, qb.exists(ofViewer)]);
}

/** `a and b and …` of the conditions given; none is true. */
function allOf(parts: (Expression<SqlBool> | null)[]): Expression<SqlBool> {
  const kept = parts.filter((part): part is Expression<SqlBool> => part !== null);
  if (kept.length === 0) return sql<SqlBool>`1 = 1`;
  return sql<SqlBool>`(${sql.join(kept, sql` and `)})`;
}

/**
 * A `where` on `albums`: the albums `viewer` sees. Published for a member, drafts too for a
 * manager; and, but for an admin, only the whole group's and those of the viewer's sections.
 */
export function albumShownTo(viewer: Viewer) {
  return (eb: ExpressionBuilder<Database, 'albums'>) =>
    allOf([
      managerOf(viewer) ? null : eb('albums.status', '=', 'published'),
      inAudience(viewer, 'albums.id'),
    ]);
}

/**
 * A `where` on `albums`: the published albums whose audience includes `viewer`, drafts never,
 * whoever the viewer.
 */
function albumPublishedFor(viewer: Viewer) {
  return (eb: ExpressionBuilder<Database, 'albums'>) =>
    allOf([eb('albums.status', '=', 'published'), inAudience(viewer, 'albums.id')]);
}

/**
 * When an album became visible to its members: its last publication (an album published before
 * that date was kept, its creation). What the digest orders and windows by (decision 022).
 */
export const albumPublishedAt = sql<string>`coalesce(albums.published_at, albums.created_at)`;

/**
 * A `where` on `albums`: those that became visible to `recipient` in (`since`, `until`] — published
 * then, still published, and for an audience they are in. What the digest lists to each one.
 */
export function albumNewlyShownTo(recipient: Viewer, since: string, until: string) {
  return (eb: ExpressionBuilder<Database, 'albums'>) =>
    allOf([
      albumPublishedFor(recipient)(eb),
      eb(albumPublishedAt, '>', since),
      eb(albumPublishedAt, '<=', until),
    ]);
}

/**
 * A `where` on `photos`: the photos `viewer` sees — those of an album they see, and, but for a
 * manager, not hidden on request.
 */
export function photoShownTo(viewer: Viewer) {
  return (eb: ExpressionBuilder<Database, 'photos'>) =>
    allOf([
      managerOf(viewer) ? null : eb('photos.hidden_at', 'is', null),
      managerOf(viewer)
        ? null
        : eb.exists(
            eb
              .selectFrom('albums as pa')
              .select('pa.id')
              .whereRef('pa.id', '=', 'photos.album_id')
              .where('pa.status', '=', 'published'),
          ),
      inAudience(viewer, 'photos.album_id'),
    ]);
}

/**
 * A `where` on `photos` joined with their `albums`: the photos `viewer` may ask to hide — those
 * every member of its audience sees (not hidden already, in a published album) and `viewer` sees.
 */
export function photoHideableBy(viewer: NonNullable<Viewer>) {
  return (eb: ExpressionBuilder<Database, 'photos' | 'albums'>) =>
    allOf([
      eb('photos.hidden_at', 'is', null),
      albumPublishedFor(viewer)(eb),
      photoShownTo(viewer)(eb),
    ]);
}

/**
 * A column of a query on `photos`: 1 when the photo's album is for some sections rather than the
 * whole group (its files then get per-viewer URLs, decision 055), else 0.
 */
export function photoAlbumForSections() {
  return sql<
    number | boolean
  >`exists (select 1 from album_sections aud where aud.album_id = photos.album_id)`;
}

/**
 * A column of a query on `photos` or `albums`: 1 (true) when the image has a face found or drawn,
 * or its faces were not looked for yet (decision 099), so a list of images without any reads no
 * face rule (decision 080).
 */
export function imageHasFaces(owner: 'photos' | 'albums') {
  return owner === 'photos'
    ? sql<
        number | boolean
      >`(exists (select 1 from faces f where f.photo_id = photos.id) or exists (select 1 from face_scan_queue q where q.photo_id = photos.id))`
    : sql<
        number | boolean
      >`(exists (select 1 from faces f where f.album_id = albums.id) or exists (select 1 from face_scan_queue q where q.album_id = albums.id))`;
}

/** A `where` on `photos`: what an album's ZIP holds, for everyone, managers too (not hidden). */
export function photoInAlbumZip(eb: ExpressionBuilder<Database, 'photos'>) {
  return eb('photos.hidden_at', 'is', null);
}

/**
 * The ids of an album's photos that count for `viewer`, as a subquery of the album row of the
 * outer query: every photo for managers, the photos not hidden on request for members. (Whether
 * the album itself is shown is albumShownTo's.)
 */
export function countedPhotoIdsOfAlbum(viewer: Viewer) {
  return managerOf(viewer)
    ? sql`select photos.id from photos where photos.album_id = albums.id`
    : sql`select photos.id from photos where photos.album_id = albums.id and photos.hidden_at is null`;
}

/**
 * A `where` on `children`: those a face on an image of album `albumId` may be named as — of its
 * sections when it is for some (null, or an album for the whole group: any) and of the sections
 * `managed` (a scouter's; all for an admin).
 */
export function childAssignable(albumId: number | null, managed: ManagedSections) {
  return (eb: ExpressionBuilder<Database, 'children'>) => {
    const parts: Expression<SqlBool>[] = [];
    if (albumId !== null) {
      const audience = eb
        .selectFrom('album_sections')
        .select('album_sections.section_id')
        .where('album_sections.album_id', '=', albumId);
      parts.push(eb.or([eb.not(eb.exists(audience)), eb('children.section_id', 'in', audience)]));
    }
    if (!managed.all) parts.push(childInSections(eb, managed));
    return allOf(parts);
  };
}

/** `children.section_id in (managed)`, or nothing when `managed` is none. */
function childInSections(
  eb: ExpressionBuilder<Database, 'children'>,
  managed: { sectionIds: ReturnType<typeof scouterSectionIds> | null },
): Expression<SqlBool> {
  return managed.sectionIds
    ? eb('children.section_id', 'in', managed.sectionIds)
    : sql<SqlBool>`1 = 0`;
}

/** A `where` on `sections`: those among `managed` (see managedSectionsOf). */
export function sectionManagedIn(managed: ManagedSections) {
  return (eb: ExpressionBuilder<Database, 'sections'>) =>
    managed.all
      ? sql<SqlBool>`1 = 1`
      : managed.sectionIds
        ? eb('sections.id', 'in', managed.sectionIds)
        : sql<SqlBool>`1 = 0`;
}

/** A `where` on `children`: those of the sections `managed` (see managedSectionsOf). */
export function childManagedIn(managed: ManagedSections) {
  return (eb: ExpressionBuilder<Database, 'children'>) =>
    managed.all ? sql<SqlBool>`1 = 1` : childInSections(eb, managed);
}

/*
 * Activities (issue 36): an activity's audience is the same rule as an album's — no
 * `activity_sections` row is the whole group. Its managers (an admin; a scouter when it is the
 * whole group's or names one of their sections) see it in any state; a family sees it once it is
 * not a borrador, when one of their active children is in its audience (the whole group's: any
 * active child of theirs).
 */

/** `from activity_sections` of the activity of the outer query's row. */
function activityAudienceOfRow() {
  return qb
    .selectFrom('activity_sections as acs')
    .where('acs.activity_id', '=', sql.ref<number>('activities.id'));
}

/** `select section_id from activity_sections` of the activity of the outer query's row. */
function activityAudienceRows() {
  return activityAudienceOfRow().select('acs.section_id');
}

/** Whether the outer query's activity is managed by `viewer` (null: no outer filter, an admin). */
function activityManagedExpression(viewer: Viewer): Expression<SqlBool> | null {
  if (!viewer || !can(viewer.role, 'activities:manage')) return sql<SqlBool>`1 = 0`;
  if (viewer.role === 'admin') return null;
  const rows = activityAudienceRows();
  return qb.or([
    qb.not(qb.exists(rows)),
    qb.exists(rows.where('acs.section_id', 'in', scouterSectionIds(qb, viewer.id))),
  ]);
}

/** Whether the outer query's activity is shown to `viewer` as a family (see above). */
function activityForFamily(viewer: NonNullable<Viewer>): Expression<SqlBool> {
  const rows = activityAudienceRows();
  const family = familySectionIds(qb, viewer.id);
  return allOf([
    sql<SqlBool>`activities.status <> 'borrador'`,
    qb.or([
      qb.and([qb.not(qb.exists(rows)), qb.exists(family)]),
      qb.exists(rows.where('acs.section_id', 'in', familySectionIds(qb, viewer.id))),
    ]),
  ]);
}

/** A `where` on `activities`: those `viewer` sees (activity.see). */
export function activityShownTo(viewer: Viewer) {
  return (_eb: ExpressionBuilder<Database, 'activities'>): Expression<SqlBool> => {
    if (!viewer) return sql<SqlBool>`1 = 0`;
    const managed = activityManagedExpression(viewer);
    if (managed === null) return sql<SqlBool>`1 = 1`;
    return qb.or([managed, activityForFamily(viewer)]);
  };
}

/** A `where` on `activities`: those `viewer` manages (activity.manage). */
export function activityManagedBy(viewer: Viewer) {
  return (_eb: ExpressionBuilder<Database, 'activities'>): Expression<SqlBool> =>
    activityManagedExpression(viewer) ?? sql<SqlBool>`1 = 1`;
}

/*
 * The calendar feeds (issue 36): a feed is read with no session, by whoever holds its URL, so its
 * owner's rule is applied by owner rather than by viewer.
 */

/** A `where` on `activities`: those account `userId` sees as family (their family's feed). */
export function activityForFamilyOf(userId: number) {
  return (_eb: ExpressionBuilder<Database, 'activities'>): Expression<SqlBool> =>
    activityForFamily({ id: userId, role: 'usuario' });
}

/**
 * A `where` on `activities`: those of section `sectionId`'s audience (it is named, or the activity
 * is the whole group's) that are not a borrador — what a section's calendar feed carries.
 */
export function activityForSection(sectionId: number) {
  return (_eb: ExpressionBuilder<Database, 'activities'>): Expression<SqlBool> =>
    allOf([
      sql<SqlBool>`activities.status <> 'borrador'`,
      qb.or([
        qb.not(qb.exists(activityAudienceOfRow().select('acs.section_id'))),
        qb.exists(activityAudienceRows().where('acs.section_id', '=', sectionId)),
      ]),
    ]);
}

/** A child of an activity's audience, as its managers (and the sign-up) read it. */
export interface AudienceChild {
  id: number;
  full_name: string;
  section_id: number;
  activity_id: number;
}

/** An account that answers for a child as family. */
export interface FamilyAccount {
  id: number;
  name: string;
  email: string;
  child_id: number;
}

/** What the face rule reads of a face. */
export interface FaceRuleRow {
  id: number;
  image_id: number;
  x: number;
  y: number;
  width: number;
  height: number;
  status: FaceStatus;
  child_id: number | null;
  blur_requested_at: string | null;
}

/** A child's latest consent for a purpose, from one kind of giver (the family's or their own). */
export interface LatestConsent {
  child_id: number;
  purpose: ConsentPurpose;
  granted: number;
  given_by: ConsentGiver;
  text_version: number;
  created_at: string;
}

/** The batched questions of the access policy, each over a set of ids or keys. */
export class AccessRepository {
  private readonly db: Executor;

  constructor(db: Db | Executor) {
    this.db = executorOf(db);
  }

  /** Which of the albums `ids` exist and `viewer` sees. */
  async albumIds(ids: readonly number[], viewer: Viewer): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('albums')
      .select('albums.id')
      .where('albums.id', 'in', [...new Set(ids)])
      .where(albumShownTo(viewer))
      .execute();
    return new Set(rows.map((row) => row.id));
  }

  /** Which of the photos `ids` exist and `viewer` sees. */
  async photoIds(ids: readonly number[], viewer: Viewer): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('photos')
      .select('photos.id')
      .where('photos.id', 'in', [...new Set(ids)])
      .where(photoShownTo(viewer))
      .execute();
    return new Set(rows.map((row) => row.id));
  }

  /** Which of the activities `ids` exist and `viewer` sees, in one query. */
  async activityIds(ids: readonly number[], viewer: Viewer): Promise<Set<number>> {
    if (ids.length === 0 || !viewer) return new Set();
    const rows = await this.db
      .selectFrom('activities')
      .select('activities.id')
      .where('activities.id', 'in', [...new Set(ids)])
      .where(activityShownTo(viewer))
      .execute();
    return new Set(rows.map((row) => row.id));
  }

  /**
   * Which of the activities `ids` `viewer` is staff of (camp-access.ts); with `now`, only those in
   * their camp window then (from two days before the start to the end, not cancelled). One query.
   */
  async staffActivityIds(
    ids: readonly number[],
    viewer: Viewer,
    now: Date | null,
  ): Promise<Set<number>> {
    if (ids.length === 0 || !viewer) return new Set();
    let query = this.db
      .selectFrom('activities')
      .innerJoin('activity_staff', 'activity_staff.activity_id', 'activities.id')
      .select('activities.id')
      .where('activities.id', 'in', [...new Set(ids)])
      .where('activity_staff.user_id', '=', viewer.id);
    if (now) {
      const opensBefore = new Date(now.getTime() + CAMP_WINDOW_BEFORE_MS).toISOString();
      query = query
        .where('activities.status', '!=', 'cancelada')
        .where('activities.starts_at', '<=', opensBefore)
        .where('activities.ends_at', '>', now.toISOString());
    }
    const rows = await query.execute();
    return new Set(rows.map((row) => row.id));
  }

  /** The children signed up («Va») to activity `activityId`, by name (only `childIds` when given). */
  async campChildIds(activityId: number, childIds?: readonly number[]): Promise<number[]> {
    if (childIds?.length === 0) return [];
    let query = this.db
      .selectFrom('activity_signups')
      .innerJoin('children', 'children.id', 'activity_signups.child_id')
      .select('children.id')
      .where('activity_signups.activity_id', '=', activityId)
      .where('activity_signups.status', '=', 'va')
      .where('children.active', '=', 1);
    if (childIds) query = query.where('children.id', 'in', [...new Set(childIds)]);
    const rows = await query.orderBy('children.full_name').orderBy('children.id').execute();
    return rows.map((row) => row.id);
  }

  /** Which of the activities `ids` exist and `viewer` manages, in one query. */
  async managedActivityIds(ids: readonly number[], viewer: Viewer): Promise<Set<number>> {
    if (ids.length === 0 || !viewer) return new Set();
    const rows = await this.db
      .selectFrom('activities')
      .select('activities.id')
      .where('activities.id', 'in', [...new Set(ids)])
      .where(activityManagedBy(viewer))
      .execute();
    return new Set(rows.map((row) => row.id));
  }

  /**
   * The active children of the audiences of activities `activityIds` (each row once per activity
   * it is in), by name; only `childIds` of them when given. One query, whatever their number.
   */
  async activityAudienceChildren(
    activityIds: readonly number[],
    childIds?: readonly number[],
  ): Promise<AudienceChild[]> {
    if (activityIds.length === 0 || childIds?.length === 0) return [];
    let query = this.db
      .selectFrom('activities')
      .innerJoin('children', (join) => join.on('children.active', '=', 1))
      .select([
        'children.id',
        'children.full_name',
        'children.section_id',
        'activities.id as activity_id',
      ])
      .where('activities.id', 'in', [...new Set(activityIds)])
      .where((eb) =>
        eb.or([
          eb.not(eb.exists(activityAudienceRows())),
          eb('children.section_id', 'in', activityAudienceRows()),
        ]),
      );
    if (childIds) query = query.where('children.id', 'in', [...new Set(childIds)]);
    return query
      .orderBy('activities.id')
      .orderBy('children.full_name')
      .orderBy('children.id')
      .execute();
  }

  /**
   * The active children `userId` is a guardian of, with their section, by name: whose status a
   * family reads beside each activity. One query.
   */
  async ownActiveChildren(
    userId: number,
  ): Promise<{ id: number; full_name: string; section_id: number }[]> {
    return this.db
      .selectFrom('guardians')
      .innerJoin('children', 'children.id', 'guardians.child_id')
      .select(['children.id', 'children.full_name', 'children.section_id'])
      .where('guardians.user_id', '=', userId)
      .where('children.active', '=', 1)
      .orderBy('children.full_name')
      .orderBy('children.id')
      .execute();
  }

  /** How many guardians each of children `childIds` has (none: absent), in one query. */
  async guardianCounts(childIds: readonly number[]): Promise<Map<number, number>> {
    if (childIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('guardians')
      .select(['guardians.child_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('guardians.child_id', 'in', [...new Set(childIds)])
      .groupBy('guardians.child_id')
      .execute();
    return new Map(rows.map((row) => [row.child_id, Number(row.n)]));
  }

  /** The accounts that answer for children `childIds` as family, one row per child and account. */
  async familyAccounts(childIds: readonly number[]): Promise<FamilyAccount[]> {
    if (childIds.length === 0) return [];
    return this.db
      .selectFrom('guardians')
      .innerJoin('users', 'users.id', 'guardians.user_id')
      .select(['users.id', 'users.name', 'users.email', 'guardians.child_id'])
      .where('guardians.child_id', 'in', [...new Set(childIds)])
      .orderBy('users.id')
      .execute();
  }

  /** The account a per-viewer media URL names, as it is now (its role may have changed). */
  async viewer(id: number): Promise<Viewer> {
    const row = await this.db
      .selectFrom('users')
      .select(['id', 'role'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row ?? null;
  }

  /**
   * Which of the storage `keys` are files of what `viewer` sees: a photo's (display copy or
   * thumbnail) or an album's cover. A key of no photo and no album opens for nobody.
   */
  async visibleKeys(keys: readonly string[], viewer: Viewer): Promise<Set<string>> {
    return new Set((await this.keyOwners(keys, viewer)).keys());
  }

  /**
   * The image each of the storage `keys` belongs to, for those that are files of what `viewer`
   * sees (see visibleKeys): a photo (display copy or thumbnail) or an album (its cover), and
   * that image's clean display copy. Two queries, side by side.
   */
  async keyOwners(
    keys: readonly string[],
    viewer: Viewer,
  ): Promise<Map<string, { kind: 'photo' | 'album'; id: number; source: string }>> {
    const owners = new Map<string, { kind: 'photo' | 'album'; id: number; source: string }>();
    if (keys.length === 0) return owners;
    const [photos, covers] = await Promise.all([
      this.db
        .selectFrom('photos')
        .select(['photos.id', 'photos.image_key', 'photos.thumb_key'])
        .where((eb) =>
          eb.or([eb('photos.image_key', 'in', keys), eb('photos.thumb_key', 'in', keys)]),
        )
        .where(photoShownTo(viewer))
        .execute(),
      this.db
        .selectFrom('albums')
        .select(['albums.id', 'albums.cover_key', 'albums.cover_thumb_key'])
        .where((eb) =>
          eb.or([eb('albums.cover_key', 'in', keys), eb('albums.cover_thumb_key', 'in', keys)]),
        )
        .where(albumShownTo(viewer))
        .execute(),
    ]);
    const asked = new Set(keys);
    for (const row of photos) {
      const owner = { kind: 'photo' as const, id: row.id, source: row.image_key };
      for (const key of [row.image_key, row.thumb_key]) if (asked.has(key)) owners.set(key, owner);
    }
    for (const row of covers) {
      if (!row.cover_key) continue;
      const owner = { kind: 'album' as const, id: row.id, source: row.cover_key };
      for (const key of [row.cover_key, row.cover_thumb_key]) {
        if (key && asked.has(key)) owners.set(key, owner);
      }
    }
    return owners;
  }

  /**
   * The clean display copy of each of the photos `photoIds` and album covers `albumIds` that
   * `viewer` sees, by `photo-<id>` / `album-<id>`: whose blurred copies may open for them. Two
   * queries, side by side.
   */
  async visibleSources(
    viewer: Viewer,
    photoIds: readonly number[],
    albumIds: readonly number[],
  ): Promise<Map<string, string>> {
    const [photos, covers] = await Promise.all([
      photoIds.length === 0
        ? []
        : this.db
            .selectFrom('photos')
            .select(['photos.id', 'photos.image_key'])
            .where('photos.id', 'in', [...new Set(photoIds)])
            .where(photoShownTo(viewer))
            .execute(),
      albumIds.length === 0
        ? []
        : this.db
            .selectFrom('albums')
            .select(['albums.id', 'albums.cover_key'])
            .where('albums.id', 'in', [...new Set(albumIds)])
            .where(albumShownTo(viewer))
            .execute(),
    ]);
    const sources = new Map<string, string>();
    for (const row of photos) sources.set(`photo-${row.id}`, row.image_key);
    for (const row of covers) if (row.cover_key) sources.set(`album-${row.id}`, row.cover_key);
    return sources;
  }

  /**
   * The addresses of the managers who see album `albumId` (who are told of a removal request in
   * it): every admin, and the scouters whose sections (assigned, or their own children's) are
   * in its audience, or all of them when it is the whole group's. One query, whatever their number.
   */
  async reviewerEmails(albumId: number): Promise<string[]> {
    const reviewers = ROLES.filter((role) => can(role, 'gallery:review'));
    const scouterSections = sql`select ss.section_id from scouter_sections ss where ss.user_id = u.id
      union select c.section_id from guardians g inner join children c on c.id = g.child_id
      where g.user_id = u.id and c.active = 1`;
    const { rows } = await sql<{ email: string }>`select u.email from users u
      where u.role in (${sql.join(reviewers)}) and (u.role = 'admin'
        or not exists (select 1 from album_sections s where s.album_id = ${albumId})
        or exists (select 1 from album_sections s where s.album_id = ${albumId}
          and s.section_id in (${scouterSections})))
      order by u.id`.execute(this.db);
    return rows.map((row) => row.email);
  }

  /** Which of children `childIds` exist and are in the sections `managed`, in one query. */
  async managedChildIds(
    childIds: readonly number[],
    managed: ManagedSections,
  ): Promise<Set<number>> {
    if (childIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('children')
      .select('children.id')
      .where('children.id', 'in', [...new Set(childIds)])
      .where(childManagedIn(managed))
      .execute();
    return new Set(rows.map((row) => row.id));
  }

  /** Which of sections `sectionIds` exist and are among those `managed`, in one query. */
  async managedSectionIds(
    sectionIds: readonly number[],
    managed: ManagedSections,
  ): Promise<Set<number>> {
    if (sectionIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('sections')
      .select('sections.id')
      .where('sections.id', 'in', [...new Set(sectionIds)])
      .where(sectionManagedIn(managed))
      .execute();
    return new Set(rows.map((row) => row.id));
  }

  /** Which of children `childIds` `userId` is a guardian of, in one query (none given: all). */
  async guardedChildIds(userId: number, childIds?: readonly number[]): Promise<Set<number>> {
    if (childIds?.length === 0) return new Set();
    let query = this.db.selectFrom('guardians').select('child_id').where('user_id', '=', userId);
    if (childIds) query = query.where('child_id', 'in', [...new Set(childIds)]);
    return new Set((await query.execute()).map((row) => row.child_id));
  }

  /** The author of each of comments `ids` that exists. */
  async commentAuthors(ids: readonly number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('comments')
      .select(['id', 'user_id'])
      .where('id', 'in', [...new Set(ids)])
      .execute();
    return new Map(rows.map((row) => [row.id, row.user_id]));
  }

  /** Every face of the images `ids` of `kind`, in one query. */
  async faces(kind: FaceImageKind, ids: readonly number[]): Promise<FaceRuleRow[]> {
    if (ids.length === 0) return [];
    const owner = faceImageColumn(kind);
    return this.db
      .selectFrom('faces')
      .select([
        'id',
        `${owner} as image_id`,
        'x',
        'y',
        'width',
        'height',
        'status',
        'child_id',
        'blur_requested_at',
      ])
      .where(owner, 'in', [...new Set(ids)])
      .orderBy('id')
      .execute() as Promise<FaceRuleRow[]>;
  }

  /**
   * The images among `ids` of `kind` whose faces were not looked for: still waiting for the
   * background scan, or given up on by it (decision 099). One query.
   */
  async unsearched(kind: FaceImageKind, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const owner = faceImageColumn(kind);
    const rows = await this.db
      .selectFrom('face_scan_queue')
      .select(`${owner} as image_id`)
      .where(owner, 'in', [...new Set(ids)])
      .execute();
    return [...new Set(rows.map((row) => Number(row.image_id)))];
  }

  /**
   * For each of `childIds` and each purpose: the latest consent a family gave (a guardian in the
   * app or a paper form) and the latest the young person gave, in one query.
   */
  async latestConsents(childIds: readonly number[]): Promise<LatestConsent[]> {
    if (childIds.length === 0) return [];
    const ids = [...new Set(childIds)];
    return this.db
      .selectFrom('child_consents')
      .select(['child_id', 'purpose', 'granted', 'given_by', 'text_version', 'created_at'])
      .where(({ eb, selectFrom }) =>
        eb(
          'id',
          'in',
          selectFrom('child_consents as c')
            .select(({ fn }) => fn.max('c.id').as('id'))
            .where('c.child_id', 'in', ids)
            .groupBy([
              'c.child_id',
              'c.purpose',
              sql`case when c.given_by = 'own' then 1 else 0 end`,
            ]),
        ),
      )
      .execute();
  }

  /** The birth dates of `childIds` (whose own consent counts from their 14th birthday). */
  async birthDates(childIds: readonly number[]): Promise<Map<number, string>> {
    if (childIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('children')
      .select(['id', 'birth_date'])
      .where('id', 'in', [...new Set(childIds)])
      .execute();
    return new Map(rows.map((row) => [row.id, row.birth_date]));
  }

  /**
   * The accounts that are guardians of the children with a face in images `ids` of `kind`: the
   * families who may be given a copy of their own.
   */
  async guardiansOfFaces(
    kind: 'photo' | 'album',
    ids: readonly number[],
  ): Promise<{ id: number; role: Role }[]> {
    if (ids.length === 0) return [];
    const owner = kind === 'photo' ? 'faces.photo_id' : 'faces.album_id';
    return this.db
      .selectFrom('guardians')
      .innerJoin('faces', 'faces.child_id', 'guardians.child_id')
      .innerJoin('users', 'users.id', 'guardians.user_id')
      .select(['users.id', 'users.role'])
      .distinct()
      .where(owner, 'in', [...new Set(ids)])
      .execute();
  }
}
