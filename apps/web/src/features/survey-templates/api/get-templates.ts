import { fromListWire, type TemplateWire } from '@graphium/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { templateKeys } from './query-keys';
import { kindConfigs, type TemplateKind, type TemplateSummary } from './template-kind';

/**
 * docs/product-rules.md#survey-templates-and-versions: the base template list stays fresh for 10 minutes,
 * other data 5.
 */
const baseListStaleTimeMs = 10 * 60 * 1000;

async function getTemplates(kind: TemplateKind): Promise<TemplateSummary[]> {
  const response = await apiClient.get<TemplateWire[TemplateKind]['list']>(`${kindConfigs[kind].path}/`);
  return fromListWire(kind, response.data);
}

function templatesQueryOptions(kind: TemplateKind) {
  return queryOptions({
    queryKey: templateKeys.lists(kind),
    queryFn: () => getTemplates(kind),
    ...(kind === 'base' ? { staleTime: baseListStaleTimeMs } : {}),
  });
}

export function useTemplates(kind: TemplateKind) {
  return useQuery(templatesQueryOptions(kind));
}
