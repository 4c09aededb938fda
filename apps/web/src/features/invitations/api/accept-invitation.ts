import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { invitationKeys } from './query-keys';

async function acceptInvitation(workspaceInvitationId: string): Promise<{ workspaceId: string }> {
  const response = await apiClient.patch<{ workspaceId: string }>(
    `/workspaces/invitation/${encodeURIComponent(workspaceInvitationId)}/accept`,
  );
  return response.data;
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: (_reply, workspaceInvitationId) =>
      queryClient.invalidateQueries({ queryKey: invitationKeys.detail(workspaceInvitationId) }),
  });
}
