import type { AuditEntry, AuditQuery } from '@fogata/shared';
import type { AppContext } from '../../context.js';
import { AuditRepository, toAuditEntry } from './audit.repository.js';

/** The admin panel's read of the audit trail: one page and the total. */
export class AuditService {
  constructor(private readonly ctx: AppContext) {}

  async page({ page, limit }: AuditQuery): Promise<{ entries: AuditEntry[]; total: number }> {
    const repo = new AuditRepository(this.ctx.db);
    const [rows, total] = await Promise.all([repo.page((page - 1) * limit, limit), repo.count()]);
    return { entries: rows.map(toAuditEntry), total };
  }
}
