import {
  type CheckedUrl,
  checkOutboundUrl,
  OutboundAddressError,
  postToCheckedUrl,
} from '../../../net/outbound-http.js';
import { ProviderRefusal } from '../failures.js';

// Slack incoming webhooks (docs/architecture.md, decision 008). The URL is typed by a workspace
// admin: its address is checked and pinned by net/outbound-http.ts (no private network, no
// redirects); SLACK_ALLOWED_PRIVATE_HOSTS lets given hosts through (on-premise installs, tests).

const requestTimeoutMs = 10_000;

export class SlackAddressError extends Error {}

const slackAddressMessages = {
  https: 'The Slack webhook URL must start with https://',
  invalid: 'Enter a valid URL, e.g. https://hooks.slack.com/services/...',
  unresolved: 'The Slack webhook host could not be found. Check the URL.',
  private:
    'The Slack webhook URL points to a private or local network address; only public addresses are allowed.',
} as const;

/**
 * Resolves the webhook's host and checks every address it resolves to; answers the address to
 * connect to. Throws a SlackAddressError with a message for the user.
 */
export async function checkWebhookUrl(text: string, allowedHosts: readonly string[]): Promise<CheckedUrl> {
  try {
    return await checkOutboundUrl(text, allowedHosts, slackAddressMessages);
  } catch (error) {
    if (error instanceof OutboundAddressError) throw new SlackAddressError(error.message);
    throw error;
  }
}

/** Posts `{ text }` to a checked webhook; any answer other than 2xx (a redirect too) is a failure. */
export async function postToWebhook(
  checked: CheckedUrl,
  payload: { text: string },
  /** Slack not answering fails the attempt after this long; the job is retried. */
  timeoutMs = requestTimeoutMs,
): Promise<void> {
  const { status, excerpt } = await postToCheckedUrl(
    checked,
    {
      body: JSON.stringify(payload),
      headers: { 'content-type': 'application/json' },
      timeoutMs,
      name: 'Slack',
    },
    200,
  );
  if (status >= 200 && status < 300) return;
  const text = excerpt.slice(0, 200);
  const reason =
    status >= 300 && status < 400
      ? `Slack answered ${status} (a redirect, which is not followed)`
      : `Slack answered ${status}${text ? `: ${text}` : ''}`;
  throw new ProviderRefusal(status, reason);
}
