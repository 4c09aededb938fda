import type { List, UpdateListInput } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { listKeys } from './query-keys';

type UpdateListVariables = { listId: string; changes: UpdateListInput };

async function updateList({ listId, changes }: UpdateListVariables): Promise<List> {
  const response = await apiClient.patch<List>(`/lists/${encodeURIComponent(listId)}`, changes);
  return response.data;
}

export function useUpdateList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateList,
    onSuccess: (list) => {
      queryClient.setQueryData(listKeys.detail(list.listId), list);
      return queryClient.invalidateQueries({ queryKey: listKeys.summaries() });
    },
  });
}
