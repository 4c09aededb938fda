import type { CreateRecurringSendInput, RecurringSend } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { contactKeys } from './query-keys';

/** `POST /contacts/recurring-sends`. */
async function createRecurringSend(input: CreateRecurringSendInput): Promise<RecurringSend> {
  const response = await apiClient.post<RecurringSend>('/contacts/recurring-sends', input);
  return response.data;
}

export function useCreateRecurringSend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRecurringSend,
    onSettled: () => queryClient.invalidateQueries({ queryKey: contactKeys.recurringSends() }),
  });
}
