/**
 * Whether a failed delivery is worth trying again (decision 014). Like a mail server's queue: a
 * refusal about the message or its address (SMTP 5xx such as 550; an HTTP provider's 4xx, such
 * as an invalid number) will not change, so the message fails at once; an outage (connection
 * refused or cut, a timeout, SMTP 4xx, HTTP 408, 429 or 5xx) passes, so it is tried again.
 */
export class ProviderRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ProviderRefusal';
  }
}

export function isPermanentFailure(error: unknown): boolean {
  if (error instanceof ProviderRefusal) {
    // A redirect (never followed) or a 4xx says the address or the message is wrong.
    return error.status < 500 && error.status !== 408 && error.status !== 429;
  }
  const responseCode = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
}

/** The first retry after 15 s, doubling, then every 15 minutes at the most. */
const firstRetryDelaySeconds = 15;
const maxRetryDelaySeconds = 15 * 60;

export function retryDelaySeconds(attempt: number): number {
  return Math.min(firstRetryDelaySeconds * 2 ** Math.max(0, attempt - 1), maxRetryDelaySeconds);
}

/**
 * How many attempts fit in the retry lifetime (DELIVERY_RETRY_HOURS): the first at once, then
 * one after each delay while the time since the first stays within the lifetime. Counted in
 * attempts rather than from the message's creation, so a staff member's Send again starts a
 * full lifetime anew.
 */
export function deliveryAttemptLimit(retryHours: number): number {
  const lifetimeSeconds = retryHours * 3600;
  let attempts = 1;
  for (let elapsed = retryDelaySeconds(1); elapsed <= lifetimeSeconds; attempts += 1) {
    elapsed += retryDelaySeconds(attempts + 1);
  }
  return attempts;
}
