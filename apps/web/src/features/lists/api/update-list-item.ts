import type { ListItem, UpdateListItemInput } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { listKeys } from './query-keys';

type UpdateListItemVariables = { listId: string; itemId: string; changes: UpdateListItemInput };

/** Edits values (merged into the stored ones), or archives and restores the item. */
async function updateListItem({ listId, itemId, changes }: UpdateListItemVariables): Promise<ListItem> {
  const response = await apiClient.patch<ListItem>(
    `/lists/${encodeURIComponent(listId)}/item/${encodeURIComponent(itemId)}`,
    changes,
  );
  return response.data;
}

export function useUpdateListItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateListItem,
    onSuccess: (_item, { listId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: listKeys.detail(listId) }),
        queryClient.invalidateQueries({ queryKey: listKeys.summaries() }),
      ]),
  });
}
