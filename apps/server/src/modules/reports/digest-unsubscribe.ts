import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context.js';

// The link in every digest that ends it (docs/decisions/031-scheduled-reports.md): the token names
// the subscription, signed with the session secret so nobody ends someone else's digest by
// guessing. It needs no row and does not expire, as mail providers expect of such links.

const signatureLength = 22; // 128 bits, base64url

function sign(secret: string, subscriptionId: string): string {
  return createHmac('sha256', secret)
    .update(`digest-unsubscribe:${subscriptionId}`)
    .digest('base64url')
    .slice(0, signatureLength);
}

export function createDigestUnsubscribeToken(secret: string, subscriptionId: string): string {
  return `${subscriptionId}.${sign(secret, subscriptionId)}`;
}

/** The subscription a token names, or undefined when it is malformed or not ours. */
export function readDigestUnsubscribeToken(secret: string, token: string): string | undefined {
  const [subscriptionId, signature, extra] = token.split('.');
  if (!subscriptionId || !signature || extra !== undefined) return undefined;
  if (!/^[0-9a-f-]{36}$/i.test(subscriptionId)) return undefined;
  const expected = Buffer.from(sign(secret, subscriptionId));
  const actual = Buffer.from(signature);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return undefined;
  return subscriptionId;
}

/** The page a person opens, and the RFC 8058 one-click headers mail providers POST to. */
export function digestUnsubscribeOf(
  ctx: AppContext,
  subscriptionId: string,
): { url: string; headers: Record<string, string> } {
  const token = createDigestUnsubscribeToken(ctx.config.sessionSecret, subscriptionId);
  return {
    url: `${ctx.config.publicUrl}/digest-unsubscribe/${token}`,
    headers: {
      'List-Unsubscribe': `<${ctx.config.publicUrl}/api/report-subscriptions/unsubscribe/${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
