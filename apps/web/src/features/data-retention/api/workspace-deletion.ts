import type { WorkspaceDeletion } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authKeys } from '@/features/auth/api/query-keys';
import { apiClient } from '@/lib/api-client';

// Deleting the workspace and restoring it (docs/decisions/044-retention-and-deletions.md): either
// changes what the whole app may show, so the startup reply is read again.

async function requestWorkspaceDeletion(confirmation: string): Promise<WorkspaceDeletion> {
  const response = await apiClient.post<WorkspaceDeletion>('/workspaces/deletion', { confirmation });
  return response.data;
}

async function restoreWorkspace(): Promise<WorkspaceDeletion> {
  const response = await apiClient.delete<WorkspaceDeletion>('/workspaces/deletion');
  return response.data;
}

export function useRequestWorkspaceDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestWorkspaceDeletion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.startup() }),
  });
}

export function useRestoreWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreWorkspace,
    // Every screen may read the workspace again.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
