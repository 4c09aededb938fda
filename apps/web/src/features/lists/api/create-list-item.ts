import type { ListItem, RawListItemValues } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { listKeys } from './query-keys';

type CreateListItemVariables = { listId: string; listItemProperties: RawListItemValues };

async function createListItem({ listId, listItemProperties }: CreateListItemVariables): Promise<ListItem> {
  const response = await apiClient.post<ListItem>(`/lists/${encodeURIComponent(listId)}/item`, {
    listItemProperties,
  });
  return response.data;
}

export function useCreateListItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createListItem,
    onSuccess: (_item, { listId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: listKeys.detail(listId) }),
        queryClient.invalidateQueries({ queryKey: listKeys.summaries() }),
      ]),
  });
}
