import type { ListProperty, UpdateListPropertyInput } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { listKeys } from './query-keys';

type UpdateListPropertyVariables = {
  listId: string;
  propertyId: string;
  listProperty: UpdateListPropertyInput['listProperty'];
};

async function updateListProperty({
  listId,
  propertyId,
  listProperty,
}: UpdateListPropertyVariables): Promise<ListProperty> {
  const response = await apiClient.patch<ListProperty>(
    `/lists/${encodeURIComponent(listId)}/property/${encodeURIComponent(propertyId)}`,
    { listProperty },
  );
  return response.data;
}

export function useUpdateListProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateListProperty,
    // A rename or a type change also rewrites the items' values: reload the whole list.
    onSettled: (_property, _error, { listId }) =>
      queryClient.invalidateQueries({ queryKey: listKeys.detail(listId) }),
  });
}
