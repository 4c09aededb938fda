import type { AuditEventsList } from '@graphium/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { type AuditLogParams, auditLogKeys, toAuditQuery } from './query-keys';

async function getAuditEvents(params: AuditLogParams): Promise<AuditEventsList> {
  const response = await apiClient.get<AuditEventsList>('/audit-events', { params: toAuditQuery(params) });
  return response.data;
}

function auditEventsQueryOptions(params: AuditLogParams) {
  return queryOptions({
    queryKey: auditLogKeys.list(params),
    queryFn: () => getAuditEvents(params),
    placeholderData: keepPreviousData,
  });
}

/** Only admins may read the log: others never ask. */
export function useAuditEvents(params: AuditLogParams, { enabled }: { enabled: boolean }) {
  return useQuery({ ...auditEventsQueryOptions(params), enabled });
}
