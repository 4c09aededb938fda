import { webhookUrlHttpsMessage, webhookUrlInvalidMessage } from '@graphium/shared';

/** What an admin reads when a webhook's address is refused (net/outbound-http.ts checks it). */
export const webhookAddressMessages = {
  https: webhookUrlHttpsMessage,
  invalid: webhookUrlInvalidMessage,
  unresolved: 'The webhook host could not be found. Check the URL.',
  private: 'The webhook URL points to a private or local network address; only public addresses are allowed.',
} as const;
