import type { ListProperty, ListPropertyInput } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { listKeys } from './query-keys';

type CreateListPropertyVariables = { listId: string; listProperty: ListPropertyInput };

async function createListProperty({
  listId,
  listProperty,
}: CreateListPropertyVariables): Promise<ListProperty> {
  const response = await apiClient.post<ListProperty>(`/lists/${encodeURIComponent(listId)}/property`, {
    listProperty,
  });
  return response.data;
}

export function useCreateListProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createListProperty,
    onSuccess: (_property, { listId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: listKeys.detail(listId) }),
        queryClient.invalidateQueries({ queryKey: listKeys.summaries() }),
      ]),
  });
}
