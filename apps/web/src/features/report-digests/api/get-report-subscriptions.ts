import type { ReportSubscriptionsReply } from '@graphium/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { reportDigestKeys } from './query-keys';

/** `GET /report-subscriptions`: the caller's digests, or every member's (admins, `workspace`). */
async function getReportSubscriptions(who: 'mine' | 'workspace'): Promise<ReportSubscriptionsReply> {
  const response = await apiClient.get<ReportSubscriptionsReply>(
    who === 'workspace' ? '/report-subscriptions?who=workspace' : '/report-subscriptions',
  );
  return response.data;
}

function reportSubscriptionsQueryOptions(who: 'mine' | 'workspace') {
  return queryOptions({
    queryKey: reportDigestKeys.subscriptions(who),
    queryFn: () => getReportSubscriptions(who),
  });
}

export function useReportSubscriptions(
  who: 'mine' | 'workspace' = 'mine',
  options: { enabled?: boolean } = {},
) {
  return useQuery({ ...reportSubscriptionsQueryOptions(who), enabled: options.enabled ?? true });
}
