import { type Db, type Executor, executorOf } from '../../db/database.js';
import { ON_CAMP_SETTINGS } from '../../db/migrations/020-on-camp.js';

/** The group settings this module reads and writes (migrations 019 and 020). */
export const SAFEGUARDING_KEYS = {
  staffRatio: 'staff_ratio',
  renewalMonths: 'certificate_renewal_months',
  retentionDays: 'health_retention_days',
  delegateUserId: 'protection_delegate_user_id',
  delegateName: 'protection_delegate_name',
  delegateContact: 'protection_delegate_contact',
} as const;
type SafeguardingKey = (typeof SAFEGUARDING_KEYS)[keyof typeof SAFEGUARDING_KEYS];

/** The camp settings as numbers; a missing or damaged row reads as a new installation has it. */
export interface CampSettings {
  staff_ratio: number;
  certificate_renewal_months: number;
  health_retention_days: number;
  protection_delegate_user_id: number | null;
  protection_delegate_contact: string;
}

/** An adult who may be staff, in charge or delegado/a: a scouter or an admin. */
export interface AdultRow {
  id: number;
  name: string;
  email: string;
  role: 'scouter' | 'admin';
}

/** An adult's latest certificado seen (by its date), and who checked it. */
export interface CertificateRow {
  user_id: number;
  issued_on: string;
  checked_at: string;
  checked_by_name: string | null;
}

const whole = (value: string | undefined, fallback: string): number => {
  const n = Number(value === undefined || value === '' ? fallback : value);
  return Number.isInteger(n) ? n : Number(fallback);
};

/**
 * The SQL of the adults' safeguarding (migration 020): the certificados seen, the reminders sent,
 * and the group settings of the camp (ratio, renewal, retention, delegado/a).
 */
export class SafeguardingRepository {
  private readonly db: Executor;

  constructor(db: Db | Executor) {
    this.db = executorOf(db);
  }

  /** Every camp setting, in one query. */
  async settings(): Promise<CampSettings> {
    const rows = await this.db
      .selectFrom('group_settings')
      .select(['key', 'value'])
      .where('key', 'in', Object.values(SAFEGUARDING_KEYS))
      .execute();
    const stored = new Map(rows.map((row) => [row.key, row.value]));
    const delegate = Number(stored.get(SAFEGUARDING_KEYS.delegateUserId) ?? '');
    return {
      staff_ratio: whole(stored.get('staff_ratio'), ON_CAMP_SETTINGS.staff_ratio),
      certificate_renewal_months: whole(
        stored.get('certificate_renewal_months'),
        ON_CAMP_SETTINGS.certificate_renewal_months,
      ),
      health_retention_days: whole(
        stored.get('health_retention_days'),
        ON_CAMP_SETTINGS.health_retention_days,
      ),
      protection_delegate_user_id: Number.isInteger(delegate) && delegate > 0 ? delegate : null,
      protection_delegate_contact: stored.get(SAFEGUARDING_KEYS.delegateContact) ?? '',
    };
  }

  /** Sets one setting (its row, whether or not it was there). */
  async setSetting(key: SafeguardingKey, value: string, by: number, now: string): Promise<void> {
    await this.db
      .insertInto('group_settings')
      .values({ key, value, updated_by: by, updated_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_by: by, updated_at: now }))
      .execute();
  }

  /** The scouters and admins (only `ids` of them when given), by name. */
  adults(ids?: readonly number[]): Promise<AdultRow[]> {
    if (ids?.length === 0) return Promise.resolve([]);
    let query = this.db
      .selectFrom('users')
      .select(['id', 'name', 'email', 'role'])
      .where('role', 'in', ['scouter', 'admin']);
    if (ids) query = query.where('id', 'in', [...new Set(ids)]);
    return query.orderBy('name').orderBy('id').execute() as Promise<AdultRow[]>;
  }

  /** Accounts `ids` (whatever their role): id, name and role. */
  accounts(ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('users')
      .select(['id', 'name', 'role'])
      .where('id', 'in', [...new Set(ids)])
      .orderBy('name')
      .orderBy('id')
      .execute();
  }

  /** Account `id`'s name and role, whatever the role; undefined when there is none. */
  account(id: number) {
    return this.db
      .selectFrom('users')
      .select(['id', 'name', 'email', 'role'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The latest certificado of each of `userIds` (every adult's when not given). One query. */
  async latestCertificates(userIds?: readonly number[]): Promise<Map<number, CertificateRow>> {
    if (userIds?.length === 0) return new Map();
    let query = this.db
      .selectFrom('safeguarding_certificates as c')
      .leftJoin('users as checker', 'checker.id', 'c.checked_by')
      .select(['c.user_id', 'c.issued_on', 'c.checked_at', 'checker.name as checked_by_name']);
    if (userIds) query = query.where('c.user_id', 'in', [...new Set(userIds)]);
    const rows = await query
      .orderBy('c.user_id')
      .orderBy('c.issued_on', 'desc')
      .orderBy('c.id', 'desc')
      .execute();
    const latest = new Map<number, CertificateRow>();
    for (const row of rows) if (!latest.has(row.user_id)) latest.set(row.user_id, row);
    return latest;
  }

  /** Records a certificado seen. */
  async insertCertificate(row: {
    user_id: number;
    issued_on: string;
    checked_by: number;
    checked_at: string;
  }): Promise<void> {
    await this.db.insertInto('safeguarding_certificates').values(row).execute();
  }

  /** Claims reminder `months` of the certificado due on `due` for `userId`; false when sent. */
  async claimReminder(userId: number, due: string, months: number, now: string): Promise<boolean> {
    const result = await this.db
      .insertInto('certificate_reminders')
      .values({ user_id: userId, due_on: due, months_before: months, sent_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'due_on', 'months_before']).doNothing())
      .returning('user_id')
      .executeTakeFirst();
    return result !== undefined;
  }
}
