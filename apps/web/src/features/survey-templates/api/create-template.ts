import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { templateKeys } from './query-keys';
import { kindConfigs, type TemplateKind, type TemplateVersion, toTemplateVersion } from './template-kind';

export type CreateTemplateVariables = {
  name: string;
  description: string;
  /** Survey templates only: "Use a predefined template" copies this published base version. */
  baseVersionId?: string | undefined;
};

export async function createTemplate(
  kind: TemplateKind,
  { name, description, baseVersionId }: CreateTemplateVariables,
): Promise<TemplateVersion> {
  const { path, prefix } = kindConfigs[kind];
  const body: Record<string, unknown> = { [`${prefix}Name`]: name, [`${prefix}Description`]: description };
  if (kind === 'survey' && baseVersionId) body.baseSurveyTemplateVersionId = baseVersionId;
  const response = await apiClient.post<Record<string, unknown>>(`${path}/`, body);
  return toTemplateVersion(kind, response.data);
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
