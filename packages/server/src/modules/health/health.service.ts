import {
  CAMP_ERRORS,
  type ChildHealth,
  type HealthRead,
  type HealthReadsPage,
  type HealthReadVia,
  type HealthRecord,
  type HealthRecordInput,
  type Role,
  roundStart,
} from '@fogata/shared';
import { Access } from '../../access/access.js';
import { CampAccess, campChildIds } from '../../access/camp-access.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { recordAudit } from '../audit/audit.js';
import { type HealthReadInsert, HealthRepository, type HealthRow } from './health.repository.js';

/** Readings per page of a family's log. */
export const HEALTH_READS_PAGE_SIZE = 20;

/** Who reads or keeps a ficha: a signed-in member (their name goes in the log). */
export interface HealthViewer {
  id: number;
  role: Role;
  name: string;
}

/** One child's ficha as the staff of an activity read it in the camp window. */
export interface CampHealth {
  child_id: number;
  /** Null: the family has not filled it. */
  health: HealthRecord | null;
  /** When a guardian confirmed it for this activity; null: not yet (or already erased). */
  health_confirmed_at: string | null;
}

/** GET /activities/:id/health/:childId. */
export interface StaffHealth extends CampHealth {
  name: string;
}

const notFound = () => new AppError(404, CAMP_ERRORS.healthNotFound);

/**
 * La ficha sanitaria: kept by a child's guardians (`child.own`), read by the staff of an
 * activity the child goes to in its camp window (`activity.camp` and `campChildIds`), never by
 * anyone else — an admin as such included: they get the same 404 as for a ficha that does not
 * exist. It is stored sealed (`ctx.sealedBox`); every reading by someone who is not a guardian
 * writes a `health_reads` row in the same transaction as the read, so there is no reading without
 * its trace. Saving and confirming go in the audit trail, by the child's number, never the content.
 */
export class HealthService {
  private readonly access: Access;

  constructor(private readonly ctx: AppContext) {
    this.access = new Access(ctx);
  }

  /**
   * The guardians' calls: anyone else (an admin or a scouter included) gets the 404 of a ficha
   * that does not exist, the same whether the child does or not.
   */
  private async requireGuardian(viewer: HealthViewer, childId: number): Promise<void> {
    if (!(await this.access.may(viewer, 'child.own', childId))) throw notFound();
  }

  private open(row: Pick<HealthRow, 'sealed' | 'updated_at' | 'confirmed_at'>): HealthRecord {
    return {
      ...this.ctx.sealedBox.open<HealthRecordInput>(row.sealed),
      updated_at: row.updated_at,
      confirmed_at: row.confirmed_at,
    };
  }

  /** The ficha of the viewer's child, and whether the round asks for a confirmation. */
  async get(viewer: HealthViewer, childId: number, now = new Date()): Promise<ChildHealth> {
    await this.requireGuardian(viewer, childId);
    const row = await new HealthRepository(this.ctx.db.kysely).record(childId);
    const record = row ? this.open(row) : null;
    return {
      record,
      confirm_due: !record || record.confirmed_at.slice(0, 10) < roundStart(now),
    };
  }

  /** Writes the whole ficha (saving it confirms it too); audited without its content. */
  async save(
    viewer: HealthViewer,
    childId: number,
    input: HealthRecordInput,
    now = new Date(),
  ): Promise<HealthRecord> {
    await this.requireGuardian(viewer, childId);
    const at = now.toISOString();
    const sealed = this.ctx.sealedBox.seal(input);
    await this.ctx.db.kysely.transaction().execute(async (trx) => {
      await new HealthRepository(trx).save(childId, sealed, viewer.id, at);
      await recordAudit(trx, {
        actor: viewer,
        action: 'health.saved',
        target: { type: 'child', id: childId },
      });
    });
    return { ...input, updated_at: at, confirmed_at: at };
  }

  /**
   * «Está al día»: for the round, or for an activity the child goes to or waits for — then the
   * ficha as it stands is kept, sealed, as what was confirmed for it.
   */
  async confirm(
    viewer: HealthViewer,
    childId: number,
    activityId: number | undefined,
    now = new Date(),
  ): Promise<HealthRecord> {
    await this.requireGuardian(viewer, childId);
    const at = now.toISOString();
    const row = await this.ctx.db.kysely.transaction().execute(async (trx) => {
      const repo = new HealthRepository(trx);
      const current = await repo.record(childId);
      if (!current) throw new AppError(409, CAMP_ERRORS.healthMissing);
      if (activityId !== undefined) {
        if (!(await repo.signupGoesOrWaits(activityId, childId))) {
          throw new AppError(409, CAMP_ERRORS.healthNotSignedUp);
        }
        // The same sealed box: what was confirmed is exactly the ficha as it stood.
        await repo.confirmForActivity(activityId, childId, current.sealed, viewer.id, at);
      }
      await repo.confirm(childId, viewer.id, at);
      await recordAudit(trx, {
        actor: viewer,
        action: 'health.confirmed',
        target: { type: 'child', id: childId },
        ...(activityId !== undefined && { details: { activity: String(activityId) } }),
      });
      return { ...current, confirmed_at: at };
    });
    return this.open(row);
  }

  /** A page of who read the ficha (not its guardians), newest first. */
  async reads(viewer: HealthViewer, childId: number, page: number): Promise<HealthReadsPage> {
    await this.requireGuardian(viewer, childId);
    const { items, total } = await new HealthRepository(this.ctx.db.kysely).reads(
      childId,
      (page - 1) * HEALTH_READS_PAGE_SIZE,
      HEALTH_READS_PAGE_SIZE,
    );
    return { items, total, page_size: HEALTH_READS_PAGE_SIZE };
  }

  /**
   * One child's ficha for a staff member of activity `activityId` in its camp window, logged as
   * read on screen; 404 «Ficha sanitaria no encontrada.» for anyone else, or a child who does not
   * go.
   */
  async staffRead(
    viewer: HealthViewer,
    activityId: number,
    childId: number,
    now = new Date(),
  ): Promise<StaffHealth> {
    const [read] = await this.readLogged(viewer, activityId, 'ficha', [childId], now);
    if (!read) throw notFound();
    return read;
  }

  /**
   * The fichas of the children signed up («Va») to activity `activityId` — only `childIds` of
   * them when given — for a staff member in its camp window (else 404 «Ficha sanitaria no
   * encontrada.»), by name: each child's ficha (null when not filled) and when it was confirmed for
   * the activity. One `health_reads` row per child with a ficha, `via` as given ('pack', 'pdf'),
   * in the same transaction as the read; five queries whatever the number of children.
   */
  async readForCamp(
    viewer: HealthViewer,
    activityId: number,
    via: Exclude<HealthReadVia, 'ficha'>,
    childIds?: readonly number[],
    now = new Date(),
  ): Promise<CampHealth[]> {
    const reads = await this.readLogged(viewer, activityId, via, childIds, now);
    return reads.map(({ child_id, health, health_confirmed_at }) => ({
      child_id,
      health,
      health_confirmed_at,
    }));
  }

  private async readLogged(
    viewer: HealthViewer,
    activityId: number,
    via: HealthReadVia,
    childIds: readonly number[] | undefined,
    now: Date,
  ): Promise<StaffHealth[]> {
    const [inWindow, activity] = await Promise.all([
      new CampAccess(this.ctx).campActivityIds(viewer, [activityId], now),
      new HealthRepository(this.ctx.db.kysely).activityTitle(activityId),
    ]);
    if (!inWindow.has(activityId) || !activity) throw notFound();
    return this.ctx.db.kysely.transaction().execute(async (trx) => {
      const ids = await campChildIds(trx, activityId, childIds);
      const rows = await new HealthRepository(trx).campRecords(activityId, ids);
      const byId = new Map(rows.map((row) => [row.child_id, row]));
      const at = now.toISOString();
      const log: HealthReadInsert[] = [];
      const result: StaffHealth[] = [];
      // In the order campChildIds gives: by name.
      for (const id of ids) {
        const row = byId.get(id);
        if (!row) continue;
        const health =
          row.sealed !== null && row.updated_at !== null && row.confirmed_at !== null
            ? this.open({
                sealed: row.sealed,
                updated_at: row.updated_at,
                confirmed_at: row.confirmed_at,
              })
            : null;
        if (health) {
          log.push({
            child_id: id,
            reader_id: viewer.id,
            reader_name: viewer.name,
            activity_id: activityId,
            activity_title: activity.title,
            via,
            read_at: at,
          });
        }
        result.push({
          child_id: id,
          name: row.name,
          health,
          health_confirmed_at: row.activity_confirmed_at,
        });
      }
      await new HealthRepository(trx).logReads(log);
      return result;
    });
  }
}

/**
 * The fichas of a guardian's children `childIds` and who read them, for the member's data export
 * (the caller read which children are theirs). Two queries. A ficha sealed with another key (a
 * restore without the original key) is left out as null rather than failing the whole export.
 */
export async function healthExport(
  ctx: AppContext,
  childIds: readonly number[],
): Promise<Map<number, { record: HealthRecord | null; reads: HealthRead[] }>> {
  const { records, reads } = await new HealthRepository(ctx.db.kysely).exportRows(childIds);
  const result = new Map<number, { record: HealthRecord | null; reads: HealthRead[] }>();
  for (const id of childIds) result.set(id, { record: null, reads: [] });
  for (const row of records) {
    let record: HealthRecord | null = null;
    try {
      record = {
        ...ctx.sealedBox.open<HealthRecordInput>(row.sealed),
        updated_at: row.updated_at,
        confirmed_at: row.confirmed_at,
      };
    } catch (err) {
      if (!(err instanceof AppError && err.statusCode === 503)) throw err;
    }
    const entry = result.get(row.child_id);
    if (entry) entry.record = record;
  }
  for (const { child_id, ...read } of reads) result.get(child_id)?.reads.push(read);
  return result;
}

/**
 * Removes the ficha of child `childId` in transaction `db`: it left the group or is deleted, so
 * nobody needs it any longer (the children module calls it as it deactivates the child).
 */
export function eraseChildHealth(db: Executor, childId: number): Promise<void> {
  return new HealthRepository(db).deleteRecord(childId);
}

/**
 * Of children `childIds` in activities `activityIds`, read in `db`: whether each has a ficha, and
 * whether it was confirmed for each activity — what the family's view of an activity shows
 * (never the ficha itself). One query, whatever the number of activities and children.
 */
export async function healthStates(
  db: Executor,
  activityIds: readonly number[],
  childIds: readonly number[],
): Promise<(activityId: number, childId: number) => HealthState> {
  const { filled, confirmed } = await new HealthRepository(db).summaryStates(activityIds, childIds);
  return (activityId, childId) => ({
    filled: filled.has(childId),
    confirmed_for_activity: confirmed.has(`${activityId}:${childId}`),
  });
}

/** A child's ficha as an activity's sign-up sees it. */
export interface HealthState {
  filled: boolean;
  confirmed_for_activity: boolean;
}
