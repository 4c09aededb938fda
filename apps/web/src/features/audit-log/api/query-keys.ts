import type { AuditEventsQueryInput } from '@graphium/shared';

/** The filters and page of the audit log, as the screen holds them. */
export type AuditLogParams = {
  action: string;
  actor: string;
  search: string;
  from: string;
  to: string;
  page: number;
  limit: number;
};

export const auditLogKeys = {
  all: ['audit-log'] as const,
  list: (params: AuditLogParams) => [...auditLogKeys.all, 'list', params] as const,
};

/** The query string of the list and the export: empty filters are left out. */
export function toAuditQuery(params: Partial<AuditLogParams>): Record<string, string> {
  const query: AuditEventsQueryInput = {};
  for (const key of ['action', 'actor', 'search', 'from', 'to'] as const) {
    const value = params[key]?.trim();
    if (value) query[key] = value;
  }
  if (params.page !== undefined) query.page = String(params.page);
  if (params.limit !== undefined) query.limit = String(params.limit);
  return query as Record<string, string>;
}
