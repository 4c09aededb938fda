import { staleTemplateMessage } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { apiClient } from '@/lib/api-client';
import { templateKeys } from './query-keys';
import {
  kindConfigs,
  type TemplateChanges,
  type TemplateKind,
  type TemplateVersion,
  toTemplateVersion,
  toWireChanges,
} from './template-kind';

export type UpdateTemplateVariables = TemplateChanges & {
  /** The version's `updatedAt` as last read: the server refuses a stale write (409). */
  updatedAt: string;
};

export async function updateTemplate(
  kind: TemplateKind,
  versionId: string,
  { updatedAt, ...changes }: UpdateTemplateVariables,
): Promise<TemplateVersion> {
  const response = await apiClient.patch<Record<string, unknown>>(
    `${kindConfigs[kind].path}/${encodeURIComponent(versionId)}`,
    { ...toWireChanges(kind, changes), updatedAt },
  );
  return toTemplateVersion(kind, response.data);
}

/** Someone saved this version since it was read (ARCHITECTURE.md §4). */
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
