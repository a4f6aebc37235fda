import {
  ACTIVITY_ERRORS,
  type AttendanceMark,
  type AttendanceMarkInput,
  CAMP_ERRORS,
  CAMP_MSG,
  CAMP_PACK_MAX_AGE_MS,
  type CampChild,
  type CampPack,
  type Role,
} from '@fogata/shared';
import { Access } from '../../access/access.js';
import { campChildIds } from '../../access/camp-access.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { ActivityBoardService } from '../activity-board/activity-board.service.js';
import { activityStaff } from '../camp-staff/camp-staff.service.js';
import { HealthService } from '../health/health.service.js';
import { ProtectionService } from '../protection/protection.service.js';
import { latestPerCell, rollDays, toMarks } from './attendance.js';
import { type CampActivityRow, CampPackRepository } from './camp-pack.repository.js';
import { campPackFileName, campPackPdf } from './camp-pack-pdf.js';

/** Who asks: a signed-in scouter or admin (their name goes in the fichas' reads log). */
export interface CampViewer {
  id: number;
  role: Role;
  name: string;
}

/** How the pack was read, for the fichas' log: the JSON the browser keeps, or the PDF. */
type PackVia = 'pack' | 'pdf';

const packNotFound = () => new AppError(404, CAMP_ERRORS.campPackNotFound);

/**
 * The camp pack (what the staff carry for a camp with no signal: the roster, each child's ficha,
 * autorización and payment, the group's emergency data, the staff and the roll), its PDF for the
 * first-aid kit, and «Pasar lista». The pack is the staff's only, in the camp window; the roll is
 * the staff's whenever. Each answer is a constant number of queries, however many children.
 */
export class CampPackService {
  private readonly access: Access;

  constructor(private readonly ctx: AppContext) {
    this.access = new Access(ctx);
  }

  private repo() {
    return new CampPackRepository(this.ctx.db);
  }

  /**
   * The pack of activity `id` for `viewer`, who must be of its staff in the camp window (anyone
   * else: 404, the same whether the activity exists or not). Reading it logs every ficha it
   * carries as read `via`.
   */
  async pack(
    viewer: CampViewer,
    id: number,
    via: PackVia = 'pack',
    now = new Date(),
  ): Promise<CampPack> {
    const inWindow = await this.access.check(viewer, 'activity.camp', [id]);
    const activity = inWindow.has(id) ? await this.repo().activity(id) : undefined;
    if (!activity) throw packNotFound();
    const rows = await new ActivityBoardService(this.ctx).goingRows(viewer, {
      id,
      both_guardians: activity.both_guardians,
    });
    const [fichas, staff, delegate, marks] = await Promise.all([
      new HealthService(this.ctx).readForCamp(
        viewer,
        id,
        via,
        rows.map((row) => row.child_id),
        now,
      ),
      activityStaff(this.ctx.db.kysely, id, viewer.id),
      new ProtectionService(this.ctx).delegate(),
      this.repo().marks(id),
    ]);
    const health = new Map(fichas.map((f) => [f.child_id, f]));
    const children: CampChild[] = rows.map((row) => ({
      child_id: row.child_id,
      name: row.child_name,
      section: row.section.name || null,
      signup: row.signup,
      health: health.get(row.child_id)?.health ?? null,
      health_confirmed_at: health.get(row.child_id)?.health_confirmed_at ?? null,
      authorization: row.authorization.state,
      payment: row.payment
        ? { amount_cents: row.payment.amount_cents, method: row.payment.method }
        : null,
    }));
    const wipeAt = Math.min(Date.parse(activity.ends_at), now.getTime() + CAMP_PACK_MAX_AGE_MS);
    const { status: _, both_guardians: __, in_charge_name, ...shown } = activity;
    return {
      activity: shown,
      emergency: {
        group_name: this.ctx.config.group.name,
        in_charge: in_charge_name,
        protection_delegate: delegate,
      },
      staff: staff.staff,
      children,
      attendance: toMarks(marks),
      generated_at: now.toISOString(),
      wipe_at: new Date(wipeAt).toISOString(),
    };
  }

  /** The pack as an A4 PDF for the first-aid kit, made now and never kept; logged as `pdf`. */
  async pdf(viewer: CampViewer, id: number, now = new Date()) {
    const pack = await this.pack(viewer, id, 'pdf', now);
    return {
      filename: campPackFileName(pack.activity.id),
      body: await campPackPdf(pack, viewer.name),
    };
  }

  /** The activity `id` for its staff (404 unseen, 403 seen but not staff). */
  private async staffActivity(viewer: CampViewer, id: number): Promise<CampActivityRow> {
    await this.access.require(viewer, 'activity.staff', id);
    const activity = await this.repo().activity(id);
    if (!activity) throw new AppError(404, ACTIVITY_ERRORS.notFound);
    return activity;
  }

  /** Every cell of the activity's roll, for its staff. */
  async attendance(viewer: CampViewer, id: number): Promise<{ marks: AttendanceMark[] }> {
    await this.staffActivity(viewer, id);
    return { marks: toMarks(await this.repo().marks(id)) };
  }

  /**
   * Merges the marks a scouter's browser sends (made offline, maybe hours ago) into the roll, in
   * one transaction: per cell the latest mark wins (decision 179). A child never signed up is a
   * 400, and nothing of the batch is written; the marks of a child who no longer goes are left
   * out; a cancelled activity takes no roll (409). Answers
   * every cell of the roll after the merge.
   */
  async syncAttendance(
    viewer: CampViewer,
    id: number,
    input: readonly AttendanceMarkInput[],
    now = new Date(),
  ): Promise<{ marks: AttendanceMark[] }> {
    const activity = await this.staffActivity(viewer, id);
    if (activity.status === 'cancelada') throw new AppError(409, CAMP_ERRORS.attendanceClosed);
    const { first, last } = rollDays(activity);
    if (input.some((mark) => mark.day < first || mark.day > last)) {
      throw new AppError(400, CAMP_ERRORS.attendanceDayOutside);
    }
    const marks = latestPerCell(input, viewer.id);
    const childIds = [...new Set(marks.map((mark) => mark.child_id))];
    const syncedAt = now.toISOString();
    const rows = await this.ctx.db.kysely.transaction().execute(async (trx) => {
      // Read in the transaction: a child whose family said «No va» meanwhile takes no mark, but
      // the rest of the batch is kept, so a scouter's queue made offline never sticks on it.
      // A child never signed up to the activity is a bad request.
      const going = new Set(await campChildIds(trx, id, childIds));
      const repo = new CampPackRepository(trx);
      const answered = new Set(await repo.signedUpChildIds(id, childIds));
      if (childIds.some((child) => !answered.has(child))) {
        throw new AppError(400, CAMP_MSG.attendanceInvalid);
      }
      await repo.mergeMarks(
        marks
          .filter((mark) => going.has(mark.child_id))
          .map((mark) => ({
            activity_id: id,
            child_id: mark.child_id,
            day: mark.day,
            moment: mark.moment,
            present: mark.present ? 1 : 0,
            marked_by: viewer.id,
            marked_at: mark.marked_at,
            synced_at: syncedAt,
          })),
      );
      return repo.marks(id);
    });
    return { marks: toMarks(rows) };
  }
}
