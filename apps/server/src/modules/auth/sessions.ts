import type { AppContext } from '../../context.js';
import { createToken } from '../../tokens.js';
import { sessionLifetimeMs } from './authentication.service.js';
import { insertSession } from './sessions.repository.js';

/** Opens a server-side session and answers the token for the cookie. */
export async function startSession(ctx: AppContext, accountId: string): Promise<string> {
  const { token, tokenHash } = createToken();
  await insertSession(ctx.db, {
    tokenHash,
    accountId,
    expiresAt: new Date(ctx.now().getTime() + sessionLifetimeMs),
  });
  return token;
}
