import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { templateKeys } from './query-keys';
import { kindConfigs, type TemplateKind, type TemplateSummary, toTemplateSummary } from './template-kind';

/** Part 2 §9: the base template list stays fresh for 10 minutes, other data 5. */
const baseListStaleTimeMs = 10 * 60 * 1000;

export async function getTemplates(kind: TemplateKind): Promise<TemplateSummary[]> {
  const { path, prefix } = kindConfigs[kind];
  const response = await apiClient.get<Record<string, Record<string, unknown>[]>>(`${path}/`);
  return (response.data[`${prefix}s`] ?? []).map((item) => toTemplateSummary(kind, item));
}

export function templatesQueryOptions(kind: TemplateKind) {
  return queryOptions({
    queryKey: templateKeys.lists(kind),
    queryFn: () => getTemplates(kind),
    ...(kind === 'base' ? { staleTime: baseListStaleTimeMs } : {}),
  });
}

export function useTemplates(kind: TemplateKind) {
  return useQuery(templatesQueryOptions(kind));
}
