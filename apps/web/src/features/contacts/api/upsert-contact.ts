import type { Contact, UpsertContactInput } from '@graphium/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { contactKeys } from './query-keys';

/** `POST /contacts`: creates the contact, or updates the one with this address or number. */
async function upsertContact(input: UpsertContactInput): Promise<Contact> {
  const response = await apiClient.post<Contact>('/contacts', input);
  return response.data;
}

export function useUpsertContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: upsertContact,
    onSettled: () => queryClient.invalidateQueries({ queryKey: contactKeys.all }),
  });
}
