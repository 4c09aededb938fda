import type { CreateListInput, List } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { listKeys } from './query-keys';

async function createList(input: CreateListInput): Promise<List> {
  const response = await apiClient.post<List>('/lists/', input);
  return response.data;
}

export function useCreateList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createList,
    onSuccess: (list) => {
      queryClient.setQueryData(listKeys.detail(list.listId), list);
      return queryClient.invalidateQueries({ queryKey: listKeys.summaries() });
    },
  });
}
