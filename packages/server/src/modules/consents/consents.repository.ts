import type { ConsentPurpose } from '@fogata/shared';
import type { Insertable } from 'kysely';
import { photoShownTo } from '../../access/access.repository.js';
import type { Viewer } from '../../access/viewer.js';
import { type Db, type Executor, executorOf } from '../../db/database.js';
import type { ChildConsentsTable } from '../../db/schema.js';

/** A version of the consent text, with its author's name. */
export interface ConsentTextRow {
  id: number;
  version: number;
  body: string;
  created_at: string;
  created_by: string | null;
}

/** One record of a child's consent history, with who recorded it. */
export interface ConsentHistoryRow {
  id: number;
  child_id: number;
  purpose: ConsentPurpose;
  granted: number;
  given_by: 'guardian' | 'paper' | 'own';
  recorded_by: string | null;
  note: string | null;
  text_version: number;
  created_at: string;
}

/** A child of the register: name, birth date and section. */
export interface RegisterChildRow {
  id: number;
  full_name: string;
  birth_date: string;
  section_id: number;
  section_name: string;
  section_colour: string;
}

/**
 * SQL of the consent register (decisions 061, 070): the text's versions, the append-only
 * records (inserted, never updated nor deleted: this file has no such statement), the register's
 * children, and the faces a guardian's 'Fotos de mi educando' reads.
 */
export class ConsentsRepository {
  private readonly db: Executor;

  constructor(db: Db | Executor) {
    this.db = executorOf(db);
  }

  private texts() {
    return this.db
      .selectFrom('consent_texts as t')
      .leftJoin('users as u', 'u.id', 't.created_by')
      .select(['t.id', 't.version', 't.body', 't.created_at', 'u.name as created_by']);
  }

  /** The latest version of the consent text (014 writes version 1: there is always one). */
  currentText(): Promise<ConsentTextRow | undefined> {
    return this.texts().orderBy('t.version', 'desc').limit(1).executeTakeFirst();
  }

  /** Version `version` of the text. */
  textOf(version: number): Promise<ConsentTextRow | undefined> {
    return this.texts().where('t.version', '=', version).executeTakeFirst();
  }

  /** Every version, newest first. */
  allTexts(): Promise<ConsentTextRow[]> {
    return this.texts().orderBy('t.version', 'desc').execute();
  }

  /** Appends version `version` of the text; returns its id. */
  async insertText(version: number, body: string, by: number, now: string): Promise<number> {
    const row = await this.db
      .insertInto('consent_texts')
      .values({ version, body, created_by: by, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** The child's name and birth date. */
  child(id: number): Promise<{ id: number; full_name: string; birth_date: string } | undefined> {
    return this.db
      .selectFrom('children')
      .select(['id', 'full_name', 'birth_date'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The history of `childIds`' consents, newest first, with who recorded each. */
  history(childIds: readonly number[]): Promise<ConsentHistoryRow[]> {
    if (childIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('child_consents as c')
      .leftJoin('users as u', 'u.id', 'c.recorded_by')
      .select([
        'c.id',
        'c.child_id',
        'c.purpose',
        'c.granted',
        'c.given_by',
        'u.name as recorded_by',
        'c.note',
        'c.text_version',
        'c.created_at',
      ])
      .where('c.child_id', 'in', [...new Set(childIds)])
      .orderBy('c.id', 'desc')
      .execute();
  }

  /** Appends one record. */
  async insert(record: Insertable<ChildConsentsTable>): Promise<void> {
    await this.db.insertInto('child_consents').values(record).execute();
  }

  private sectionChildren(sectionId: number) {
    return this.db
      .selectFrom('children')
      .innerJoin('sections', 'sections.id', 'children.section_id')
      .where('children.section_id', '=', sectionId)
      .where('children.active', '=', 1);
  }

  /** One page (or, without `page`, all) of the active children of section `sectionId`, by name. */
  registerChildren(
    sectionId: number,
    page?: { offset: number; limit: number },
  ): Promise<RegisterChildRow[]> {
    const query = this.sectionChildren(sectionId)
      .select([
        'children.id',
        'children.full_name',
        'children.birth_date',
        'children.section_id',
        'sections.name as section_name',
        'sections.colour as section_colour',
      ])
      .orderBy('children.name_search')
      .orderBy('children.id');
    return (page ? query.offset(page.offset).limit(page.limit) : query).execute();
  }

  /** How many active children section `sectionId` has. */
  async registerCount(sectionId: number): Promise<number> {
    const row = await this.sectionChildren(sectionId)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** The section's name (for the CSV's file name), or undefined when there is none. */
  section(id: number): Promise<{ id: number; name: string } | undefined> {
    return this.db
      .selectFrom('sections')
      .select(['id', 'name'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The photos `viewer` sees where a face is assigned to child `childId`. */
  private childPhotoIds(childId: number, viewer: NonNullable<Viewer>) {
    return this.db
      .selectFrom('photos')
      .where(photoShownTo(viewer))
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('faces')
            .select('faces.id')
            .whereRef('faces.photo_id', '=', 'photos.id')
            .where('faces.status', '=', 'child')
            .where('faces.child_id', '=', childId),
        ),
      );
  }

  /** A page of those photos' ids, newest first. */
  async childPhotoPage(
    childId: number,
    viewer: NonNullable<Viewer>,
    page: { offset: number; limit: number },
  ): Promise<number[]> {
    const rows = await this.childPhotoIds(childId, viewer)
      .select('photos.id')
      .orderBy('photos.created_at', 'desc')
      .orderBy('photos.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute();
    return rows.map((row) => row.id);
  }

  /** How many such photos there are. */
  async childPhotoCount(childId: number, viewer: NonNullable<Viewer>): Promise<number> {
    const row = await this.childPhotoIds(childId, viewer)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Photo `photoId`'s album, when `viewer` sees it. */
  shownPhoto(
    photoId: number,
    viewer: NonNullable<Viewer>,
  ): Promise<{ id: number; album_id: number; album_title: string } | undefined> {
    return this.db
      .selectFrom('photos')
      .innerJoin('albums', 'albums.id', 'photos.album_id')
      .select(['photos.id', 'photos.album_id', 'albums.title as album_title'])
      .where('photos.id', '=', photoId)
      .where(photoShownTo(viewer))
      .executeTakeFirst();
  }

  /** The child's faces in `photoIds`: which photos have them, and whether a blur is asked. */
  async childFaces(
    childId: number,
    photoIds: readonly number[],
  ): Promise<{ id: number; photo_id: number; blur_requested_at: string | null }[]> {
    if (photoIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('faces')
      .select(['id', 'photo_id', 'blur_requested_at'])
      .where('status', '=', 'child')
      .where('child_id', '=', childId)
      .where('photo_id', 'in', [...new Set(photoIds)])
      .execute();
    return rows.flatMap((row) =>
      row.photo_id === null ? [] : [{ ...row, photo_id: row.photo_id }],
    );
  }

  /** Marks faces `ids` as blurred on a guardian's request (those not marked yet); how many changed. */
  async requestBlur(ids: readonly number[], by: number, now: string): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await this.db
      .updateTable('faces')
      .set({ blur_requested_at: now, blur_requested_by: by })
      .where('id', 'in', [...ids])
      .where('blur_requested_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Takes a guardian's blur request off faces `ids` (those marked); how many changed. */
  async withdrawBlur(ids: readonly number[]): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await this.db
      .updateTable('faces')
      .set({ blur_requested_at: null, blur_requested_by: null })
      .where('id', 'in', [...ids])
      .where('blur_requested_at', 'is not', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
