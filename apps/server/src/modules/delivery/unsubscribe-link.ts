import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context.js';

// Every survey e-mail carries an unsubscribe link and List-Unsubscribe headers, every SMS says how
// to stop (decision 008). The link's token names the workspace and the contact, signed with the
// session secret so nobody can unsubscribe someone else by guessing; it needs no database row
// and does not expire (an old e-mail's link keeps working, as mail providers expect).

const signatureLength = 22; // 128 bits, base64url

function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret)
    .update(`unsubscribe:${payload}`)
    .digest('base64url')
    .slice(0, signatureLength);
}

export function createUnsubscribeToken(secret: string, workspaceId: string, contact: string): string {
  const payload = Buffer.from(`${workspaceId}\n${contact}`, 'utf8').toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

/** The workspace and contact a token names, or undefined when it is malformed or not ours. */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { workspaceId: string; contact: string } | undefined {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return undefined;
  const expected = Buffer.from(sign(secret, payload));
  const actual = Buffer.from(signature);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return undefined;
  const [workspaceId, contact, ...rest] = Buffer.from(payload, 'base64url').toString('utf8').split('\n');
  if (!workspaceId || !contact || rest.length > 0) return undefined;
  return { workspaceId, contact };
}

/**
 * The link of one survey e-mail (`{PUBLIC_URL}/unsubscribe/{token}`, the page) and its headers:
 * RFC 8058 one-click unsubscribe, where mail providers POST `List-Unsubscribe=One-Click` to the
 * URL of `List-Unsubscribe`, the API call behind the page.
 */
export function unsubscribeOf(
  ctx: AppContext,
  workspaceId: string,
  contact: string,
): { url: string; headers: Record<string, string> } {
  const token = createUnsubscribeToken(ctx.config.sessionSecret, workspaceId, contact);
  return {
    url: `${ctx.config.publicUrl}/unsubscribe/${token}`,
    headers: {
      'List-Unsubscribe': `<${ctx.config.publicUrl}/api/unsubscribe/${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
