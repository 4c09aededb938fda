import { fromVersionWire, type TemplateWire } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { templateKeys } from './query-keys';
import { kindConfigs, type TemplateKind, type TemplateVersion } from './template-kind';

export type ChangeTemplateStateVariables = { versionId: string; stateCode: 'PUBLISHED' | 'UNPUBLISHED' };

/** Publish or unpublish; publishing unpublishes the template's previously published version. */
async function changeTemplateState(
  kind: TemplateKind,
  { versionId, stateCode }: ChangeTemplateStateVariables,
): Promise<TemplateVersion> {
  const response = await apiClient.patch<TemplateWire[TemplateKind]['version']>(
    `${kindConfigs[kind].path}/${encodeURIComponent(versionId)}/state`,
    { stateCode },
  );
  return fromVersionWire(kind, response.data);
}

export function useChangeTemplateState(kind: TemplateKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: ChangeTemplateStateVariables) => changeTemplateState(kind, variables),
    onSuccess: (version) => {
      queryClient.setQueryData(templateKeys.version(kind, version.versionId), version);
      // Another version of the template may have been unpublished.
      return queryClient.invalidateQueries({ queryKey: templateKeys.all(kind) });
    },
  });
}
