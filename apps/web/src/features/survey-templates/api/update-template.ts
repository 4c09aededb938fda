import { fromVersionWire, staleTemplateMessage, type TemplateWire, toChangesWire } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { apiClient } from '@/lib/api-client';
import { templateKeys } from './query-keys';
import { kindConfigs, type TemplateChanges, type TemplateKind, type TemplateVersion } from './template-kind';

export type UpdateTemplateVariables = TemplateChanges & {
  /** The version's `updatedAt` as last read: the server refuses a stale write (409). */
  updatedAt: string;
};

async function updateTemplate(
  kind: TemplateKind,
  versionId: string,
  { updatedAt, ...changes }: UpdateTemplateVariables,
): Promise<TemplateVersion> {
  const response = await apiClient.patch<TemplateWire[TemplateKind]['version']>(
    `${kindConfigs[kind].path}/${encodeURIComponent(versionId)}`,
    toChangesWire(kind, { ...changes, updatedAt }),
  );
  return fromVersionWire(kind, response.data);
}

/** Someone saved this version since it was read (docs/product-rules.md#survey-templates-and-versions). */
export function isStaleWriteError(error: unknown): boolean {
  if (!isAxiosError(error) || error.response?.status !== 409) return false;
  const body = error.response.data as { message?: unknown } | undefined;
  return body?.message === staleTemplateMessage;
}

export function useUpdateTemplate(kind: TemplateKind, versionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: templateKeys.saves(kind, versionId),
    mutationFn: (variables: UpdateTemplateVariables) => updateTemplate(kind, versionId, variables),
    onSuccess: (version) => {
      queryClient.setQueryData(templateKeys.version(kind, versionId), version);
      return queryClient.invalidateQueries({ queryKey: templateKeys.lists(kind) });
    },
  });
}
