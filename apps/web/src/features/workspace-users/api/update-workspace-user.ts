import type { UpdateWorkspaceUser, WorkspaceUser } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { workspaceUserKeys } from './query-keys';

type UpdateWorkspaceUserInput = { accountId: string; changes: UpdateWorkspaceUser };

async function updateWorkspaceUser({ accountId, changes }: UpdateWorkspaceUserInput): Promise<WorkspaceUser> {
  const response = await apiClient.patch<WorkspaceUser>(
    `/workspaces/users/${encodeURIComponent(accountId)}`,
    changes,
  );
  return response.data;
}

export function useUpdateWorkspaceUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWorkspaceUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: workspaceUserKeys.all }),
  });
}
