import {
  type AdultCertificate,
  CAMP_ERRORS,
  CAMP_MSG,
  CERTIFICATE_REMINDER_MONTHS,
  type CertificateState,
  type CertificatesList,
  ROUTES,
  type SafeguardingSettings,
} from '@fogata/shared';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { PeriodicCheck } from '../../lib/periodic-check.js';
import { nowIso } from '../../lib/tokens.js';
import type { MailMessage } from '../../mail/mailer.js';
import { layout } from '../../mail/templates.js';
import { type AuditActor, recordAudit } from '../audit/audit.js';
import {
  certificateState,
  currentOn,
  dueOn,
  longDay,
  madridDay,
  reminderStep,
} from './certificates.js';
import {
  type AdultRow,
  type CampSettings,
  type CertificateRow,
  SAFEGUARDING_KEYS,
  SafeguardingRepository,
} from './safeguarding.repository.js';

/** The day of an instant in Madrid, as the certificados' rules read it. */
export { madridDay };

/** Missing and due first, then the rest (the admin's list). */
const STATE_ORDER: Record<CertificateState, number> = {
  missing: 0,
  expired: 1,
  due_soon: 2,
  current: 3,
};

const byName = new Intl.Collator('es', { sensitivity: 'base', numeric: true });

/** The camp settings: the ratio, the renewal, the retention, the delegado/a's account. */
export function campSettings(db: Executor): Promise<CampSettings> {
  return new SafeguardingRepository(db).settings();
}

/**
 * Of `userIds`, the accounts whose certificado negativo is not current on `day` (the last day of
 * the activity they would go to), by name. Three queries, however many.
 */
export async function notCertifiedOn(
  db: Executor,
  userIds: readonly number[],
  day: string,
): Promise<{ id: number; name: string }[]> {
  if (userIds.length === 0) return [];
  const repo = new SafeguardingRepository(db);
  const [settings, accounts, latest] = await Promise.all([
    repo.settings(),
    repo.accounts(userIds),
    repo.latestCertificates(userIds),
  ]);
  return accounts
    .filter(
      (account) =>
        !certificateCurrent(latest.get(account.id), settings.certificate_renewal_months, day),
    )
    .map(({ id, name }) => ({ id, name }));
}

/** The 409 that keeps an adult without a current certificado out of an activity's staff. */
export async function requireCertifiedOn(
  db: Executor,
  userIds: readonly number[],
  day: string,
): Promise<void> {
  const [first] = await notCertifiedOn(db, userIds, day);
  if (first) throw new AppError(409, CAMP_ERRORS.certificateNotCurrent(first.name));
}

/** Whether `certificate` (an adult's latest) is current on `day`, renewed every `months`. */
export function certificateCurrent(
  certificate: Pick<CertificateRow, 'issued_on'> | undefined,
  months: number,
  day: string,
): boolean {
  return currentOn(certificate ? dueOn(certificate.issued_on, months) : null, day);
}

/** An adult's line in the admin's list, on `day`. */
function adultCertificate(
  adult: AdultRow,
  certificate: CertificateRow | undefined,
  months: number,
  day: string,
): AdultCertificate {
  const due = certificate ? dueOn(certificate.issued_on, months) : null;
  return {
    user_id: adult.id,
    name: adult.name,
    email: adult.email,
    role: adult.role,
    issued_on: certificate?.issued_on ?? null,
    checked_by_name: certificate?.checked_by_name ?? null,
    checked_at: certificate?.checked_at ?? null,
    due_on: due,
    state: certificateState(due, day),
  };
}

/**
 * The adults' certificados negativos (only that one was seen, its date and who checked it: the
 * certificate itself is never stored), the camp settings, and the reminders before a certificado
 * falls due.
 */
export class SafeguardingService {
  constructor(private readonly ctx: AppContext) {}

  private repo(db: Executor = this.ctx.db.kysely) {
    return new SafeguardingRepository(db);
  }

  /** The settings, every scouter and admin, and their latest certificados: three queries. */
  private async everyAdult() {
    const repo = this.repo();
    const [settings, adults, latest] = await Promise.all([
      repo.settings(),
      repo.adults(),
      repo.latestCertificates(),
    ]);
    return { settings, adults, latest };
  }

  /** Every scouter and admin with their latest certificado: missing and due first, then by name. */
  async certificates(now = new Date()): Promise<CertificatesList> {
    const { settings, adults, latest } = await this.everyAdult();
    const day = madridDay(now);
    const months = settings.certificate_renewal_months;
    const list = adults.map((adult) => adultCertificate(adult, latest.get(adult.id), months, day));
    list.sort(
      (a, b) =>
        STATE_ORDER[a.state] - STATE_ORDER[b.state] ||
        (a.due_on ?? '').localeCompare(b.due_on ?? '') ||
        byName.compare(a.name, b.name) ||
        a.user_id - b.user_id,
    );
    return { adults: list, renewal_months: months };
  }

  /** Records that an admin saw `userId`'s certificado of `issuedOn` (audited, never its content). */
  async recordCertificate(
    actor: AuditActor,
    input: { user_id: number; issued_on: string },
    now = new Date(),
  ): Promise<AdultCertificate> {
    if (input.issued_on > madridDay(now)) throw new AppError(400, CAMP_MSG.certificateDateFuture);
    const account = await this.repo().account(input.user_id);
    if (!account) throw new AppError(400, CAMP_MSG.personInvalid);
    if (account.role !== 'scouter' && account.role !== 'admin') {
      throw new AppError(400, CAMP_ERRORS.certificateNotAdult);
    }
    await this.ctx.db.kysely.transaction().execute(async (trx) => {
      await this.repo(trx).insertCertificate({
        user_id: account.id,
        issued_on: input.issued_on,
        checked_by: actor.id,
        checked_at: now.toISOString(),
      });
      await recordAudit(trx, {
        actor,
        action: 'safeguarding.certificate_recorded',
        target: { type: 'user', id: account.id, label: account.name },
        details: { issued_on: input.issued_on },
      });
    });
    const repo = this.repo();
    const [settings, latest] = await Promise.all([
      repo.settings(),
      repo.latestCertificates([account.id]),
    ]);
    return adultCertificate(
      account as AdultRow,
      latest.get(account.id),
      settings.certificate_renewal_months,
      madridDay(now),
    );
  }

  /** The camp settings and the delegado/a (their account's name as it is now). */
  async settings(): Promise<SafeguardingSettings> {
    const repo = this.repo();
    const settings = await repo.settings();
    const delegateId = settings.protection_delegate_user_id;
    const delegate = delegateId === null ? undefined : await repo.account(delegateId);
    return {
      staff_ratio: settings.staff_ratio,
      certificate_renewal_months: settings.certificate_renewal_months,
      health_retention_days: settings.health_retention_days,
      protection_delegate: delegate
        ? {
            user_id: delegate.id,
            name: delegate.name,
            contact: settings.protection_delegate_contact,
          }
        : null,
    };
  }

  /** Changes the camp settings, each change an audit entry (from and to) in one transaction. */
  async setSettings(
    actor: AuditActor,
    input: {
      staff_ratio: number;
      certificate_renewal_months: number;
      health_retention_days: number;
    },
  ): Promise<SafeguardingSettings> {
    await this.ctx.db.kysely.transaction().execute(async (trx) => {
      const repo = this.repo(trx);
      const before = await repo.settings();
      const now = nowIso();
      for (const key of [
        SAFEGUARDING_KEYS.staffRatio,
        SAFEGUARDING_KEYS.renewalMonths,
        SAFEGUARDING_KEYS.retentionDays,
      ] as const) {
        if (before[key] === input[key]) continue;
        await repo.setSetting(key, String(input[key]), actor.id, now);
        await recordAudit(trx, {
          actor,
          action: 'safeguarding.settings_changed',
          target: { type: 'settings', id: null, label: key },
          details: { setting: key, from: String(before[key]), to: String(input[key]) },
        });
      }
    });
    return this.settings();
  }

  /**
   * The reminders due at `now`: for each scouter and admin whose latest certificado falls due
   * within three months, the step (3, 2 or 1 month before) whose day has come, unless already
   * sent. Each claim and its mail commit together, so two instances, a restart or a second run
   * the same day send each once. Returns how many went.
   */
  async sendDueReminders(now = new Date()): Promise<number> {
    const { settings, adults, latest } = await this.everyAdult();
    const day = madridDay(now);
    const due: { adult: AdultRow; due: string; months: number }[] = [];
    for (const adult of adults) {
      const certificate = latest.get(adult.id);
      if (!certificate) continue;
      const on = dueOn(certificate.issued_on, settings.certificate_renewal_months);
      const months = reminderStep(on, day, CERTIFICATE_REMINDER_MONTHS);
      if (months !== null) due.push({ adult, due: on, months });
    }
    if (due.length === 0) return 0;
    let sent = 0;
    const at = now.toISOString();
    await this.ctx.db.kysely.transaction().execute(async (trx) => {
      const claims = this.repo(trx);
      for (const reminder of due) {
        if (!(await claims.claimReminder(reminder.adult.id, reminder.due, reminder.months, at))) {
          continue;
        }
        await this.ctx.mailQueue.enqueue(this.reminderMail(reminder), { trx });
        sent += 1;
      }
    });
    if (sent > 0) this.ctx.mailQueue.kick();
    return sent;
  }

  private reminderMail(reminder: { adult: AdultRow; due: string; months: number }): MailMessage {
    const { publicUrl, group } = this.ctx.config;
    const link = `${publicUrl}${ROUTES.home.getHref()}`;
    const paragraphs = [
      `Hola, ${reminder.adult.name}:`,
      CAMP_MSG.certificateReminderBody(longDay(reminder.due), reminder.months),
      CAMP_MSG.certificateReminderAsk,
    ];
    return {
      to: reminder.adult.email,
      subject: CAMP_MSG.certificateReminderSubject,
      text: `${paragraphs.join('\n\n')}\n\n${link}\n`,
      html: layout(group.name, paragraphs, link, CAMP_MSG.certificateReminderButton),
      link,
    };
  }
}

/**
 * The certificados' reminders beside the digest's check: every instance looks every
 * `config.digest.checkMs` (a day's reminders go on the first check of that day, and a server
 * restarted every night still sends them); the reminders' key decides who sends each, once.
 */
export function certificateRemindersJob(ctx: AppContext): PeriodicCheck {
  return new PeriodicCheck((now) => new SafeguardingService(ctx).sendDueReminders(now), {
    everyMs: ctx.config.digest.checkMs,
    log: ctx.log,
    failure: 'no se pudieron enviar los recordatorios del certificado negativo; se reintentará',
  });
}
