import { fromVersionWire, type TemplateWire } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { templateKeys } from './query-keys';
import { kindConfigs, type TemplateKind, type TemplateVersion } from './template-kind';

/**
 * Edit on a published or unpublished version (docs/product-rules.md#survey-templates-and-versions): a new
 * draft copying the newest
 * version, or the newest draft when there is one. Takes the TEMPLATE id.
 */
async function createTemplateVersion(kind: TemplateKind, templateId: string): Promise<TemplateVersion> {
  const response = await apiClient.post<TemplateWire[TemplateKind]['version']>(
    `${kindConfigs[kind].path}/${encodeURIComponent(templateId)}/version`,
    {},
  );
  return fromVersionWire(kind, response.data);
}

export function useCreateTemplateVersion(kind: TemplateKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (templateId: string) => createTemplateVersion(kind, templateId),
    onSuccess: (version) => {
      queryClient.setQueryData(templateKeys.version(kind, version.versionId), version);
      // Every version's history now lists the new draft.
      return queryClient.invalidateQueries({ queryKey: templateKeys.all(kind) });
    },
  });
}
