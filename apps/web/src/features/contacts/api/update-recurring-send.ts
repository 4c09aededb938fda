import type { RecurringSend, UpdateRecurringSendInput } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { contactKeys } from './query-keys';

/**
 * `PATCH /contacts/recurring-sends/{id}`: pause or resume, or change the segment and the cadence
 * (docs/decisions/047-connect-gaps.md).
 */
async function updateRecurringSend({
  recurringSendId,
  ...changes
}: UpdateRecurringSendInput & { recurringSendId: string }): Promise<RecurringSend> {
  const response = await apiClient.patch<RecurringSend>(
    `/contacts/recurring-sends/${encodeURIComponent(recurringSendId)}`,
    changes,
  );
  return response.data;
}

export function useUpdateRecurringSend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRecurringSend,
    onSettled: () => queryClient.invalidateQueries({ queryKey: contactKeys.recurringSends() }),
  });
}
