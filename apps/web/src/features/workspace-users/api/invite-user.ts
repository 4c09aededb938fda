import type { InviteUserInput, PendingInvitation } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { workspaceUserKeys } from './query-keys';

async function inviteUser(input: InviteUserInput): Promise<PendingInvitation> {
  const response = await apiClient.post<PendingInvitation>('/workspaces/invite', input);
  return response.data;
}

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceUserKeys.all }),
  });
}
