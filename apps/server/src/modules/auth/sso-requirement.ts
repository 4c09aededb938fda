import type { AppContext } from '../../context.js';
import { forbidden } from '../../errors.js';
import { findConnectionOfDomain, isAdminOfCustomer } from './sso.repository.js';

// Where a business requires single sign-on (docs/decisions/045-single-sign-on.md).

const ssoRequiredMessage =
  'Your business signs in with single sign-on. Use "Sign In with SSO" with your work email address.';

export function domainOf(emailAddress: string): string {
  const address = emailAddress.trim().toLowerCase();
  return address.slice(address.lastIndexOf('@') + 1);
}

/**
 * Password sign-in (and sign-up) for an address whose domain requires single sign-on is refused,
 * except for an admin of the connection's business: the way back in when the identity provider
 * fails (break-glass).
 */
export async function refusePasswordWhereSsoRequired(
  ctx: AppContext,
  emailAddress: string,
  accountId: string | undefined,
): Promise<void> {
  const connection = await findConnectionOfDomain(ctx.db, domainOf(emailAddress));
  if (!connection?.isRequired) return;
  if (accountId && (await isAdminOfCustomer(ctx.db, accountId, connection.customerId))) return;
  throw forbidden(ssoRequiredMessage);
}
