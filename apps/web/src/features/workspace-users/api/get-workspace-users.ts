import type { workspaceUsersResponseSchema } from '@graphium/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '@/lib/api-client';
import { workspaceUserKeys } from './query-keys';

export type WorkspaceUsersResponse = z.infer<typeof workspaceUsersResponseSchema>;

async function getWorkspaceUsers(): Promise<WorkspaceUsersResponse> {
  const response = await apiClient.get<WorkspaceUsersResponse>('/workspaces/users');
  return response.data;
}

function workspaceUsersQueryOptions() {
  return queryOptions({ queryKey: workspaceUserKeys.list(), queryFn: getWorkspaceUsers });
}

export function useWorkspaceUsers() {
  return useQuery(workspaceUsersQueryOptions());
}
