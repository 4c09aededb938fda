import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { templateKeys } from './query-keys';
import { kindConfigs, type TemplateKind, type TemplateVersion, toTemplateVersion } from './template-kind';

export async function getTemplate(kind: TemplateKind, versionId: string): Promise<TemplateVersion> {
  const response = await apiClient.get<Record<string, unknown>>(
    `${kindConfigs[kind].path}/${encodeURIComponent(versionId)}`,
  );
  return toTemplateVersion(kind, response.data);
}

export function templateQueryOptions(kind: TemplateKind, versionId: string) {
  return queryOptions({
    queryKey: templateKeys.version(kind, versionId),
    queryFn: () => getTemplate(kind, versionId),
    enabled: versionId !== '',
  });
}

export function useTemplate(kind: TemplateKind, versionId: string) {
  return useQuery(templateQueryOptions(kind, versionId));
}
