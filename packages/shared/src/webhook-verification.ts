// The snippet Settings → Webhooks → Verifying Signatures shows (docs/decisions/036-webhooks.md): a
// receiver's check of our Standard Webhooks signatures with node:crypto alone. A server test runs
// this very text against signed deliveries, so the page never shows code that does not work.

export const webhookVerificationSnippet = `import { createHmac, timingSafeEqual } from 'node:crypto';

/** Your webhook's signing secret (Settings → Webhooks), e.g. from an environment variable. */
const secret = process.env.GRAPHIUM_WEBHOOK_SECRET ?? '';

type Headers = Record<string, string | string[] | undefined>;

/**
 * Checks a delivery from Graphium and answers its payload; throws if it is not one.
 * \`body\` must be the raw request body, exactly as received (not parsed and serialised again).
 */
export function verifyGraphiumWebhook(body: string, headers: Headers, now = Date.now()) {
  const header = (name: string) => [headers[name]].flat()[0] ?? '';
  const id = header('webhook-id');
  const timestamp = header('webhook-timestamp');
  const signatures = header('webhook-signature');
  if (!id || !timestamp || !signatures) throw new Error('Missing webhook headers');
  // Refuse a delivery signed more than five minutes ago (or ahead): a replay.
  if (Math.abs(now / 1000 - Number(timestamp)) > 5 * 60) throw new Error('Stale webhook timestamp');
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(\`\${id}.\${timestamp}.\${body}\`).digest();
  const isValid = signatures.split(' ').some((entry) => {
    const [version, signature] = entry.split(',');
    const given = Buffer.from(signature ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!isValid) throw new Error('Invalid webhook signature');
  return JSON.parse(body) as { type: string; timestamp: string; data: Record<string, unknown> };
}
`;
