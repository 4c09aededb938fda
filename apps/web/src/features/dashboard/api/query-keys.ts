import type { DashboardQuery } from '@graphium/shared';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  period: (query: DashboardQuery) => [...dashboardKeys.all, query] as const,
};
