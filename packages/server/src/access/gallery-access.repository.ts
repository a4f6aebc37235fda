import { can, ROLES } from '@fogata/shared';
import {
  type Expression,
  type ExpressionBuilder,
  expressionBuilder,
  type SqlBool,
  sql,
} from 'kysely';
import { type Db, type Executor, executorOf } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { Viewer } from './viewer.js';
import { viewerSectionIds } from './viewer-sections.js';

/*
 * Every query that decides which albums, photos and media files a viewer may see (decision 041).
 * The rules in words are in gallery-access.ts; a new rule (sections, image consent) is a change
 * here and there, and nowhere else writes this SQL. Each `where` takes the viewer: what it lets
 * through is what that viewer sees (decision 054).
 */

/** Builds the subqueries that go inside another query's `where` (compiled by that query). */
const qb = expressionBuilder<Database, never>();

/** Whether `viewer` sees drafts and hidden photos: scouters and admins (decision 018). */
function managerOf(viewer: Viewer): boolean {
  return can(viewer?.role ?? null, 'gallery:review');
}

/**
 * The audience rule on the album whose id is `albumId` (a column of the outer query): an album
 * with no `album_sections` row is the whole group's; else it is for the viewer when one of its
 * sections is one of theirs (viewer-sections.ts). Null for an admin: every album.
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
 * whoever the viewer (what the digest lists to each recipient).
 */
export function albumPublishedFor(viewer: Viewer) {
  return (eb: ExpressionBuilder<Database, 'albums'>) =>
    allOf([eb('albums.status', '=', 'published'), inAudience(viewer, 'albums.id')]);
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

/** The batched questions of the gallery's access policy, each over a set of ids or keys. */
export class GalleryAccessRepository {
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
      .where('albums.id', 'in', ids)
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
      .where('photos.id', 'in', ids)
      .where(photoShownTo(viewer))
      .execute();
    return new Set(rows.map((row) => row.id));
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
}
