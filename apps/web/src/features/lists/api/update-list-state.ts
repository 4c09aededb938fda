import type { List, ListState } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { listKeys } from './query-keys';

type UpdateListStateVariables = { listId: string; stateCode: ListState };

/** docs/product-rules.md#lookup-lists: publish, unpublish or archive. */
async function updateListState({ listId, stateCode }: UpdateListStateVariables): Promise<List> {
  const response = await apiClient.patch<List>(`/lists/${encodeURIComponent(listId)}/state`, { stateCode });
  return response.data;
}

export function useUpdateListState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateListState,
    onSuccess: (list) => {
      queryClient.setQueryData(listKeys.detail(list.listId), list);
      return queryClient.invalidateQueries({ queryKey: listKeys.summaries() });
    },
    onError: (_error, { listId }) => queryClient.invalidateQueries({ queryKey: listKeys.detail(listId) }),
  });
}
