import {
  ACTIVITY_ERRORS,
  type ActivityStaff,
  adultsNeeded,
  CAMP_ERRORS,
  CAMP_MSG,
} from '@fogata/shared';
import { Access } from '../../access/access.js';
import type { Viewer } from '../../access/viewer.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { nowIso } from '../../lib/tokens.js';
import {
  campSettings,
  madridDay,
  notCertifiedOn,
  requireCertifiedOn,
} from '../safeguarding/safeguarding.service.js';
import { CampStaffRepository } from './camp-staff.repository.js';

/** Who acts: the signed-in account. */
type StaffActor = NonNullable<Viewer>;

/**
 * The day an activity's adults need their certificado current on: its last day in Madrid (the
 * last week's day when it repeats weekly).
 */
export function lastDay(activity: {
  ends_at: string;
  repeats_weekly_until: string | null;
}): string {
  return activity.repeats_weekly_until ?? madridDay(new Date(activity.ends_at));
}

/**
 * The 409 of naming `userId` staff or in charge of an activity ending as `activity` does, when
 * their certificado negativo is not current on its last day.
 */
export function requireCertifiedFor(
  db: Executor,
  userId: number,
  activity: { ends_at: string; repeats_weekly_until: string | null },
): Promise<void> {
  return requireCertifiedOn(db, [userId], lastDay(activity));
}

/** Adds `userId` to activity `id`'s staff in `db` (a transaction): the person in charge named. */
export function addToStaff(db: Executor, id: number, userId: number, by: number): Promise<void> {
  return new CampStaffRepository(db).add(id, userId, by, nowIso());
}

/**
 * Activity `id`'s staff as `viewerId` reads it: each adult and whether their certificado is
 * current on the last day, and the children who go per adult against the group's setting. Six
 * queries, however many adults and children.
 */
export async function activityStaff(
  db: Executor,
  id: number,
  viewerId: number | null,
): Promise<ActivityStaff> {
  const repo = new CampStaffRepository(db);
  const [activity, staff, children, settings] = await Promise.all([
    repo.activity(id),
    repo.staff(id),
    repo.going(id),
    campSettings(db),
  ]);
  const lacking = activity
    ? new Set(
        (
          await notCertifiedOn(
            db,
            staff.map((s) => s.user_id),
            lastDay(activity),
          )
        ).map((a) => a.id),
      )
    : new Set<number>();
  const perAdult = settings.staff_ratio;
  const needed = adultsNeeded(children, staff.length, perAdult);
  return {
    staff: staff.map((s) => ({
      user_id: s.user_id,
      name: s.name,
      certificate_current: !lacking.has(s.user_id),
    })),
    ratio: { children, adults: staff.length, per_adult: perAdult, needed, short: needed > 0 },
    mine: viewerId !== null && staff.some((s) => s.user_id === viewerId),
  };
}

/**
 * The adults who go to an activity: a scouter or an admin signs up as staff of an activity they
 * see; a manager of the activity adds or removes another. Nobody without a current certificado
 * negativo on the activity's last day.
 */
export class CampStaffService {
  private readonly access: Access;

  constructor(private readonly ctx: AppContext) {
    this.access = new Access(ctx);
  }

  private repo(db: Executor = this.ctx.db.kysely) {
    return new CampStaffRepository(db);
  }

  /** Activity `id`'s staff and ratio, for whoever sees it. */
  async get(viewer: StaffActor, id: number): Promise<ActivityStaff> {
    await this.access.require(viewer, 'activity.see', id);
    return activityStaff(this.ctx.db.kysely, id, viewer.id);
  }

  /** Oneself on an activity one sees, or another adult on one `actor` manages. */
  private async requireMay(actor: StaffActor, id: number, userId: number): Promise<void> {
    await this.access.require(actor, userId === actor.id ? 'activity.see' : 'activity.manage', id);
  }

  /** Names `userId` staff of activity `id`. */
  async add(actor: StaffActor, id: number, userId: number): Promise<ActivityStaff> {
    await this.requireMay(actor, id, userId);
    const repo = this.repo();
    const [activity, account] = await Promise.all([repo.activity(id), repo.account(userId)]);
    if (!activity) throw new AppError(404, ACTIVITY_ERRORS.notFound);
    if (!account) throw new AppError(400, CAMP_MSG.personInvalid);
    if (account.role !== 'scouter' && account.role !== 'admin') {
      throw new AppError(400, CAMP_ERRORS.staffNotAdult);
    }
    await requireCertifiedFor(this.ctx.db.kysely, userId, activity);
    await repo.add(id, userId, actor.id, nowIso());
    return activityStaff(this.ctx.db.kysely, id, actor.id);
  }

  /** Takes `userId` off activity `id`'s staff (oneself, or by a manager). */
  async remove(actor: StaffActor, id: number, userId: number): Promise<ActivityStaff> {
    await this.requireMay(actor, id, userId);
    await this.repo().remove(id, userId);
    return activityStaff(this.ctx.db.kysely, id, actor.id);
  }
}
