import type { AuditAction, AuditTargetType } from '@fogata/shared';
import type { Executor } from '../../db/database.js';
import { nowIso } from '../../lib/tokens.js';
import { AuditRepository } from './audit.repository.js';

/** Who acted: the signed-in user (id and name are copied into the entry). */
export interface AuditActor {
  id: number;
  name: string;
}

/** What an entry records. `target.label` is the title, name or address at the time. */
export interface AuditRecord {
  /** `id` null: the app itself (an automatic reminder), named by `name`. */
  actor: AuditActor | { id: null; name: string };
  action: AuditAction;
  target: { type: AuditTargetType; id: number | null; label?: string | null };
  /** A few strings worth keeping (e.g. `{ from: 'usuario', to: 'scouter' }`). */
  details?: Record<string, string>;
}

/**
 * Appends one entry to the audit trail. Pass the transaction that makes the change, so the entry
 * commits with it or not at all: `await recordAudit(trx, { actor, action, target, details })`.
 */
export async function recordAudit(executor: Executor, record: AuditRecord): Promise<void> {
  await new AuditRepository(executor).insert({
    actor_id: record.actor.id,
    actor_name: record.actor.name,
    action: record.action,
    target_type: record.target.type,
    target_id: record.target.id,
    target_label: record.target.label ?? null,
    details: record.details ? JSON.stringify(record.details) : null,
    created_at: nowIso(),
  });
}
