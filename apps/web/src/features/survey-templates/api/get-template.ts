import { fromVersionWire, type TemplateWire } from '@graphium/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { templateKeys } from './query-keys';
import { kindConfigs, type TemplateKind, type TemplateVersion } from './template-kind';

async function getTemplate(kind: TemplateKind, versionId: string): Promise<TemplateVersion> {
  const response = await apiClient.get<TemplateWire[TemplateKind]['version']>(
    `${kindConfigs[kind].path}/${encodeURIComponent(versionId)}`,
  );
  return fromVersionWire(kind, response.data);
}

function templateQueryOptions(kind: TemplateKind, versionId: string) {
  return queryOptions({
    queryKey: templateKeys.version(kind, versionId),
    queryFn: () => getTemplate(kind, versionId),
    enabled: versionId !== '',
  });
}

export function useTemplate(kind: TemplateKind, versionId: string) {
  return useQuery(templateQueryOptions(kind, versionId));
}
