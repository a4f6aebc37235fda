import {
  AUDIT_PAGE_SIZE,
  AUDIT_TOTAL_HEADER,
  type AuditEntry,
  CLIENT_ERRORS,
} from '@fogata/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, toApiError } from '../../../lib/api-client';

export const auditQueryKey = (page: number) => ['admin', 'audit', page] as const;

export interface AuditPage {
  entries: AuditEntry[];
  total: number;
}

/** GET /admin/audit?page&limit: one page of the audit trail, newest first, and the total. */
export async function getAudit(page: number): Promise<AuditPage> {
  try {
    const response = await api.get<AuditEntry[]>('/admin/audit', {
      params: { page, limit: AUDIT_PAGE_SIZE },
    });
    return { entries: response.data, total: Number(response.headers[AUDIT_TOTAL_HEADER] ?? 0) };
  } catch (error) {
    throw toApiError(error, CLIENT_ERRORS.auditList);
  }
}

/** A page of the audit trail; the previous page stays on screen while the next one loads. */
export const useAudit = (page: number) =>
  useQuery({
    queryKey: auditQueryKey(page),
    queryFn: () => getAudit(page),
    placeholderData: keepPreviousData,
  });
