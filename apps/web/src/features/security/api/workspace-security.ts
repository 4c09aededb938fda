import type { WorkspaceSecurity } from '@graphium/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCurrentStartup } from '@/features/auth/api/get-startup';
import { apiClient } from '@/lib/api-client';
import { securityKeys } from './query-keys';

async function getWorkspaceSecurity(): Promise<WorkspaceSecurity> {
  const response = await apiClient.get<WorkspaceSecurity>('/workspaces/security');
  return response.data;
}

async function updateWorkspaceSecurity(input: WorkspaceSecurity): Promise<WorkspaceSecurity> {
  const response = await apiClient.patch<WorkspaceSecurity>('/workspaces/security', input);
  return response.data;
}

/** The selected workspace's sign-in rule (admins only). */
export function useWorkspaceSecurity({ enabled }: { enabled: boolean }) {
  const workspaceId = useCurrentStartup()?.workspaces[0]?.workspaceId;
  return useQuery({ queryKey: securityKeys.workspace(workspaceId), queryFn: getWorkspaceSecurity, enabled });
}

export function useUpdateWorkspaceSecurity() {
  const queryClient = useQueryClient();
  const workspaceId = useCurrentStartup()?.workspaces[0]?.workspaceId;
  return useMutation({
    mutationFn: updateWorkspaceSecurity,
    onSuccess: (security) => queryClient.setQueryData(securityKeys.workspace(workspaceId), security),
  });
}
