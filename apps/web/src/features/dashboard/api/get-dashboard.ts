import type { Dashboard, DashboardQuery } from '@graphium/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dashboardKeys } from './query-keys';

/** `GET /dashboard`: the period's figures beside the previous period's, trend, cases and movers. */
async function getDashboard(query: DashboardQuery): Promise<Dashboard> {
  const response = await apiClient.get<Dashboard>('/dashboard', {
    params: {
      from: query.from,
      to: query.to,
      ...(query.templateIds?.length ? { templateIds: query.templateIds.join(',') } : {}),
    },
  });
  return response.data;
}

function dashboardQueryOptions(query: DashboardQuery) {
  return queryOptions({
    queryKey: dashboardKeys.period(query),
    queryFn: () => getDashboard(query),
    // The figures of the last range stay on screen while another range loads.
    placeholderData: keepPreviousData,
  });
}

export function useDashboard(query: DashboardQuery) {
  return useQuery(dashboardQueryOptions(query));
}
