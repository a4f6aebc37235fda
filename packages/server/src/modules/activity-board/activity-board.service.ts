import {
  ACTIVITY_BOARD_ERRORS,
  ACTIVITY_ERRORS,
  ACTIVITY_TIME_ZONE,
  type Board,
  type BoardRow,
  ACTIVITY_BOARD_MESSAGES as M,
  type Payment,
  type PaymentInput,
  type RemindersResult,
  ROUTES,
} from '@fogata/shared';
import { Access } from '../../access/access.js';
import {
  activityAudienceChildren,
  familyAccounts,
  ownActiveChildren,
} from '../../access/activity-access.js';
import type { Viewer } from '../../access/viewer.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { PeriodicCheck } from '../../lib/periodic-check.js';
import { nowIso } from '../../lib/tokens.js';
import type { MailMessage } from '../../mail/mailer.js';
import { layout } from '../../mail/templates.js';
import { ActivitiesService } from '../activities/activities.service.js';
import { type AuditActor, recordAudit } from '../audit/audit.js';
import { activityStaff } from '../camp-staff/camp-staff.service.js';
import {
  ActivityBoardRepository,
  type BoardActivityRow,
  type PendingActivityRow,
  type PendingFamily,
} from './activity-board.repository.js';
import { boardCounts, boardRows } from './board.js';
import {
  exportFileName,
  formatEuros,
  formatWhen,
  participantsCsv,
  participantsOf,
  participantsPdf,
} from './participants-export.js';

/** Who acts: the signed-in account. */
export type BoardActor = AuditActor & NonNullable<Viewer>;

/** The automatic reminders: how long before the sign-up closes each goes out. */
export const AUTOMATIC_REMINDERS = [
  { reminder: '7d', beforeMs: 7 * 24 * 3600_000 },
  { reminder: '2d', beforeMs: 2 * 24 * 3600_000 },
] as const;

/** An export: its file name and content. */
export interface ExportFile<T> {
  filename: string;
  body: T;
}

/**
 * The scouters' board of an activity (every child of its audience: answer, autorización,
 * payment, answers), the payments marked by hand, the reminders to the families who have not
 * answered, and the participants' exports. Each read is a constant number of queries, however
 * many children.
 */
export class ActivityBoardService {
  private readonly access: Access;

  constructor(private readonly ctx: AppContext) {
    this.access = new Access(ctx);
  }

  private repo() {
    return new ActivityBoardRepository(this.ctx.db);
  }

  /** The activity, when `viewer` manages it; else the policy's error (404, or 403 when seen). */
  private async managed(viewer: Viewer, id: number): Promise<BoardActivityRow> {
    await this.access.require(viewer, 'activity.manage', id);
    const activity = await this.repo().activity(id);
    if (!activity) throw new AppError(404, ACTIVITY_ERRORS.notFound);
    return activity;
  }

  private async rowsOf(
    viewer: Viewer,
    activity: Pick<BoardActivityRow, 'id' | 'both_guardians'>,
  ): Promise<BoardRow[]> {
    const repo = this.repo();
    const children = await activityAudienceChildren(this.ctx.db.kysely, [activity.id]);
    const [sections, statuses, payments] = await Promise.all([
      repo.sections(children.map((c) => c.section_id)),
      new ActivitiesService(this.ctx).statusesOf(
        viewer,
        { id: activity.id, both_guardians: activity.both_guardians === 1 },
        children,
      ),
      repo.payments(activity.id),
    ]);
    return boardRows({ children, sections, statuses, payments });
  }

  /**
   * The board's rows of the children who go («Va») to activity `activity`, by section then name:
   * the camp pack's roster with its autorización and payment. It checks nothing of `viewer`: its
   * caller has (the activity's staff, in the camp window). The board's queries, however many.
   */
  async goingRows(
    viewer: Viewer,
    activity: Pick<BoardActivityRow, 'id' | 'both_guardians'>,
  ): Promise<BoardRow[]> {
    return participantsOf(await this.rowsOf(viewer, activity));
  }

  /** The board: the activity as its manager reads it, the rows, the counts and the staff. */
  async board(viewer: Viewer, id: number): Promise<Board> {
    const rows = await this.rowsOf(viewer, await this.managed(viewer, id));
    const [activity, staff] = await Promise.all([
      new ActivitiesService(this.ctx).get(viewer, id),
      activityStaff(this.ctx.db.kysely, id, viewer?.id ?? null),
    ]);
    return { activity, counts: boardCounts(rows), rows, staff };
  }

  /** A child of the audience of a managed activity, or the error of one that is not. */
  private async audienceChild(viewer: Viewer, id: number, childId: number) {
    const activity = await this.managed(viewer, id);
    if ((await activityAudienceChildren(this.ctx.db.kysely, [id], [childId])).length === 0) {
      throw new AppError(404, ACTIVITY_ERRORS.childNotInAudience);
    }
    return activity;
  }

  /** Marks what a child's family paid (replacing what was marked), with its audit entry. */
  async setPayment(
    actor: BoardActor,
    id: number,
    childId: number,
    input: PaymentInput,
  ): Promise<Payment> {
    const activity = await this.audienceChild(actor, id, childId);
    const recordedAt = nowIso();
    await this.ctx.db.kysely.transaction().execute(async (trx) => {
      await new ActivityBoardRepository(trx).setPayment({
        activity_id: id,
        child_id: childId,
        amount_cents: input.amount_cents,
        method: input.method,
        recorded_by: actor.id,
        recorded_at: recordedAt,
      });
      // The child by number, never by name (as the consent register's entries).
      await recordAudit(trx, {
        actor,
        action: 'activity.payment_recorded',
        target: { type: 'activity', id, label: activity.title },
        details: {
          child: String(childId),
          amount_cents: String(input.amount_cents),
          method: input.method,
        },
      });
    });
    return { amount_cents: input.amount_cents, method: input.method, recorded_at: recordedAt };
  }

  /** Unmarks a child's payment (nothing marked: still a success), with its audit entry. */
  async deletePayment(actor: BoardActor, id: number, childId: number): Promise<void> {
    const activity = await this.audienceChild(actor, id, childId);
    await this.ctx.db.kysely.transaction().execute(async (trx) => {
      if (!(await new ActivityBoardRepository(trx).deletePayment(id, childId))) return;
      await recordAudit(trx, {
        actor,
        action: 'activity.payment_deleted',
        target: { type: 'activity', id, label: activity.title },
        details: { child: String(childId) },
      });
    });
  }

  /**
   * «Recordar a las familias pendientes»: a mail to every family with a child of the audience
   * who has not answered, once per family however many children, while the sign-up is open.
   */
  async remind(actor: BoardActor, id: number): Promise<RemindersResult> {
    const activity = await this.managed(actor, id);
    const now = nowIso();
    if (!signupsOpen(activity, now)) throw new AppError(409, ACTIVITY_BOARD_ERRORS.remindersClosed);
    // One a day by hand: a second click the same day (or another manager's) mails nobody again.
    const families = await this.sendReminders(
      activity,
      `manual:${madridDay(new Date(now))}`,
      actor,
    );
    return { families };
  }

  /**
   * The families to remind of activity `activityId`: every account that answers for an active
   * child of its audience who has not answered yet, with how many such children, once each.
   */
  private async pendingFamilies(activityId: number): Promise<PendingFamily[]> {
    const db = this.ctx.db.kysely;
    const [children, signups] = await Promise.all([
      activityAudienceChildren(db, [activityId]),
      this.repo().signups(activityId),
    ]);
    const answered = new Set(signups.map((s) => s.child_id));
    const pending = children.filter((c) => !answered.has(c.id)).map((c) => c.id);
    const families = new Map<number, PendingFamily>();
    for (const account of await familyAccounts(db, pending)) {
      const family = families.get(account.id) ?? {
        user_id: account.id,
        name: account.name,
        email: account.email,
        pending: 0,
      };
      family.pending += 1;
      families.set(account.id, family);
    }
    return [...families.values()];
  }

  /**
   * Sends reminder `reminder` of `activity` to each pending family not yet sent it, through the
   * mail queue; each claim and its mail commit together. Returns how many families got it.
   */
  private async sendReminders(
    activity: BoardActivityRow,
    reminder: string,
    actor: AuditActor | null,
  ): Promise<number> {
    const families = await this.pendingFamilies(activity.id);
    const now = nowIso();
    let sent = 0;
    await this.ctx.db.kysely.transaction().execute(async (trx) => {
      const repo = new ActivityBoardRepository(trx);
      for (const family of families) {
        if (!(await repo.claimReminder(activity.id, reminder, family.user_id, now))) continue;
        await this.ctx.mailQueue.enqueue(this.reminderMail(activity, family, family.pending), {
          trx,
        });
        sent += 1;
      }
      if (sent === 0) return;
      await recordAudit(trx, {
        actor: actor ?? { id: null, name: M.automaticActor },
        action: 'activity.reminders_sent',
        target: { type: 'activity', id: activity.id, label: activity.title },
        details: {
          reminder: reminder.startsWith('manual:') ? 'manual' : reminder,
          families: String(sent),
        },
      });
    });
    if (sent > 0) this.ctx.mailQueue.kick();
    return sent;
  }

  private reminderMail(
    activity: BoardActivityRow,
    family: { email: string },
    pending: number,
  ): MailMessage {
    const { publicUrl, group } = this.ctx.config;
    const link = `${publicUrl}${ROUTES.activity.getHref(activity.id)}`;
    const paragraphs = [
      'Hola:',
      M.reminderBody(activity.title, pending, formatWhen(activity.signup_deadline)),
      M.reminderAsk,
    ];
    return {
      to: family.email,
      subject: M.reminderSubject(activity.title),
      text: `${paragraphs.join('\n\n')}\n\n${link}\n`,
      html: layout(group.name, paragraphs, link, M.reminderButton),
      link,
    };
  }

  /**
   * The automatic reminders due at `now`: for each published activity whose sign-up closes
   * within seven days, the latest reminder whose time has come ('7d', then '2d'), to the families
   * not sent it yet. Safe with several instances: the reminders' key lets one send each.
   */
  async sendDueReminders(now = new Date()): Promise<number> {
    const longest = Math.max(...AUTOMATIC_REMINDERS.map((r) => r.beforeMs));
    const due = await this.repo().openClosingBy(
      now.toISOString(),
      new Date(now.getTime() + longest).toISOString(),
    );
    let sent = 0;
    for (const { id, signup_deadline } of due) {
      const left = Date.parse(signup_deadline) - now.getTime();
      const reminder = [...AUTOMATIC_REMINDERS]
        .sort((a, b) => a.beforeMs - b.beforeMs)
        .find((r) => left <= r.beforeMs)?.reminder;
      const activity = await this.repo().activity(id);
      if (!reminder || !activity) continue;
      sent += await this.sendReminders(activity, reminder, null);
    }
    return sent;
  }

  /** The participants as CSV, for a manager of the activity. */
  async csv(viewer: Viewer, id: number): Promise<ExportFile<string>> {
    const activity = await this.managed(viewer, id);
    const [rows, questions] = await Promise.all([
      this.rowsOf(viewer, activity),
      this.repo().questions(id),
    ]);
    return {
      filename: exportFileName(activity.title, 'csv'),
      body: participantsCsv(rows, questions),
    };
  }

  /** The participants as a printable A4 PDF, for a manager of the activity. */
  async pdf(viewer: Viewer, id: number): Promise<ExportFile<Buffer>> {
    const activity = await this.managed(viewer, id);
    const [rows, questions] = await Promise.all([
      this.rowsOf(viewer, activity),
      this.repo().questions(id),
    ]);
    return {
      filename: exportFileName(activity.title, 'pdf'),
      body: await participantsPdf(activity, rows, questions),
    };
  }
}

const dayInMadrid = new Intl.DateTimeFormat('en-CA', { timeZone: ACTIVITY_TIME_ZONE });

/** The day of `date` in Madrid, `YYYY-MM-DD`. */
function madridDay(date: Date): string {
  return dayInMadrid.format(date);
}

/** Whether an activity still takes answers at `now`: published, before the deadline. */
function signupsOpen(activity: BoardActivityRow, now: string): boolean {
  return activity.status === 'publicada' && activity.signup_deadline > now;
}

/**
 * The coming activities, sign-up still open, for which member `userId` has a child who has not
 * answered (the digest lists them). A few queries, however many activities and children.
 */
export async function pendingActivitiesFor(
  ctx: Pick<AppContext, 'db'>,
  userId: number,
  now: string,
): Promise<PendingActivityRow[]> {
  const db = ctx.db.kysely;
  const repo = new ActivityBoardRepository(ctx.db);
  const [children, open] = await Promise.all([
    ownActiveChildren(db, userId),
    repo.openActivities(now),
  ]);
  if (children.length === 0 || open.length === 0) return [];
  const activityIds = open.map((a) => a.id);
  const childIds = children.map((c) => c.id);
  const [audience, answered] = await Promise.all([
    activityAudienceChildren(db, activityIds, childIds),
    repo.answered(activityIds, childIds),
  ]);
  const done = new Set(answered.map((a) => `${a.activity_id}:${a.child_id}`));
  const waiting = new Set(
    audience.filter((c) => !done.has(`${c.activity_id}:${c.id}`)).map((c) => c.activity_id),
  );
  return open.filter((a) => waiting.has(a.id));
}

/**
 * The automatic reminders' check beside the digest's: every instance looks every
 * `config.digest.checkMs`; the reminders' key in the database decides who sends each.
 */
export function activityRemindersJob(ctx: AppContext): PeriodicCheck {
  return new PeriodicCheck((now) => new ActivityBoardService(ctx).sendDueReminders(now), {
    everyMs: ctx.config.digest.checkMs,
    log: ctx.log,
    failure: 'no se pudieron enviar los recordatorios; se reintentará',
  });
}

/** An instant as Spanish date and time in Madrid (the calendar's descriptions say it so too). */
/** Euro cents as Spanish money (the camp pack's PDF writes payments so too). */
export { formatEuros, formatWhen };
