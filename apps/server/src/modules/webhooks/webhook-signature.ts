import { createHmac, randomBytes } from 'node:crypto';
import { webhookSecretPrefix } from '@graphium/shared';

// The Standard Webhooks scheme (https://www.standardwebhooks.com, docs/decisions/036-webhooks.md):
// the secret is `whsec_` and the base64 of the key; the signature is `v1,` and the base64 of
// HMAC-SHA256(key, "<webhook-id>.<webhook-timestamp>.<body>"), the timestamp in whole seconds.

export function newWebhookSecret(): string {
  return `${webhookSecretPrefix}${randomBytes(32).toString('base64')}`;
}

function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.slice(webhookSecretPrefix.length), 'base64');
  const digest = createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${digest}`;
}

/**
 * The headers of one signed request: one signature per secret, space-separated
 * (`v1,<new> v1,<previous>` while a rotated-out secret still signs, decision 047), as Standard
 * Webhooks lets a receiver accept any of them.
 */
export function signedWebhookHeaders(
  secrets: readonly string[],
  id: string,
  timestampSeconds: number,
  body: string,
): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'Graphium-Webhooks/1.0',
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': secrets.map((secret) => signWebhook(secret, id, timestampSeconds, body)).join(' '),
  };
}

/** The `webhook-id` of an event: its row id, in the `msg_` form Standard Webhooks' examples use. */
export function webhookMessageId(eventId: string): string {
  return `msg_${eventId.replaceAll('-', '')}`;
}
