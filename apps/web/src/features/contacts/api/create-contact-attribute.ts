import type { ContactAttribute, CreateContactAttributeInput } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { contactKeys } from './query-keys';

/** `POST /contacts/attributes`: a new typed attribute. */
async function createContactAttribute(input: CreateContactAttributeInput): Promise<ContactAttribute> {
  const response = await apiClient.post<ContactAttribute>('/contacts/attributes', input);
  return response.data;
}

export function useCreateContactAttribute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContactAttribute,
    onSettled: () => queryClient.invalidateQueries({ queryKey: contactKeys.attributes() }),
  });
}
