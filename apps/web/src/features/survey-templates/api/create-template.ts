import { fromVersionWire, type NewTemplate, type TemplateWire, toCreateWire } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { templateKeys } from './query-keys';
import { kindConfigs, type TemplateKind, type TemplateVersion } from './template-kind';

export type CreateTemplateVariables = NewTemplate;

async function createTemplate(
  kind: TemplateKind,
  template: CreateTemplateVariables,
): Promise<TemplateVersion> {
  const response = await apiClient.post<TemplateWire[TemplateKind]['version']>(
    `${kindConfigs[kind].path}/`,
    toCreateWire(kind, template),
  );
  return fromVersionWire(kind, response.data);
}

export function useCreateTemplate(kind: TemplateKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: CreateTemplateVariables) => createTemplate(kind, variables),
    onSuccess: (version) => {
      queryClient.setQueryData(templateKeys.version(kind, version.versionId), version);
      // A template made from a base changes that base's usage count.
      void queryClient.invalidateQueries({ queryKey: templateKeys.lists('base') });
      return queryClient.invalidateQueries({ queryKey: templateKeys.lists(kind) });
    },
  });
}
