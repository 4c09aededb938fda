import type { RecurringSend, RecurringSendStatus } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { contactKeys } from './query-keys';

/** `PATCH /contacts/recurring-sends/{id}`: pause or resume. */
async function updateRecurringSend(input: {
  recurringSendId: string;
  status: RecurringSendStatus;
}): Promise<RecurringSend> {
  const response = await apiClient.patch<RecurringSend>(
    `/contacts/recurring-sends/${encodeURIComponent(input.recurringSendId)}`,
    { status: input.status },
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
