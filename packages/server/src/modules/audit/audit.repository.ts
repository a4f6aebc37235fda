import type { AuditAction, AuditEntry, AuditTargetType } from '@fogata/shared';
import type { Insertable, Selectable } from 'kysely';
import { type Db, type Executor, executorOf } from '../../db/database.js';
import type { AuditLogTable } from '../../db/schema.js';

export type AuditRow = Selectable<AuditLogTable>;

/** The API shape of an entry: details parsed back from their JSON text. */
export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    actor_id: row.actor_id,
    actor_name: row.actor_name,
    action: row.action as AuditAction,
    target_type: row.target_type as AuditTargetType,
    target_id: row.target_id,
    target_label: row.target_label,
    details: row.details ? (JSON.parse(row.details) as Record<string, string>) : null,
    created_at: row.created_at,
  };
}

/** SQL on `audit_log`: insert and read, nothing else (the table refuses updates and deletes). */
export class AuditRepository {
  private readonly db: Executor;

  constructor(db: Db | Executor) {
    this.db = executorOf(db);
  }

  async insert(entry: Insertable<AuditLogTable>): Promise<void> {
    await this.db.insertInto('audit_log').values(entry).execute();
  }

  /** One page, newest first (ties by id, so a page never repeats or skips an entry). */
  page(offset: number, limit: number): Promise<AuditRow[]> {
    return this.db
      .selectFrom('audit_log')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    // PostgreSQL returns count() as a string (bigint).
    return Number(row.n);
  }
}
