import type { Invitation } from '@graphium/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { invitationKeys } from './query-keys';

async function getInvitation(workspaceInvitationId: string): Promise<Invitation> {
  const response = await apiClient.get<Invitation>(
    `/workspaces/invitation/${encodeURIComponent(workspaceInvitationId)}`,
  );
  return response.data;
}

function invitationQueryOptions(workspaceInvitationId: string) {
  return queryOptions({
    queryKey: invitationKeys.detail(workspaceInvitationId),
    queryFn: () => getInvitation(workspaceInvitationId),
  });
}

export function useInvitation(workspaceInvitationId: string | undefined) {
  return useQuery({
    ...invitationQueryOptions(workspaceInvitationId ?? ''),
    enabled: Boolean(workspaceInvitationId),
  });
}
