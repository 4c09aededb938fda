import { phoneToE164 } from '@graphium/shared';
import type { Config } from '../../../config.js';
import { ProviderRefusal } from '../failures.js';

interface SmsMessage {
  /** As stored on a survey's contact method: E.164, or digits (decision 021). */
  to: string;
  body: string;
}

/** Sends one SMS or throws; implementations: an HTTP provider (Twilio's REST shape) and none. */
export interface SmsTransport {
  readonly isConfigured: boolean;
  send(message: SmsMessage): Promise<void>;
}

const requestTimeoutMs = 10_000;

/**
 * E.164 for the provider: new numbers are stored so (decision 021); digits-only rows (US
 * workspaces) keep today's reading: ten digits are a US number.
 */
export function toE164(stored: string): string {
  return phoneToE164(stored);
}

async function readProviderError(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { message?: unknown };
    if (typeof body.message === 'string' && body.message) return body.message;
  } catch {}
  return text.slice(0, 200) || response.statusText;
}

/**
 * The SMS adapter (docs/architecture.md): `POST {SMS_API_URL}/Accounts/{sid}/Messages.json` with
 * basic authentication (sid:token) and a form body To, From, Body, as Twilio's API takes it.
 * Without SMS_* configuration it is not configured: the outbox keeps the message.
 */
export function createSmsTransport(
  sms: Config['sms'],
  fetchImplementation: typeof fetch = fetch,
  /** A provider that does not answer fails the attempt after this long; the job is retried. */
  timeoutMs = requestTimeoutMs,
): SmsTransport {
  if (!sms) {
    return {
      isConfigured: false,
      async send() {
        throw new Error('No SMS provider is configured (SMS_*)');
      },
    };
  }
  const url = `${sms.apiUrl.replace(/\/+$/, '')}/Accounts/${encodeURIComponent(sms.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${sms.accountSid}:${sms.authToken}`).toString('base64')}`;
  return {
    isConfigured: true,
    async send(message) {
      const response = await fetchImplementation(url, {
        method: 'POST',
        headers: {
          authorization,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({ To: toE164(message.to), From: sms.from, Body: message.body }).toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) {
        throw new ProviderRefusal(
          response.status,
          `The SMS provider answered ${response.status}: ${await readProviderError(response)}`,
        );
      }
      // Drain the body so the connection can be reused.
      await response.arrayBuffer().catch(() => undefined);
    },
  };
}
