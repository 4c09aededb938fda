import Bowser from 'bowser';
import type { AppContext } from '../../context.js';
import { createToken } from '../../tokens.js';
import { sessionLifetimeMs } from './authentication.service.js';
import { insertSession } from './sessions.repository.js';

/** Where a sign-in comes from, recorded on its session for Settings → Security. */
export interface ClientInfo {
  userAgent: string | undefined;
  ipAddress: string;
}

/** "Chrome on Linux", from the User-Agent; null when it names neither. */
function describeDevice(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  const { browser, os } = Bowser.parse(userAgent.slice(0, 512));
  if (browser.name && os.name) return `${browser.name} on ${os.name}`;
  return browser.name || os.name || null;
}

/** Opens a server-side session and answers the token for the cookie. */
export async function startSession(ctx: AppContext, accountId: string, client: ClientInfo): Promise<string> {
  const { token, tokenHash } = createToken();
  await insertSession(ctx.db, {
    tokenHash,
    accountId,
    expiresAt: new Date(ctx.now().getTime() + sessionLifetimeMs),
    device: describeDevice(client.userAgent),
    ipAddress: client.ipAddress,
  });
  return token;
}
