import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { workspaceUserKeys } from './query-keys';

async function revokeInvitation(workspaceInvitationId: string): Promise<void> {
  await apiClient.delete(`/workspaces/invitation/${encodeURIComponent(workspaceInvitationId)}`);
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceUserKeys.all }),
  });
}
