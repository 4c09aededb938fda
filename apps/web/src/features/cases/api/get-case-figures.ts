import type { CaseFigures } from '@graphium/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { caseKeys } from './query-keys';

/** `GET /cases/figures`: cases opened and resolved, median times (the responses summary). */
async function getCaseFigures(templateId: string | undefined): Promise<CaseFigures> {
  const response = await apiClient.get<CaseFigures>('/cases/figures', {
    params: templateId ? { templateId } : {},
  });
  return response.data;
}

function caseFiguresQueryOptions(templateId: string | undefined) {
  return queryOptions({ queryKey: caseKeys.figures(templateId), queryFn: () => getCaseFigures(templateId) });
}

export function useCaseFigures(templateId: string | undefined) {
  return useQuery(caseFiguresQueryOptions(templateId));
}
